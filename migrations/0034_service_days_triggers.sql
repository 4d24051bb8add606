-- The services of the completed appointments kept per day and professional (issue 34, docs/decisions/1260).
-- Written by scripts/kept-days-sql.ts: change the script and write this file again, never by hand.
-- The view is the one statement of what a day of one professional's services is:
-- cash/revenue.server.ts `serviceLinesSql` over her completed appointments of that date (the closing's
-- service lines, the appointment's own service at its list price without a closing), grouped as
-- Relatórios' ranking groups them. `service_days` keeps its rows: every write of an appointment (of a
-- completed one, or one becoming or leaving completed), a closing or a closing's line recounts the day
-- it touches (the old day and the new one when it moves). tests/integration/service-days.test.ts holds
-- the kept rows to the view and to the ranking's SQL.
CREATE VIEW `service_day_figures` AS
SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
    sum(`n`) AS `count`, sum(`cents`) AS `cents`
  FROM (
    SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
      i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
    FROM `appointments` a
    JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
    WHERE a.`status` = 'completed'
    UNION ALL
    SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
    FROM `appointments` a
    LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
    WHERE a.`status` = 'completed' AND c.`id` IS NULL)
  GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
--> statement-breakpoint
INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
SELECT `user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents` FROM `service_day_figures`;
--> statement-breakpoint
CREATE TRIGGER `appointments_service_days_insert` AFTER INSERT ON `appointments` WHEN NEW.`status` = 'completed'
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = NEW.`user_id` AND `date` = NEW.`date`;
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = NEW.`user_id` AND a.`date` = NEW.`date`
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = NEW.`user_id` AND a.`date` = NEW.`date`)
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_service_days_update` AFTER UPDATE OF `user_id`, `status`, `date`, `price_cents`, `service_id`, `service_name` ON `appointments`
  WHEN OLD.`status` = 'completed' OR NEW.`status` = 'completed'
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = OLD.`user_id` AND `date` = OLD.`date`;
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = OLD.`user_id` AND a.`date` = OLD.`date`
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = OLD.`user_id` AND a.`date` = OLD.`date`)
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
  DELETE FROM `service_days` WHERE `user_id` = NEW.`user_id` AND `date` = NEW.`date`;
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = NEW.`user_id` AND a.`date` = NEW.`date`
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = NEW.`user_id` AND a.`date` = NEW.`date`)
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_service_days_delete` AFTER DELETE ON `appointments` WHEN OLD.`status` = 'completed'
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = OLD.`user_id` AND `date` = OLD.`date`;
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = OLD.`user_id` AND a.`date` = OLD.`date`
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = OLD.`user_id` AND a.`date` = OLD.`date`)
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_service_days_insert` AFTER INSERT ON `cash_closings`
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`);
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`)
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_service_days_update` AFTER UPDATE OF `id`, `appointment_id`, `user_id` ON `cash_closings`
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`);
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`)
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`);
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`)
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = NEW.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = NEW.`appointment_id`))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closings_service_days_delete` AFTER DELETE ON `cash_closings`
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`);
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`)
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = OLD.`appointment_id`) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = OLD.`appointment_id`))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closing_items_service_days_insert` AFTER INSERT ON `cash_closing_items`
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`));
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`))
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closing_items_service_days_update` AFTER UPDATE ON `cash_closing_items`
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`));
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`))
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`));
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`))
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = NEW.`closing_id`)))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
--> statement-breakpoint
CREATE TRIGGER `cash_closing_items_service_days_delete` AFTER DELETE ON `cash_closing_items`
BEGIN
  DELETE FROM `service_days` WHERE `user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND `date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`));
  INSERT INTO `service_days` (`user_id`, `date`, `service_key`, `service_id`, `name`, `count`, `cents`)
  SELECT `user_id`, `date`, coalesce(`service_id`, `name`) AS `service_key`, max(`service_id`) AS `service_id`, max(`name`) AS `name`,
      sum(`n`) AS `count`, sum(`cents`) AS `cents`
    FROM (
      SELECT a.`user_id` AS `user_id`, a.`date` AS `date`, i.`service_id` AS `service_id`, i.`name` AS `name`,
        i.`quantity` AS `n`, i.`quantity` * i.`unit_price_cents` AS `cents`
      FROM `appointments` a
      JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      JOIN `cash_closing_items` i ON i.`closing_id` = c.`id` AND i.`user_id` = c.`user_id` AND i.`kind` = 'service'
      WHERE a.`status` = 'completed'
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`))
      UNION ALL
      SELECT a.`user_id`, a.`date`, a.`service_id`, a.`service_name`, 1, a.`price_cents`
      FROM `appointments` a
      LEFT JOIN `cash_closings` c ON c.`appointment_id` = a.`id` AND c.`user_id` = a.`user_id`
      WHERE a.`status` = 'completed' AND c.`id` IS NULL
        AND a.`user_id` = (SELECT `user_id` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)) AND a.`date` = (SELECT `date` FROM `appointments` WHERE `id` = (SELECT `appointment_id` FROM `cash_closings` WHERE `id` = OLD.`closing_id`)))
    GROUP BY `user_id`, `date`, coalesce(`service_id`, `name`);
END;
