CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`service_id` text NOT NULL,
	`service_name` text NOT NULL,
	`date` text NOT NULL,
	`period` text NOT NULL,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`email_withheld` integer DEFAULT false NOT NULL,
	`requested_by` text DEFAULT '' NOT NULL,
	`known_times` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waitlist_entries_pro_date_idx` ON `waitlist_entries` (`professional_id`,`date`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_status_date_idx` ON `waitlist_entries` (`status`,`date`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_pro_phone_idx` ON `waitlist_entries` (`professional_id`,`customer_phone`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_waiting_uq` ON `waitlist_entries` (`professional_id`,`service_id`,`date`,`customer_phone`) WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`opening_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`professional_id` text NOT NULL,
	`channels` text NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`opening_id`) REFERENCES `waitlist_openings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_pair_uq` ON `waitlist_offers` (`opening_id`,`entry_id`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_entry_idx` ON `waitlist_offers` (`entry_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_pro_idx` ON `waitlist_offers` (`professional_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `waitlist_openings` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`service_id` text NOT NULL,
	`date` text NOT NULL,
	`start_minute` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`last_batch_at` integer,
	`batches` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_openings_open_uq` ON `waitlist_openings` (`professional_id`,`service_id`,`date`,`start_minute`) WHERE "waitlist_openings"."closed_at" is null;--> statement-breakpoint
CREATE INDEX `waitlist_openings_pro_date_idx` ON `waitlist_openings` (`professional_id`,`date`);--> statement-breakpoint
ALTER TABLE `profiles` ADD `waitlist_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
-- The booking page's cached data follows the switch (its own trigger: the shared one stays as it is).
CREATE TRIGGER `profiles_page_version_waitlist` AFTER UPDATE OF `waitlist_enabled` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;
