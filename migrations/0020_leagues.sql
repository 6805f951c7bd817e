CREATE TABLE `league_members` (
	`week` text NOT NULL,
	`uid` text NOT NULL,
	`tier` integer NOT NULL,
	`league_id` integer,
	`points` integer NOT NULL,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`week`, `uid`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_members_board` ON `league_members` (`league_id`,`points`);--> statement-breakpoint
CREATE INDEX `league_members_player` ON `league_members` (`uid`,`week`);--> statement-breakpoint
CREATE TABLE `league_prizes` (
	`week` text NOT NULL,
	`uid` text NOT NULL,
	`tier` integer NOT NULL,
	`rank` integer NOT NULL,
	`cash` integer NOT NULL,
	`paid_at` integer,
	PRIMARY KEY(`week`, `uid`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_prizes_player` ON `league_prizes` (`uid`,`week`);--> statement-breakpoint
CREATE INDEX `league_prizes_unpaid` ON `league_prizes` (`uid`) WHERE "league_prizes"."paid_at" IS NULL;--> statement-breakpoint
CREATE TABLE `league_tiers` (
	`uid` text PRIMARY KEY NOT NULL,
	`tier` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`week` text NOT NULL,
	`tier` integer NOT NULL,
	`size` integer NOT NULL,
	`settled_at` integer
);
--> statement-breakpoint
CREATE INDEX `leagues_open` ON `leagues` (`week`,`tier`,`size`);--> statement-breakpoint
CREATE INDEX `leagues_unsettled` ON `leagues` (`week`,`id`) WHERE "leagues"."settled_at" IS NULL;