CREATE TABLE `guild_season_scores` (
	`season` text NOT NULL,
	`guild_id` text NOT NULL,
	`uid` text NOT NULL,
	`points` integer NOT NULL,
	PRIMARY KEY(`season`, `guild_id`, `uid`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `season_prizes` (
	`season` text NOT NULL,
	`uid` text NOT NULL,
	`rank` integer NOT NULL,
	`points` integer NOT NULL,
	`cash` integer NOT NULL,
	`medal` text NOT NULL,
	`paid_at` integer,
	PRIMARY KEY(`season`, `uid`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `season_prizes_player` ON `season_prizes` (`uid`,`season`);--> statement-breakpoint
CREATE TABLE `season_scores` (
	`season` text NOT NULL,
	`uid` text NOT NULL,
	`points` integer NOT NULL,
	`trophies` integer NOT NULL,
	PRIMARY KEY(`season`, `uid`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `season_scores_board` ON `season_scores` (`season`,`points`,`uid`);--> statement-breakpoint
DROP INDEX `items_owner`;--> statement-breakpoint
ALTER TABLE `items` ADD `researched_at` integer;--> statement-breakpoint
CREATE INDEX `items_owner_v2` ON `items` (`uid`,`location`,`id`,`catalog_id`,`quality`,`research_ms`,`equipped_at`,`created_at`,`trophy_at`,`researched_at`);