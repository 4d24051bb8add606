-- Each client's figures over all their appointments (clients.appointment_count, spent_cents,
-- last_appointment_date, no_show_count), recomputed by the database on every appointment written:
-- each recount reads only that client's rows, through appointments_user_client_metrics_idx.
UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show');
--> statement-breakpoint
CREATE TRIGGER `appointments_client_figures_insert` AFTER INSERT ON `appointments` WHEN NEW.`client_id` IS NOT NULL
BEGIN
  UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show')
  WHERE `id` = NEW.`client_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_client_figures_update` AFTER UPDATE OF `client_id`, `user_id`, `status`, `date`, `price_cents` ON `appointments`
BEGIN
  UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show')
  WHERE `id` IN (OLD.`client_id`, NEW.`client_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_client_figures_delete` AFTER DELETE ON `appointments` WHEN OLD.`client_id` IS NOT NULL
BEGIN
  UPDATE `clients` SET
    `appointment_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `spent_cents` = (SELECT coalesce(sum(a.`price_cents`), 0) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'),
    `last_appointment_date` = (SELECT max(a.`date`) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` <> 'cancelled'),
    `no_show_count` = (SELECT count(*) FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'no_show')
  WHERE `id` = OLD.`client_id`;
END;
