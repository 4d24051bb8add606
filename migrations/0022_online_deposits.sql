ALTER TABLE `booking_requests` ADD `payment_provider` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `payment_id` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `payment_qr_code` text;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `payment_refund_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `booking_requests_payment_uq` ON `booking_requests` (`payment_provider`,`payment_id`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `payment_hold_minutes` integer DEFAULT 15 NOT NULL;--> statement-breakpoint
-- The booking page's cached copy follows 'Tempo para pagar' and whether deposits are charged
-- online (a payment account connected or removed): both bump the page version.
DROP TRIGGER IF EXISTS `profiles_page_version`;--> statement-breakpoint
CREATE TRIGGER `profiles_page_version` AFTER UPDATE OF `full_name`, `business_name`, `phone`, `email`, `booking_slug`, `profile_image_id`, `address`, `city`, `specialty`, `page_title`, `page_description`, `primary_color`, `secondary_color`, `show_prices`, `welcome_message`, `contact_phone`, `business_address`, `instagram_handle`, `time_zone`, `slot_step_minutes`, `auto_confirm`, `pix_key`, `pix_city`, `pix_name`, `min_notice_minutes`, `booking_window`, `request_expiry_hours`, `customer_change_cutoff_minutes`, `notify_new_request`, `team_page`, `on_team_page`, `deposit_release_minutes`, `payment_hold_minutes` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `payment_accounts_page_version_insert` AFTER INSERT ON `payment_accounts`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;--> statement-breakpoint
CREATE TRIGGER `payment_accounts_page_version_delete` AFTER DELETE ON `payment_accounts`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = OLD.`user_id`;
END;
