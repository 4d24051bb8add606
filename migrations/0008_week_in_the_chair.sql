CREATE TABLE `appointment_series` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`interval_weeks` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `appointment_series_user_idx` ON `appointment_series` (`user_id`);--> statement-breakpoint
CREATE TABLE `schedule_exceptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`start_date` text NOT NULL,
	`end_date` text NOT NULL,
	`start_minute` integer,
	`end_minute` integer,
	`reason` text DEFAULT '' NOT NULL,
	`show_reason` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `schedule_exceptions_user_dates_idx` ON `schedule_exceptions` (`user_id`,`start_date`,`end_date`);--> statement-breakpoint
ALTER TABLE `appointments` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `appointments` ADD `series_id` text REFERENCES appointment_series(id);--> statement-breakpoint
ALTER TABLE `appointments` ADD `rescheduled_by_customer_at` integer;--> statement-breakpoint
CREATE INDEX `appointments_user_series_idx` ON `appointments` (`user_id`,`series_id`,`date`);--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `rescheduled_by_customer_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `min_notice_minutes` integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `booking_window` text DEFAULT '6m' NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `request_expiry_hours` integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `customer_change_cutoff_minutes` integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE `services` ADD `buffer_minutes` integer DEFAULT 0 NOT NULL;