DROP INDEX `players_rating`;--> statement-breakpoint
ALTER TABLE `players` ADD `protected_until` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `players_protection` ON `players` (`protected_until`) WHERE "players"."protected_until" > 0;--> statement-breakpoint
CREATE INDEX `players_rating` ON `players` (`rating`,`username`) WHERE "players"."protected_until" = 0;--> statement-breakpoint
ALTER TABLE `fights` ADD `rematch` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- New-player protection for players who chose their name less than 72 h ago and have not attacked anyone
-- (docs/design.md section 9.10): 72 h from choosing it, as a new player gets now. Everyone else, having attacked
-- or being older, is open to attack (the default, 0). Their fights are all still stored: only those older than
-- 30 days are pruned.
UPDATE `players` SET `protected_until` = `created_at` + 259200000
WHERE `created_at` + 259200000 > unixepoch() * 1000
  AND NOT EXISTS (SELECT 1 FROM `fights` WHERE `fights`.`attacker_uid` = `players`.`uid`);
