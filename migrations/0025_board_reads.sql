ALTER TABLE `players` ADD `trophies` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `players` SET `trophies` = (SELECT count(*) FROM `items` WHERE `items`.`uid` = `players`.`uid` AND `items`.`location` = 'trophy');--> statement-breakpoint
ALTER TABLE `players` ADD `banned` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `players` SET `banned` = true WHERE `uid` IN (SELECT `id` FROM `users` WHERE `banned_at` IS NOT NULL);--> statement-breakpoint
ALTER TABLE `season_scores` ADD `banned` integer DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE `season_scores` SET `banned` = true WHERE `uid` IN (SELECT `id` FROM `users` WHERE `banned_at` IS NOT NULL);--> statement-breakpoint
CREATE TRIGGER `users_banned_boards` AFTER UPDATE OF `banned_at` ON `users` BEGIN
  UPDATE `players` SET `banned` = (NEW.`banned_at` IS NOT NULL) WHERE `uid` = NEW.`id`;
  UPDATE `season_scores` SET `banned` = (NEW.`banned_at` IS NOT NULL) WHERE `uid` = NEW.`id`;
END;--> statement-breakpoint
DROP INDEX `players_ranking`;--> statement-breakpoint
CREATE INDEX `players_board` ON `players` (`trophy_case_score`,("total_attack" + "total_defense"),lower("username") DESC) WHERE "players"."banned" = 0;--> statement-breakpoint
CREATE TABLE `season_marks` (
	`season` text NOT NULL,
	`position` integer NOT NULL,
	`points` integer NOT NULL,
	`at_or_above` integer NOT NULL,
	PRIMARY KEY(`season`, `position`)
) WITHOUT ROWID;--> statement-breakpoint
CREATE INDEX `season_marks_points` ON `season_marks` (`season`,`points`);
--> statement-breakpoint
ALTER TABLE `guilds` ADD `score` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `guilds` ADD `members` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `guilds` SET `score` = coalesce((SELECT sum(CASE WHEN `players`.`banned` = 0 THEN `players`.`trophy_case_score` ELSE 0 END) FROM `guild_members` JOIN `players` ON `players`.`uid` = `guild_members`.`uid` WHERE `guild_members`.`guild_id` = `guilds`.`id`), 0), `members` = (SELECT count(*) FROM `guild_members` WHERE `guild_members`.`guild_id` = `guilds`.`id`);--> statement-breakpoint
CREATE INDEX `guilds_board` ON `guilds` (`score`,`name` DESC);
--> statement-breakpoint
ALTER TABLE `season_scores` ADD `name` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `season_scores` SET `name` = (SELECT lower(`username`) FROM `players` WHERE `players`.`uid` = `season_scores`.`uid`);--> statement-breakpoint
DROP INDEX `season_scores_board`;--> statement-breakpoint
CREATE INDEX `season_scores_board` ON `season_scores` (`season`,`points`,`name` DESC,`uid`);
