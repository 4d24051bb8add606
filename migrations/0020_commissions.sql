CREATE TABLE `commission_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`member_id` text NOT NULL,
	`services_basis_points` integer NOT NULL,
	`products_basis_points` integer DEFAULT 0 NOT NULL,
	`tips_to_professional` integer DEFAULT true NOT NULL,
	`updated_by` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_rules_member_uq` ON `commission_rules` (`owner_id`,`member_id`);--> statement-breakpoint
CREATE TABLE `commission_service_rates` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`member_id` text NOT NULL,
	`service_id` text NOT NULL,
	`basis_points` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commission_service_rates_uq` ON `commission_service_rates` (`owner_id`,`member_id`,`service_id`);--> statement-breakpoint
ALTER TABLE `cash_closing_items` ADD `commission_basis_points` integer;