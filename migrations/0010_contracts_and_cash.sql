CREATE TABLE `contract_progress` (
	`uid` text NOT NULL,
	`day` integer NOT NULL,
	`slot` integer NOT NULL,
	`progress` integer DEFAULT 0 NOT NULL,
	`claimed_at` integer,
	PRIMARY KEY(`uid`, `day`, `slot`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contract_progress_day` ON `contract_progress` (`day`);--> statement-breakpoint
ALTER TABLE `players` ADD `streak` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `streak_day` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `second_wind_day` integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `field_kit_day` integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `field_kits_used` integer DEFAULT 0 NOT NULL;