CREATE TABLE `fights` (
	`id` text PRIMARY KEY NOT NULL,
	`attacker_uid` text NOT NULL,
	`defender_uid` text NOT NULL,
	`attacker` text NOT NULL,
	`defender` text NOT NULL,
	`seed` integer NOT NULL,
	`attacker_stats` text NOT NULL,
	`defender_stats` text NOT NULL,
	`winner` text NOT NULL,
	`rounds` text NOT NULL,
	`gold_taken` integer NOT NULL,
	`rating_change` integer NOT NULL,
	`attacker_xp` integer NOT NULL,
	`defender_xp` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`attacker_uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`defender_uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `fights_attacker` ON `fights` (`attacker_uid`,`created_at`);--> statement-breakpoint
CREATE INDEX `fights_defender` ON `fights` (`defender_uid`,`created_at`);--> statement-breakpoint
ALTER TABLE `players` ADD `xp` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `rating` integer DEFAULT 1000 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `wins` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `losses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `recovering_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `players_rating` ON `players` (`rating`);