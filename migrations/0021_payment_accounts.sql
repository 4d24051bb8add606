CREATE TABLE `payment_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_user_id` text NOT NULL,
	`access_token_sealed` text NOT NULL,
	`refresh_token_sealed` text NOT NULL,
	`expires_at` integer NOT NULL,
	`public_key` text,
	`live_mode` integer,
	`connected_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_accounts_user_provider_uq` ON `payment_accounts` (`user_id`,`provider`);--> statement-breakpoint
CREATE INDEX `payment_accounts_provider_user_idx` ON `payment_accounts` (`provider`,`provider_user_id`);