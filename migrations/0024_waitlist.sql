CREATE TABLE `comeback_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`client_id` text NOT NULL,
	`channel` text NOT NULL,
	`interval_days` integer NOT NULL,
	`sent_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comeback_messages_pro_sent_idx` ON `comeback_messages` (`professional_id`,`sent_at`,`client_id`);--> statement-breakpoint
CREATE TABLE `waitlist_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`service_id` text NOT NULL,
	`service_name` text NOT NULL,
	`date` text NOT NULL,
	`period` text NOT NULL,
	`customer_name` text NOT NULL,
	`customer_phone` text NOT NULL,
	`customer_email` text DEFAULT '' NOT NULL,
	`email_withheld` integer DEFAULT false NOT NULL,
	`requested_by` text DEFAULT '' NOT NULL,
	`known_times` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`ended_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waitlist_entries_pro_date_idx` ON `waitlist_entries` (`professional_id`,`date`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_status_date_idx` ON `waitlist_entries` (`status`,`date`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_pro_phone_idx` ON `waitlist_entries` (`professional_id`,`customer_phone`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_waiting_uq` ON `waitlist_entries` (`professional_id`,`service_id`,`date`,`customer_phone`) WHERE "waitlist_entries"."status" = 'waiting';--> statement-breakpoint
CREATE TABLE `waitlist_offers` (
	`id` text PRIMARY KEY NOT NULL,
	`opening_id` text NOT NULL,
	`entry_id` text NOT NULL,
	`professional_id` text NOT NULL,
	`channels` text NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`opening_id`) REFERENCES `waitlist_openings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `waitlist_entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_offers_pair_uq` ON `waitlist_offers` (`opening_id`,`entry_id`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_entry_idx` ON `waitlist_offers` (`entry_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_offers_pro_idx` ON `waitlist_offers` (`professional_id`,`sent_at`);--> statement-breakpoint
CREATE TABLE `waitlist_openings` (
	`id` text PRIMARY KEY NOT NULL,
	`professional_id` text NOT NULL,
	`service_id` text NOT NULL,
	`date` text NOT NULL,
	`start_minute` integer NOT NULL,
	`opened_at` integer NOT NULL,
	`closed_at` integer,
	`last_batch_at` integer,
	`batches` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`professional_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`service_id`) REFERENCES `services`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_openings_open_uq` ON `waitlist_openings` (`professional_id`,`service_id`,`date`,`start_minute`) WHERE "waitlist_openings"."closed_at" is null;--> statement-breakpoint
CREATE INDEX `waitlist_openings_pro_date_idx` ON `waitlist_openings` (`professional_id`,`date`);--> statement-breakpoint
ALTER TABLE `clients` ADD `usual_interval_days` real;--> statement-breakpoint
ALTER TABLE `clients` ADD `comeback_sent_at` integer;--> statement-breakpoint
ALTER TABLE `clients` ADD `comeback_opt_out` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `waitlist_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `profiles` ADD `comeback_auto_hour` integer;--> statement-breakpoint
-- The booking page's cached data follows the switch (its own trigger: the shared one stays as it is).
CREATE TRIGGER `profiles_page_version_waitlist` AFTER UPDATE OF `waitlist_enabled` ON `profiles`
BEGIN
  UPDATE `profiles` SET `page_version` = `page_version` + 1 WHERE `user_id` = NEW.`user_id`;
END;--> statement-breakpoint
-- 'Hora de voltar' (issue 24, docs/decisions/0945): each client's usual interval, the median gap
-- in days between their visits (completed appointments) on different dates, null below three
-- dates. Kept by three triggers of its own (the figures' triggers of 0015 stay as they are), fired
-- only when a completed appointment is written; each recount reads that client's visits through
-- appointments_user_client_metrics_idx.
UPDATE `clients` SET `usual_interval_days` = (SELECT avg(g.`gap`) FROM (
      SELECT `gap`, row_number() OVER (ORDER BY `gap`) AS `rn`, count(*) OVER () AS `n` FROM (
        SELECT julianday(d.`date`) - julianday(lag(d.`date`) OVER (ORDER BY d.`date`)) AS `gap` FROM (
          SELECT DISTINCT a.`date` FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'
        ) d
      ) WHERE `gap` IS NOT NULL
    ) g WHERE g.`n` >= 2 AND g.`rn` IN ((g.`n` + 1) / 2, (g.`n` + 2) / 2));
--> statement-breakpoint
CREATE TRIGGER `appointments_usual_interval_insert` AFTER INSERT ON `appointments` WHEN NEW.`client_id` IS NOT NULL AND NEW.`status` = 'completed'
BEGIN
  UPDATE `clients` SET `usual_interval_days` = (SELECT avg(g.`gap`) FROM (
      SELECT `gap`, row_number() OVER (ORDER BY `gap`) AS `rn`, count(*) OVER () AS `n` FROM (
        SELECT julianday(d.`date`) - julianday(lag(d.`date`) OVER (ORDER BY d.`date`)) AS `gap` FROM (
          SELECT DISTINCT a.`date` FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'
        ) d
      ) WHERE `gap` IS NOT NULL
    ) g WHERE g.`n` >= 2 AND g.`rn` IN ((g.`n` + 1) / 2, (g.`n` + 2) / 2))
  WHERE `id` = NEW.`client_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_usual_interval_update` AFTER UPDATE OF `client_id`, `user_id`, `status`, `date` ON `appointments` WHEN OLD.`status` = 'completed' OR NEW.`status` = 'completed'
BEGIN
  UPDATE `clients` SET `usual_interval_days` = (SELECT avg(g.`gap`) FROM (
      SELECT `gap`, row_number() OVER (ORDER BY `gap`) AS `rn`, count(*) OVER () AS `n` FROM (
        SELECT julianday(d.`date`) - julianday(lag(d.`date`) OVER (ORDER BY d.`date`)) AS `gap` FROM (
          SELECT DISTINCT a.`date` FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'
        ) d
      ) WHERE `gap` IS NOT NULL
    ) g WHERE g.`n` >= 2 AND g.`rn` IN ((g.`n` + 1) / 2, (g.`n` + 2) / 2))
  WHERE `id` IN (OLD.`client_id`, NEW.`client_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `appointments_usual_interval_delete` AFTER DELETE ON `appointments` WHEN OLD.`client_id` IS NOT NULL AND OLD.`status` = 'completed'
BEGIN
  UPDATE `clients` SET `usual_interval_days` = (SELECT avg(g.`gap`) FROM (
      SELECT `gap`, row_number() OVER (ORDER BY `gap`) AS `rn`, count(*) OVER () AS `n` FROM (
        SELECT julianday(d.`date`) - julianday(lag(d.`date`) OVER (ORDER BY d.`date`)) AS `gap` FROM (
          SELECT DISTINCT a.`date` FROM `appointments` a WHERE a.`user_id` = `clients`.`user_id` AND a.`client_id` = `clients`.`id` AND a.`status` = 'completed'
        ) d
      ) WHERE `gap` IS NOT NULL
    ) g WHERE g.`n` >= 2 AND g.`rn` IN ((g.`n` + 1) / 2, (g.`n` + 2) / 2))
  WHERE `id` = OLD.`client_id`;
END;
