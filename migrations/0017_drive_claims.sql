ALTER TABLE `players` ADD `drive_claimed_week` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A claim made before this column counts: the week of each player's latest claimed drive row.
UPDATE `players` SET `drive_claimed_week` = (SELECT max(`week`) FROM `drive_donations` WHERE `drive_donations`.`uid` = `players`.`uid` AND `drive_donations`.`claimed_at` IS NOT NULL) WHERE EXISTS (SELECT 1 FROM `drive_donations` WHERE `drive_donations`.`uid` = `players`.`uid` AND `drive_donations`.`claimed_at` IS NOT NULL);
