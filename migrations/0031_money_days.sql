CREATE TABLE `money_days` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`paid_cents` integer NOT NULL,
	`tip_cents` integer NOT NULL,
	`paid_deposit_cents` integer NOT NULL,
	`pending_deposit_cents` integer NOT NULL,
	`unclosed_cents` integer NOT NULL,
	`unclosed_count` integer NOT NULL,
	`pix_cents` integer NOT NULL,
	`cash_cents` integer NOT NULL,
	`debit_cents` integer NOT NULL,
	`credit_cents` integer NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
