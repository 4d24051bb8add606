ALTER TABLE `clients` ADD `appointment_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `clients` ADD `spent_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `clients` ADD `last_appointment_date` text;--> statement-breakpoint
ALTER TABLE `clients` ADD `no_show_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `clients_user_last_appointment_idx` ON `clients` (`user_id`,`last_appointment_date`);--> statement-breakpoint
CREATE INDEX `clients_user_spent_idx` ON `clients` (`user_id`,`spent_cents`);