ALTER TABLE `clients` ADD `usual_interval_days` real;--> statement-breakpoint
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
