CREATE TABLE `server_firsts` (
	`catalog_id` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`username` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `players` ADD `defences_lost_day` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `defences_lost` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The items owned today name their first owners as well as the table can know them: the oldest item of each
-- catalogue id still held (an item deleted since cannot be seen). From here on the intents record them
-- (docs/decisions/015-rules-that-teach.md).
INSERT INTO `server_firsts` (`catalog_id`, `uid`, `username`, `created_at`)
SELECT `catalog_id`, `uid`, `username`, `created_at` FROM (
  SELECT `i`.`catalog_id`, `i`.`uid`, `p`.`username`, `i`.`created_at`,
    ROW_NUMBER() OVER (PARTITION BY `i`.`catalog_id` ORDER BY `i`.`created_at`, `i`.`id`) AS `n`
  FROM `items` `i` JOIN `players` `p` ON `p`.`uid` = `i`.`uid`
) WHERE `n` = 1;--> statement-breakpoint
-- Assembled trophies now score as a Legendary (64 a quality point, not 512): the stored scores follow at once
-- rather than at each player's next intent. Ratings rise to the new floor of 100.
UPDATE `players` SET `trophy_case_score` = `trophy_case_score` - 448 * (
  SELECT COALESCE(SUM(`quality`), 0) FROM `items`
  WHERE `items`.`uid` = `players`.`uid` AND `location` = 'trophy'
    AND `catalog_id` IN ('junkyard-titan', 'skyhook-glider', 'scrapforge-hammer', 'citadel-walker')
)
WHERE `uid` IN (
  SELECT `uid` FROM `items` WHERE `location` = 'trophy'
    AND `catalog_id` IN ('junkyard-titan', 'skyhook-glider', 'scrapforge-hammer', 'citadel-walker')
);
--> statement-breakpoint
UPDATE `players` SET `rating` = 100 WHERE `rating` < 100;
