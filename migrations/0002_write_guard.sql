-- The write guard of every intent (docs/decisions/004-game-intents.md). An intent's batch first claims each
-- player it changes by swapping the player's write token, then inserts one row here saying how many players
-- now hold the fresh token and how many must. When another request changed any of them in between, the
-- counts differ, the trigger aborts, and D1 rolls the whole batch back: nothing is written, for any player.
-- Otherwise the trigger drops the row, so the table stays empty. Writes after the guard need no guard of their own.
CREATE TABLE `write_claims` (
	`claimed` integer NOT NULL,
	`expected` integer NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `write_claims_check` BEFORE INSERT ON `write_claims`
BEGIN
	SELECT RAISE(ABORT, 'write_claim_lost') WHERE NEW.`claimed` IS NOT NEW.`expected`;
	SELECT RAISE(IGNORE);
END;
