ALTER TABLE `clients` ADD `visit_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `clients` ADD `last_visit_date` text;--> statement-breakpoint
CREATE INDEX `clients_user_last_visit_idx` ON `clients` (`user_id`,`last_visit_date`,`last_appointment_date`,`spent_cents`);--> statement-breakpoint
-- Visits are completed appointments (docs/decisions/0760): each client's visit count and latest
-- visit, kept beside the other figures of migration 0007 by the same three triggers, recreated
-- here with the two new columns. Each recount reads only that client's rows, through
-- appointments_user_client_metrics_idx (user_id, client_id, status, date, price_cents).
UPDATE `clients` SET
    `visit_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_visit_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed');
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
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
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
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
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
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show'),
    `visit_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_visit_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed')
  WHERE `id` = OLD.`client_id`;
END;
