CREATE TABLE `comeback_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`client_id` text NOT NULL,
	`channel` text NOT NULL,
	`interval_days` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comeback_messages_pro_sent_idx` ON `comeback_messages` (`professional_id`,`sent_at`,`client_id`);--> statement-breakpoint
ALTER TABLE `clients` ADD `comeback_sent_at` integer;--> statement-breakpoint
ALTER TABLE `clients` ADD `comeback_opt_out` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `comeback_auto_hour` integer;