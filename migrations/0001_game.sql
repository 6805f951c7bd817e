CREATE TABLE `activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`uid` text NOT NULL,
	`kind` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activity_owner` ON `activity` (`uid`,`id`);--> statement-breakpoint
CREATE TABLE `items` (
	`id` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`catalog_id` text NOT NULL,
	`quality` integer NOT NULL,
	`location` text NOT NULL,
	`research_ms` integer NOT NULL,
	`equipped_at` integer,
	`created_at` integer NOT NULL,
	`trophy_at` integer,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `items_owner` ON `items` (`uid`,`location`);--> statement-breakpoint
CREATE TABLE `loot` (
	`uid` text NOT NULL,
	`slot` integer NOT NULL,
	`catalog_id` text NOT NULL,
	`quality` integer NOT NULL,
	PRIMARY KEY(`uid`, `slot`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `players` ADD `total_attack` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `total_defense` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `write_token` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `players_ranking` ON `players` (`trophy_case_score`,("total_attack" + "total_defense"));