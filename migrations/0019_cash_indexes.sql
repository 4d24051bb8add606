DROP INDEX `cash_closing_items_closing_idx`;--> statement-breakpoint
CREATE INDEX `cash_closing_items_closing_idx` ON `cash_closing_items` (`closing_id`,`kind`,`name`,`quantity`,`unit_price_cents`);--> statement-breakpoint
DROP INDEX `cash_payments_closing_idx`;--> statement-breakpoint
CREATE INDEX `cash_payments_closing_idx` ON `cash_payments` (`closing_id`,`method`,`amount_cents`);--> statement-breakpoint
CREATE INDEX `appointments_user_status_date_idx` ON `appointments` (`user_id`,`status`,`date`,`id`);