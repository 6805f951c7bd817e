-- The roll nonce moves onto the player's row (docs/decisions/014-bounded-costs.md, "Rows written"): the claim every
-- intent writes carries it, so a scavenge or a fight no longer writes `fair_seeds`.
ALTER TABLE `players` ADD `roll_nonce` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `players` SET `roll_nonce` = (SELECT `nonce` FROM `fair_seeds` WHERE `fair_seeds`.`uid` = `players`.`uid`) WHERE EXISTS (SELECT 1 FROM `fair_seeds` WHERE `fair_seeds`.`uid` = `players`.`uid`);--> statement-breakpoint
ALTER TABLE `fair_seeds` DROP COLUMN `nonce`;
