CREATE TABLE `calendar_busy` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`calendar_id` text NOT NULL,
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`start_minute` integer NOT NULL,
	`end_minute` integer NOT NULL,
	FOREIGN KEY (`calendar_id`) REFERENCES `external_calendars`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_busy_user_date_idx` ON `calendar_busy` (`user_id`,`date`);--> statement-breakpoint
CREATE INDEX `calendar_busy_calendar_idx` ON `calendar_busy` (`calendar_id`);--> statement-breakpoint
CREATE TABLE `client_imports` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`file_name` text NOT NULL,
	`kind` text NOT NULL,
	`content` text NOT NULL,
	`mapping` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `client_imports_user_idx` ON `client_imports` (`user_id`);--> statement-breakpoint
CREATE INDEX `client_imports_created_idx` ON `client_imports` (`created_at`);--> statement-breakpoint
CREATE TABLE `external_calendars` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`etag` text,
	`last_modified` text,
	`refreshed_at` integer,
	`read_at` integer,
	`attempted_at` integer,
	`failing_since` integer,
	`failure_notified_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `external_calendars_user_idx` ON `external_calendars` (`user_id`);--> statement-breakpoint
CREATE INDEX `external_calendars_attempted_idx` ON `external_calendars` (`attempted_at`);