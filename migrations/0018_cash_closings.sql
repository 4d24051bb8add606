CREATE TABLE `cash_closing_history` (
	`id` text PRIMARY KEY NOT NULL,
	`closing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`changed_by` text NOT NULL,
	`changed_at` integer NOT NULL,
	`change` text NOT NULL,
	FOREIGN KEY (`closing_id`) REFERENCES `cash_closings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cash_closing_history_closing_idx` ON `cash_closing_history` (`closing_id`,`changed_at`);--> statement-breakpoint
CREATE TABLE `cash_closing_items` (
	`id` text PRIMARY KEY NOT NULL,
	`closing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text NOT NULL,
	`service_id` text,
	`name` text NOT NULL,
	`unit_price_cents` integer NOT NULL,
	`quantity` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`closing_id`) REFERENCES `cash_closings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cash_closing_items_closing_idx` ON `cash_closing_items` (`closing_id`);--> statement-breakpoint
CREATE TABLE `cash_closings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`appointment_id` text NOT NULL,
	`status` text NOT NULL,
	`subtotal_cents` integer NOT NULL,
	`discount_cents` integer DEFAULT 0 NOT NULL,
	`discount_basis_points` integer,
	`tip_cents` integer DEFAULT 0 NOT NULL,
	`deposit_cents` integer DEFAULT 0 NOT NULL,
	`closed_at` integer NOT NULL,
	`closed_by` text NOT NULL,
	`revision` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`appointment_id`) REFERENCES `appointments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cash_closings_appointment_uq` ON `cash_closings` (`appointment_id`);--> statement-breakpoint
CREATE INDEX `cash_closings_user_status_idx` ON `cash_closings` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `cash_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`closing_id` text NOT NULL,
	`user_id` text NOT NULL,
	`method` text NOT NULL,
	`amount_cents` integer NOT NULL,
	FOREIGN KEY (`closing_id`) REFERENCES `cash_closings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `cash_payments_closing_idx` ON `cash_payments` (`closing_id`);