-- The log as a ring (docs/decisions/014-bounded-costs.md, "Storage"): 50 rows a player, keyed by the player's number
-- and the line's slot (its number modulo 50), so a new line overwrites the oldest and the log never outgrows what
-- the Log screen shows. The line numbers go on from the player's last (`players.log_seq`); the newest 50 lines move.
ALTER TABLE `players` ADD `log_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `players` SET `log_seq` = coalesce((SELECT max(`id`) FROM `activity` WHERE `activity`.`uid` = `players`.`uid`), 0);--> statement-breakpoint
CREATE TABLE `activity_ring` (
	`num` integer NOT NULL,
	`slot` integer NOT NULL,
	`id` integer NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`roll_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`num`, `slot`),
	FOREIGN KEY (`num`) REFERENCES `players`(`num`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;--> statement-breakpoint
INSERT INTO `activity_ring` (`num`, `slot`, `id`, `kind`, `text`, `roll_id`, `created_at`)
  SELECT p.`num`, a.`id` % 50, a.`id`, a.`kind`, a.`text`, a.`roll_id`, a.`created_at`
  FROM `activity` a JOIN `players` p ON p.`uid` = a.`uid` WHERE a.`id` > p.`log_seq` - 50;--> statement-breakpoint
DROP TABLE `activity`;--> statement-breakpoint
ALTER TABLE `activity_ring` RENAME TO `activity`;
