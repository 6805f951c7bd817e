-- Rows written per intent (issue #42, docs/decisions/014-bounded-costs.md "Rows written"). D1 bills every row and
-- index entry a statement writes, so:
-- 1. The pending finds move onto the player's row: the claim that every intent writes carries them (no loot rows).
ALTER TABLE `players` ADD `finds` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `players` SET `finds` = (
	SELECT json_group_array(json_array(`slot`, `catalog_id`, `quality`)) FROM (SELECT `slot`, `catalog_id`, `quality` FROM `loot` WHERE `loot`.`uid` = `players`.`uid` ORDER BY `slot`)
) WHERE EXISTS (SELECT 1 FROM `loot` WHERE `loot`.`uid` = `players`.`uid`);--> statement-breakpoint
DROP TABLE `loot`;--> statement-breakpoint
-- 2. The log, WITHOUT ROWID and keyed by the player's own entry number: a line is one row written, not three (the
--    row, `activity_owner`, and AUTOINCREMENT's counter). Old entries keep their order.
CREATE TABLE `activity_v2` (
	`uid` text NOT NULL,
	`id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`roll_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`uid`, `id`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `activity_v2` (`uid`, `id`, `kind`, `text`, `roll_id`, `created_at`)
	SELECT `uid`, row_number() OVER (PARTITION BY `uid` ORDER BY `id`), `kind`, `text`, `roll_id`, `created_at` FROM `activity`;--> statement-breakpoint
DROP TABLE `activity`;--> statement-breakpoint
ALTER TABLE `activity_v2` RENAME TO `activity`;--> statement-breakpoint
-- 3. Contract progress and server firsts, WITHOUT ROWID: their keys are the table, with no separate key index.
CREATE TABLE `contract_progress_v2` (
	`uid` text NOT NULL,
	`day` integer NOT NULL,
	`slot` integer NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	PRIMARY KEY(`uid`, `day`, `slot`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `contract_progress_v2` SELECT `uid`, `day`, `slot`, `progress`, `claimed_at` FROM `contract_progress`;--> statement-breakpoint
DROP TABLE `contract_progress`;--> statement-breakpoint
ALTER TABLE `contract_progress_v2` RENAME TO `contract_progress`;--> statement-breakpoint
CREATE INDEX `contract_progress_day` ON `contract_progress` (`day`);--> statement-breakpoint
CREATE TABLE `server_firsts_v2` (
	`catalog_id` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`username` text NOT NULL,
	`created_at` integer NOT NULL
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `server_firsts_v2` SELECT `catalog_id`, `uid`, `username`, `created_at` FROM `server_firsts`;--> statement-breakpoint
DROP TABLE `server_firsts`;--> statement-breakpoint
ALTER TABLE `server_firsts_v2` RENAME TO `server_firsts`;--> statement-breakpoint
-- 4. Leagues: the members WITHOUT ROWID, their league's index without the points (a trophy's points are then one
--    row written) and no index by player (last week's row is read by its key); the open league is the newest of its
--    tier and week while it holds fewer than 30, counted when joining, so no size is written.
CREATE TABLE `league_members_v2` (
	`week` text NOT NULL,
	`uid` text NOT NULL,
	`tier` integer NOT NULL,
	`league_id` integer,
	`points` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`week`, `uid`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `league_members_v2` SELECT `week`, `uid`, `tier`, `league_id`, `points`, `joined_at` FROM `league_members`;--> statement-breakpoint
DROP TABLE `league_members`;--> statement-breakpoint
ALTER TABLE `league_members_v2` RENAME TO `league_members`;--> statement-breakpoint
CREATE INDEX `league_members_league` ON `league_members` (`league_id`);--> statement-breakpoint
DROP INDEX `leagues_open`;--> statement-breakpoint
ALTER TABLE `leagues` DROP COLUMN `size`;--> statement-breakpoint
CREATE INDEX `leagues_open_v2` ON `leagues` (`week`,`tier`);;--> statement-breakpoint
-- 5. Items, WITHOUT ROWID and keyed by owner and id: a player's items are read from the key's range (the covering
--    index that held every column a second time goes), so an item inserted or moved is one row written, not two or three.
CREATE TABLE `items_v2` (
	`uid` text NOT NULL,
	`id` text NOT NULL,
	`catalog_id` text NOT NULL,
	`quality` integer NOT NULL,
	`location` text NOT NULL,
	`research_ms` integer NOT NULL,
	`equipped_at` integer,
	`research_speed` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`trophy_at` integer,
	`researched_by` text,
	`researched_at` integer,
	PRIMARY KEY(`uid`, `id`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `items_v2` (`uid`, `id`, `catalog_id`, `quality`, `location`, `research_ms`, `equipped_at`, `research_speed`, `created_at`, `trophy_at`, `researched_by`, `researched_at`)
	SELECT `uid`, `id`, `catalog_id`, `quality`, `location`, `research_ms`, `equipped_at`, `research_speed`, `created_at`, `trophy_at`, `researched_by`, `researched_at` FROM `items`;--> statement-breakpoint
DROP TABLE `items`;--> statement-breakpoint
ALTER TABLE `items_v2` RENAME TO `items`;
