-- Scavenge rolls in fewer bytes (issue #42, docs/decisions/013-verifiable-rolls.md "Rolls in bytes"). A scavenge's
-- roll is an 8-byte entry in a row of up to 4,000 bytes (game/rules/roll-record.ts): the scavenge's batch rewrites
-- the player's newest row, or starts the next. The seeds, the rules version and the nonces (a map from the row's
-- first) are kept once a row. A rowid table on purpose: its id is the player's number × 2^20 + the row's place among
-- theirs, so a player's rows are one range of the table's own b-tree (no other index: a scavenge writes one row for
-- its roll), and a row this long stays inline (a WITHOUT ROWID row spills past about 1,000 bytes). One full row fills
-- a 4 KB page, so pages stay full however the rows came.
-- `roll_days` (migrations/0023) is no longer written: its rows are read as they are until the daily prune, by day,
-- has emptied it, 30 days after this migration.
CREATE TABLE `scavenge_rolls` (
	`id` integer PRIMARY KEY NOT NULL,
	`seed` blob NOT NULL,
	`client_seed` text NOT NULL,
	`first` integer NOT NULL,
	`day` integer NOT NULL,
	`rules` integer NOT NULL,
	`packed` blob NOT NULL
);
