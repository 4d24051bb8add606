DROP INDEX `appointments_user_client_idx`;--> statement-breakpoint
CREATE INDEX `appointments_user_client_metrics_idx` ON `appointments` (`user_id`,`client_id`,`status`,`date`,`price_cents`);