-- Scavenge rolls in fewer bytes (issue #42, docs/decisions/013-verifiable-rolls.md "Rolls in bytes"). A scavenge's
-- roll is an 8-byte entry in a row of up to about a kilobyte (game/rules/roll-record.ts), keyed by the player's
-- number and the row's place among theirs: the scavenge's batch rewrites the newest row, or starts the next. The
-- seeds, the rules version and the nonces (a map from the row's first) are kept once a row. WITHOUT ROWID (drizzle
-- cannot declare it) and no other index, so a scavenge writes one row for its roll.
-- `roll_days` (migrations/0023) is no longer written: its rows are read as they are until the daily prune, by day,
-- has emptied it, 30 days after this migration.
CREATE TABLE `scavenge_rolls` (
	`num` integer NOT NULL,
	`seq` integer NOT NULL,
	`seed` blob NOT NULL,
	`client_seed` text NOT NULL,
	`first` integer NOT NULL,
	`day` integer NOT NULL,
	`rules` integer NOT NULL,
	`packed` blob NOT NULL,
	PRIMARY KEY(`num`, `seq`)
) WITHOUT ROWID;
