-- The public booking page's data is cached per professional and profiles.page_version
-- (docs/decisions/0620). Every change the page shows bumps the version here, in the database,
-- so no write path of the app (or a future one) can forget to.
CREATE TRIGGER `profiles_page_version` AFTER UPDATE OF `full_name`, `business_name`, `phone`, `email`, `booking_slug`, `profile_image_id`, `address`, `city`, `specialty`, `page_title`, `page_description`, `primary_color`, `secondary_color`, `show_prices`, `welcome_message`, `contact_phone`, `business_address`, `instagram_handle`, `time_zone`, `slot_step_minutes`, `auto_confirm`, `pix_key`, `pix_city`, `pix_name` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `services_page_version_insert` AFTER INSERT ON `services`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `services_page_version_update` AFTER UPDATE ON `services`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` IN (OLD.`user_id`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `services_page_version_delete` AFTER DELETE ON `services`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `working_hours_page_version_insert` AFTER INSERT ON `working_hours`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `working_hours_page_version_update` AFTER UPDATE ON `working_hours`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` IN (OLD.`user_id`, NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `working_hours_page_version_delete` AFTER DELETE ON `working_hours`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
-- A plan that starts or ends opens or closes the page, the owner's and the team's.
CREATE TRIGGER `subscriptions_page_version_insert` AFTER INSERT ON `subscriptions`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1
  WHERE `user_id` = NEW.`user_id` OR `user_id` IN (SELECT `linked_user_id` FROM `linked_accounts` WHERE `owner_id` = NEW.`user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `subscriptions_page_version_update` AFTER UPDATE ON `subscriptions`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1
  WHERE `user_id` = NEW.`user_id` OR `user_id` IN (SELECT `linked_user_id` FROM `linked_accounts` WHERE `owner_id` = NEW.`user_id`);
END;
--> statement-breakpoint
-- Joining or leaving a team changes whose plan opens a member's page.
CREATE TRIGGER `linked_accounts_page_version_insert` AFTER INSERT ON `linked_accounts`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`linked_user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `linked_accounts_page_version_update` AFTER UPDATE ON `linked_accounts`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` IN (OLD.`linked_user_id`, NEW.`linked_user_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `linked_accounts_page_version_delete` AFTER DELETE ON `linked_accounts`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = OLD.`linked_user_id`;
END;
