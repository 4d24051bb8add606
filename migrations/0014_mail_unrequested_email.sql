ALTER TABLE `booking_requests` ADD `customer_moves` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `booking_requests` ADD `customer_email_withheld` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `requested_by` text;--> statement-breakpoint
CREATE INDEX `email_outbox_requested_by_idx` ON `email_outbox` (`requested_by`,`created_at`) WHERE "email_outbox"."requested_by" is not null;--> statement-breakpoint
CREATE INDEX `clients_user_email_idx` ON `clients` (`user_id`,`email`);