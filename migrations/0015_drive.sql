CREATE TABLE `drive_donations` (
	`week` integer NOT NULL,
	`guild_id` text NOT NULL,
	`uid` text NOT NULL,
	`points` integer NOT NULL,
	`claimed_at` integer,
	PRIMARY KEY(`guild_id`, `week`, `uid`),
	FOREIGN KEY (`guild_id`) REFERENCES `guilds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `drive_donations_top` ON `drive_donations` (`guild_id`,`week`,`points`);