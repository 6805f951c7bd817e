CREATE TABLE `fair_seeds` (
	`uid` text PRIMARY KEY NOT NULL,
	`server_seed` text NOT NULL,
	`client_seed` text NOT NULL,
	`nonce` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `revealed_seeds` (
	`hash` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`seed` text NOT NULL,
	`revealed_at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `revealed_seeds_age` ON `revealed_seeds` (`revealed_at`);--> statement-breakpoint
CREATE TABLE `rolls` (
	`id` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`kind` text NOT NULL,
	`server_seed_hash` text NOT NULL,
	`client_seed` text NOT NULL,
	`nonce` integer NOT NULL,
	`rules` integer NOT NULL,
	`outcome` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `rolls_owner` ON `rolls` (`uid`,`created_at`);--> statement-breakpoint
CREATE INDEX `rolls_age` ON `rolls` (`created_at`);--> statement-breakpoint
ALTER TABLE `activity` ADD `roll_id` text;--> statement-breakpoint
ALTER TABLE `fights` DROP COLUMN `seed`;--> statement-breakpoint
-- Players from before verifiable rolls get their first seeds here (SQL has no SHA-256, so the Worker computes
-- the hash when it shows one). New players get Worker-made seeds with their player row
-- (worker/features/fairness). Anyone may rotate at once for a Worker-made seed (docs/decisions/013).
INSERT INTO `fair_seeds` (`uid`, `server_seed`, `client_seed`, `nonce`)
SELECT `uid`, lower(hex(randomblob(32))), lower(hex(randomblob(8))), 0 FROM `players`;
