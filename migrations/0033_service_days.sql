CREATE TABLE `service_days` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`service_key` text NOT NULL,
	`service_id` text,
	`name` text NOT NULL,
	`count` integer NOT NULL,
	`cents` integer NOT NULL,
	PRIMARY KEY(`user_id`, `date`, `service_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
