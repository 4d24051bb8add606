CREATE TABLE `proven_emails` (
	`professional_id` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `proven_emails_uq` ON `proven_emails` (`professional_id`,`email`);--> statement-breakpoint
DROP INDEX `waitlist_entries_waiting_uq`;--> statement-breakpoint
ALTER TABLE `whatsapp_outbox` ADD `requested_by` text;--> statement-breakpoint
CREATE INDEX `whatsapp_outbox_to_idx` ON `whatsapp_outbox` (`to`,`created_at`);