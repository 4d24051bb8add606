-- The booking page's rules (notice, how far ahead, expiry, change cut-off) are page data too: the
-- page version (migration 0005) follows them.
DROP TRIGGER `profiles_page_version`;
--> statement-breakpoint
CREATE TRIGGER `profiles_page_version` AFTER UPDATE OF `full_name`, `business_name`, `phone`, `email`, `booking_slug`, `profile_image_id`, `address`, `city`, `specialty`, `page_title`, `page_description`, `primary_color`, `secondary_color`, `show_prices`, `welcome_message`, `contact_phone`, `business_address`, `instagram_handle`, `time_zone`, `slot_step_minutes`, `auto_confirm`, `pix_key`, `pix_city`, `pix_name`, `min_notice_minutes`, `booking_window`, `request_expiry_hours`, `customer_change_cutoff_minutes` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
-- Requests waiting for an answer when expiry arrived hold their time for 24 hours from when they were made.
UPDATE `booking_requests` SET `expires_at` = `created_at` + 86400000 WHERE `status` = 'pending' AND `expires_at` IS NULL;
