-- The season board reads its rows alone (docs/decisions/014-bounded-costs.md, "Boards"): the name and level it
-- shows ride on the season row, the level written again whenever it moves.
ALTER TABLE `season_scores` ADD `username` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `season_scores` ADD `level` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE `season_scores` SET `username` = (SELECT `username` FROM `players` WHERE `players`.`uid` = `season_scores`.`uid`), `level` = (SELECT `level` FROM `players` WHERE `players`.`uid` = `season_scores`.`uid`);
