ALTER TABLE `booking_requests` ADD `payment_paid_at` integer;--> statement-breakpoint
-- A deposit charged online and received before this column existed was received through its charge.
UPDATE `booking_requests` SET `payment_paid_at` = `deposit_received_at` WHERE `payment_id` IS NOT NULL AND `deposit_received_at` IS NOT NULL;
