ALTER TABLE `booking_requests` ADD `deposit_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `deposit_due_at` integer;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `deposit_received_at` integer;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `deposit_method` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `deposit_refunded_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `deposit_release_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Requests made before deposits were recorded take their service's deposit as it is now.
UPDATE `booking_requests` SET `deposit_cents` = (SELECT `deposit_cents` FROM `services` WHERE `services`.`id` = `booking_requests`.`service_id` AND `services`.`requires_deposit` = 1) WHERE EXISTS (SELECT 1 FROM `services` WHERE `services`.`id` = `booking_requests`.`service_id` AND `services`.`requires_deposit` = 1 AND `services`.`deposit_cents` > 0);
--> statement-breakpoint
-- The booking page's cached data carries 'Sinal não pago em …' (docs/decisions/0620).
DROP TRIGGER `profiles_page_version`;
--> statement-breakpoint
CREATE TRIGGER `profiles_page_version` AFTER UPDATE OF `full_name`, `business_name`, `phone`, `email`, `booking_slug`, `profile_image_id`, `address`, `city`, `specialty`, `page_title`, `page_description`, `primary_color`, `secondary_color`, `show_prices`, `welcome_message`, `contact_phone`, `business_address`, `instagram_handle`, `time_zone`, `slot_step_minutes`, `auto_confirm`, `pix_key`, `pix_city`, `pix_name`, `min_notice_minutes`, `booking_window`, `request_expiry_hours`, `customer_change_cutoff_minutes`, `notify_new_request`, `team_page`, `on_team_page`, `deposit_release_minutes` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
