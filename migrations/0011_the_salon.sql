ALTER TABLE `profiles` ADD `team_page` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `on_team_page` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `owner_may_manage` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The salon's page shows these: a change is a new page version.
DROP TRIGGER `profiles_page_version`;
--> statement-breakpoint
CREATE TRIGGER `profiles_page_version` AFTER UPDATE OF `full_name`, `business_name`, `phone`, `email`, `booking_slug`, `profile_image_id`, `address`, `city`, `specialty`, `page_title`, `page_description`, `primary_color`, `secondary_color`, `show_prices`, `welcome_message`, `contact_phone`, `business_address`, `instagram_handle`, `time_zone`, `slot_step_minutes`, `auto_confirm`, `pix_key`, `pix_city`, `pix_name`, `min_notice_minutes`, `booking_window`, `request_expiry_hours`, `customer_change_cutoff_minutes`, `notify_new_request`, `team_page`, `on_team_page` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
