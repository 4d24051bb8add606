ALTER TABLE `appointments` ADD `rescheduled_by_professional_at` integer;--> statement-breakpoint
ALTER TABLE `appointments` ADD `cancelled_by` text;--> statement-breakpoint
ALTER TABLE `appointments` ADD `cancel_reason` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `whatsapp_outbox` ADD `kind` text DEFAULT 'reminder' NOT NULL;--> statement-breakpoint
-- Who cancelled what was cancelled before: a booking the customer cancelled from their link has its request cancelled too; every other cancel was the professional's.
UPDATE `appointments` SET `cancelled_by` = CASE WHEN `booking_request_id` IN (SELECT `id` FROM `booking_requests` WHERE `status` = 'cancelled') THEN 'customer' ELSE 'professional' END WHERE `status` = 'cancelled';
