-- Rolls in bytes (issue #42, docs/decisions/013-verifiable-rolls.md "Rolls in bytes"). A scavenge's roll is an
-- 11-byte entry appended to one row per player, UTC day, seeds in use and block of 64 nonces
-- (game/rules/roll-record.ts): WITHOUT ROWID and no other index, so a scavenge writes one row for its roll.
-- `rolls` is no longer written; it is read until the daily prune has emptied it.
CREATE TABLE `roll_days` (
	`uid` text NOT NULL,
	`day` integer NOT NULL,
	`server_seed_hash` blob NOT NULL,
	`client_seed` text NOT NULL,
	`block` integer NOT NULL,
	`packed` blob NOT NULL,
	PRIMARY KEY(`uid`, `day`, `server_seed_hash`, `client_seed`, `block`),
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- A fight verifies from its own row: the seeds it drew from and the rules it was fought under (null for fights
-- from before, whose roll is in `rolls`). Rebuilt WITHOUT ROWID: its text key then costs no index row of its own.
CREATE TABLE `fights_new` (
	`id` text PRIMARY KEY NOT NULL,
	`attacker_uid` text NOT NULL,
	`defender_uid` text NOT NULL,
	`attacker` text NOT NULL,
	`defender` text NOT NULL,
	`attacker_stats` text NOT NULL,
	`defender_stats` text NOT NULL,
	`winner` text NOT NULL,
	`rounds` text NOT NULL,
	`gold_taken` integer NOT NULL,
	`rating_change` integer NOT NULL,
	`attacker_xp` integer NOT NULL,
	`defender_xp` integer NOT NULL,
	`rematch` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`server_seed_hash` blob,
	`client_seed` text,
	`nonce` integer,
	`rules` integer,
	FOREIGN KEY (`attacker_uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`defender_uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `fights_new` (`id`, `attacker_uid`, `defender_uid`, `attacker`, `defender`, `attacker_stats`, `defender_stats`, `winner`, `rounds`, `gold_taken`, `rating_change`, `attacker_xp`, `defender_xp`, `rematch`, `created_at`)
SELECT `id`, `attacker_uid`, `defender_uid`, `attacker`, `defender`, `attacker_stats`, `defender_stats`, `winner`, `rounds`, `gold_taken`, `rating_change`, `attacker_xp`, `defender_xp`, `rematch`, `created_at` FROM `fights`;
--> statement-breakpoint
DROP TABLE `fights`;
--> statement-breakpoint
ALTER TABLE `fights_new` RENAME TO `fights`;
--> statement-breakpoint
CREATE INDEX `fights_attacker` ON `fights` (`attacker_uid`,`created_at`);
--> statement-breakpoint
CREATE INDEX `fights_defender` ON `fights` (`defender_uid`,`created_at`);
