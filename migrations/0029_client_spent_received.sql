-- 'Total gasto' and the VIP rule follow the money received (issue 32, docs/decisions/1060): a
-- client's spent_cents is their share of 'Faturamento' (docs/decisions/0920), the rule of
-- app/domain/cash/received.ts applied to each completed appointment: with a paid closing, its
-- payments less the tip plus the deposit deducted; with a pending one, its deposit only; without
-- a closing, its list price. tests/integration/client-spent.test.ts holds it to the Caixa's SQL
-- (cash/revenue.server.ts). The appointments' triggers of figures_visits are recreated with it,
-- and closings and payments recount their client's spent_cents (only while the appointment is
-- completed). Existing rows are recounted once here.
UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed');
--> statement-breakpoint
DROP TRIGGER IF EXISTS `appointments_client_figures_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `appointments_client_figures_update`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `appointments_client_figures_delete`;
--> statement-breakpoint
CREATE TRIGGER `appointments_client_figures_insert` AFTER INSERT ON `appointments` WHEN NEW.`client_id` IS NOT NULL
BEGIN
  UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show'),
    `visit_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_visit_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` = NEW.`client_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_client_figures_update` AFTER UPDATE OF `client_id`, `user_id`, `status`, `date`, `price_cents` ON `appointments`
BEGIN
  UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show'),
    `visit_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_visit_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (OLD.`client_id`, NEW.`client_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_client_figures_delete` AFTER DELETE ON `appointments` WHEN OLD.`client_id` IS NOT NULL
BEGIN
  UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show'),
    `visit_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_visit_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` = OLD.`client_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_client_spent_insert` AFTER INSERT ON `cash_closings`
BEGIN
  UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (SELECT a.`client_id` FROM `appointments` a WHERE a.`id` = NEW.`appointment_id` AND a.`status` = 'completed');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_client_spent_update` AFTER UPDATE OF `status`, `tip_cents`, `deposit_cents`, `appointment_id`, `user_id` ON `cash_closings`
BEGIN
  UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (SELECT a.`client_id` FROM `appointments` a WHERE a.`id` = OLD.`appointment_id` AND a.`status` = 'completed' UNION SELECT a.`client_id` FROM `appointments` a WHERE a.`id` = NEW.`appointment_id` AND a.`status` = 'completed');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_client_spent_delete` AFTER DELETE ON `cash_closings`
BEGIN
  UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (SELECT a.`client_id` FROM `appointments` a WHERE a.`id` = OLD.`appointment_id` AND a.`status` = 'completed');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_payments_client_spent_insert` AFTER INSERT ON `cash_payments`
BEGIN
  UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (SELECT a.`client_id` FROM `cash_closings` c JOIN `appointments` a ON a.`id` = c.`appointment_id` WHERE c.`id` = NEW.`closing_id` AND a.`status` = 'completed');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_payments_client_spent_update` AFTER UPDATE OF `amount_cents`, `closing_id` ON `cash_payments`
BEGIN
  UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (SELECT a.`client_id` FROM `cash_closings` c JOIN `appointments` a ON a.`id` = c.`appointment_id` WHERE c.`id` = OLD.`closing_id` AND a.`status` = 'completed' UNION SELECT a.`client_id` FROM `cash_closings` c JOIN `appointments` a ON a.`id` = c.`appointment_id` WHERE c.`id` = NEW.`closing_id` AND a.`status` = 'completed');
END;
--> statement-breakpoint
CREATE TRIGGER `cash_payments_client_spent_delete` AFTER DELETE ON `cash_payments`
BEGIN
  UPDATE `clients` SET `spent_cents` = (SELECT coalesce(sum(CASE
      WHEN c.`id` IS NULL THEN a.`price_cents`
      WHEN c.`status` = 'paid' THEN (SELECT coalesce(sum(p.`amount_cents`), 0) FROM `cash_payments` p WHERE p.`closing_id` = c.`id`) - c.`tip_cents` + c.`deposit_cents`
      ELSE c.`deposit_cents` END), 0)
    FROM `appointments` a LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` IN (SELECT a.`client_id` FROM `cash_closings` c JOIN `appointments` a ON a.`id` = c.`appointment_id` WHERE c.`id` = OLD.`closing_id` AND a.`status` = 'completed');
END;
