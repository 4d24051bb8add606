CREATE TABLE `reminder_opt_outs` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`contact` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reminder_opt_outs_uq` ON `reminder_opt_outs` (`professional_id`,`contact`);--> statement-breakpoint
CREATE TABLE `whatsapp_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`appointment_id` text,
	`to` text NOT NULL,
	`template` text NOT NULL,
	`language` text NOT NULL,
	`params` text NOT NULL,
	`dedupe_key` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`lease_until` integer,
	`provider_message_id` text,
	`error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `whatsapp_outbox_dedupe_uq` ON `whatsapp_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_due_idx` ON `whatsapp_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `appointments` ADD `customer_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `appointments` ADD `whatsapp_reminded_at` integer;--> statement-breakpoint
ALTER TABLE `appointments` ADD `ics_sequence` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `customer_email` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `professional_id` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dedupe_key` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `lease_until` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `sent_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_uq` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `notify_new_request` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `notify_customer_changes` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `daily_summary` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `daily_summary_hour` integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `reminder_hours_before` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `reminder_email` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `reminder_whatsapp` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `calendar_feed_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `profiles_calendar_feed_token_uq` ON `profiles` (`calendar_feed_token`);--> statement-breakpoint
-- Calendar feeds: an appointment's revision (SEQUENCE) grows with every change a calendar shows.
CREATE TRIGGER `appointments_ics_sequence` AFTER UPDATE OF `date`, `start_minute`, `duration_minutes`, `status`, `service_name`, `client_id`, `notes` ON `appointments`
BEGIN
  UPDATE `appointments` SET `ics_sequence` = `ics_sequence` + 1 WHERE `id` = NEW.`id`;
END;
--> statement-breakpoint
-- The booking page keeps whether the professional wants new requests by e-mail: a change is a new page version.
DROP TRIGGER `profiles_page_version`;
--> statement-breakpoint
CREATE TRIGGER `profiles_page_version` AFTER UPDATE OF `full_name`, `business_name`, `phone`, `email`, `booking_slug`, `profile_image_id`, `address`, `city`, `specialty`, `page_title`, `page_description`, `primary_color`, `secondary_color`, `show_prices`, `welcome_message`, `contact_phone`, `business_address`, `instagram_handle`, `time_zone`, `slot_step_minutes`, `auto_confirm`, `pix_key`, `pix_city`, `pix_name`, `min_notice_minutes`, `booking_window`, `request_expiry_hours`, `customer_change_cutoff_minutes`, `notify_new_request` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
