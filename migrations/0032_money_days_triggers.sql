-- 'Faturamento' kept per day and professional (issue 34, docs/decisions/1230). The view is the one
-- SQL statement of what a day of one professional brought: cash/revenue.server.ts `moneyColumns`
-- (received.ts's rule) over her completed appointments of that date, each joined to its closing by
-- the same professional, with the paid closings' payments by method as the Caixa sums them.
-- `money_days` keeps its rows: every write of an appointment, a closing or a payment recounts the
-- day it touches (the old day and the new one when an appointment moves), so a reopened, edited,
-- refunded or deleted closing is counted again from what is stored, never adjusted by a difference.
-- The triggers repeat the view's statement bounded to the day, not `SELECT FROM money_day_figures
-- WHERE ...`: SQLite does not push a day looked up by a subquery (a closing's appointment) into the
-- view's GROUP BY, and would count every day of every professional at each write.
-- tests/integration/money-days.test.ts holds the kept rows to the view and to the pages' SQL.
CREATE VIEW `money_day_figures` AS
SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
  coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
  coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
  coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
  coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
WHERE a.`status` = 'completed'
GROUP BY a.`user_id`, a.`date`;
--> statement-breakpoint
INSERT INTO `money_days` SELECT * FROM `money_day_figures`;
--> statement-breakpoint
CREATE TRIGGER `appointments_money_days_insert` AFTER INSERT ON `appointments` WHEN NEW.`status` = 'completed'
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = NEW.`user_id` AND `date` = NEW.`date`;
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = NEW.`user_id` AND a.`date` = NEW.`date`
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_money_days_update` AFTER UPDATE OF `user_id`, `status`, `date`, `price_cents` ON `appointments`
  WHEN OLD.`status` = 'completed' OR NEW.`status` = 'completed'
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = OLD.`user_id` AND `date` = OLD.`date`;
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = OLD.`user_id` AND a.`date` = OLD.`date`
  GROUP BY a.`user_id`, a.`date`;
  DELETE FROM `money_days` WHERE `user_id` = NEW.`user_id` AND `date` = NEW.`date`;
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = NEW.`user_id` AND a.`date` = NEW.`date`
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_money_days_delete` AFTER DELETE ON `appointments` WHEN OLD.`status` = 'completed'
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = OLD.`user_id` AND `date` = OLD.`date`;
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = OLD.`user_id` AND a.`date` = OLD.`date`
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_money_days_insert` AFTER INSERT ON `cash_closings`
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`);
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`)
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_money_days_update` AFTER UPDATE ON `cash_closings`
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`);
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`)
  GROUP BY a.`user_id`, a.`date`;
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`);
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`)
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_money_days_delete` AFTER DELETE ON `cash_closings`
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`);
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`)
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_payments_money_days_insert` AFTER INSERT ON `cash_payments`
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`));
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`))
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_payments_money_days_update` AFTER UPDATE ON `cash_payments`
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`));
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`))
  GROUP BY a.`user_id`, a.`date`;
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`));
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`))
  GROUP BY a.`user_id`, a.`date`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_payments_money_days_delete` AFTER DELETE ON `cash_payments`
BEGIN
  DELETE FROM `money_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`));
  INSERT INTO `money_days`
  SELECT a.`user_id` AS `user_id`, a.`date` AS `date`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) ELSE 0 END), 0) AS `paid_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`tip_cents` ELSE 0 END), 0) AS `tip_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN c.`deposit_cents` ELSE 0 END), 0) AS `paid_deposit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'pending' THEN c.`deposit_cents` ELSE 0 END), 0) AS `pending_deposit_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN a.`price_cents` ELSE 0 END), 0) AS `unclosed_cents`,
    coalesce(sum(CASE WHEN c.`id` IS NULL THEN 1 ELSE 0 END), 0) AS `unclosed_count`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'pix') ELSE 0 END), 0) AS `pix_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'cash') ELSE 0 END), 0) AS `cash_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'debit') ELSE 0 END), 0) AS `debit_cents`,
    coalesce(sum(CASE WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id` AND p.`method` = 'credit') ELSE 0 END), 0) AS `credit_cents`
  FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
  WHERE a.`status` = 'completed'
    AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`))
  GROUP BY a.`user_id`, a.`date`;
END;
