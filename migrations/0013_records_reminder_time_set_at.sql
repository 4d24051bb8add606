ALTER TABLE `appointments` ADD `time_set_at` integer;--> statement-breakpoint
-- Reminders: when an appointment was last moved to another date or time, taken from the
-- updated_at its move wrote (docs/decisions/0750).
CREATE TRIGGER `appointments_time_set_at` AFTER UPDATE OF `date`, `start_minute` ON `appointments`
WHEN OLD.`date` IS NOT NEW.`date` OR OLD.`start_minute` IS NOT NEW.`start_minute`
BEGIN
  UPDATE `appointments` SET `time_set_at` = NEW.`updated_at` WHERE `id` = NEW.`id`;
END;
