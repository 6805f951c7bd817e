DROP INDEX `items_owner_v2`;--> statement-breakpoint
ALTER TABLE `items` ADD `researched_by` text;--> statement-breakpoint
CREATE INDEX `items_owner_v3` ON `items` (`uid`,`location`,`id`,`catalog_id`,`quality`,`research_ms`,`equipped_at`,`created_at`,`trophy_at`,`researched_by`,`researched_at`);--> statement-breakpoint
ALTER TABLE `market_listings` ADD `researched_by` text;;--> statement-breakpoint
-- Who researched each stored item, and when (docs/design.md section 9.4, docs/decisions/024-researched-by.md says
-- what could not be known). A snapshot of each catalogue item's research time and tier points as of this change.
CREATE TABLE `migration_0018_catalogue` (`catalog_id` text PRIMARY KEY NOT NULL, `research_ms` integer NOT NULL, `points` integer NOT NULL);--> statement-breakpoint
INSERT INTO `migration_0018_catalogue` VALUES
('feather',600000,1),
('bottle-cap',600000,1),
('rusty-nail',600000,1),
('cracked-mug',600000,1),
('bent-spoon',600000,1),
('frayed-shoelace',600000,1),
('candle-stub',600000,1),
('tin-can-lid',600000,1),
('duct-tape-scrap',600000,1),
('broken-pencil',600000,1),
('rubber-band',600000,1),
('soggy-cardboard',600000,1),
('plastic-fork',600000,1),
('glass-shard',600000,1),
('old-newspaper',600000,1),
('button-battery',600000,1),
('clothespin',600000,1),
('chipped-brick',600000,1),
('frayed-rope',600000,1),
('hubcap',600000,1),
('kitchen-knife',960000,2),
('wooden-plank',960000,2),
('lead-pipe',960000,2),
('trash-can-lid',960000,2),
('work-gloves',960000,2),
('hiking-boots',960000,2),
('claw-hammer',960000,2),
('slingshot',960000,2),
('padded-jacket',960000,2),
('hockey-mask',960000,2),
('crowbar',960000,2),
('tire-iron',960000,2),
('bicycle-chain',960000,2),
('welding-goggles',960000,2),
('garden-shears',960000,2),
('road-flare',960000,2),
('canvas-backpack',960000,2),
('baseball-bat',960000,2),
('machete',1560000,4),
('fire-axe',1560000,4),
('crossbow-pistol',1560000,4),
('riot-shield',1560000,4),
('motorcycle-helmet',1560000,4),
('kevlar-vest',1560000,4),
('nail-bat',1560000,4),
('signpost-spear',1560000,4),
('stop-sign-shield',1560000,4),
('brass-compass',1560000,4),
('binoculars',1560000,4),
('gas-mask',1560000,4),
('flare-gun',1560000,4),
('leather-duster',1560000,4),
('sledgehammer',1560000,4),
('bear-trap',1560000,4),
('compound-bow',2460000,8),
('chainsaw',2460000,8),
('tactical-vest',2460000,8),
('night-vision-goggles',2460000,8),
('scrap-gauntlets',2460000,8),
('pump-shotgun',2460000,8),
('hazmat-suit',2460000,8),
('wrist-crossbow',2460000,8),
('car-door-shield',2460000,8),
('geiger-counter',2460000,8),
('katana',2460000,8),
('radio-transceiver',2460000,8),
('harpoon-gun',2460000,8),
('scout-drone',2460000,8),
('plasma-cutter',3960000,16),
('exoskeleton-legs',3960000,16),
('ballistic-armor',3960000,16),
('tesla-staff',3960000,16),
('sniper-rifle',3960000,16),
('thermal-cloak',3960000,16),
('rail-spike-launcher',3960000,16),
('solar-backpack',3960000,16),
('reactive-plating',3960000,16),
('bone-saw-glaive',3960000,16),
('arc-welder-lance',6300000,32),
('titanium-exosuit',6300000,32),
('gauss-carbine',6300000,32),
('mirror-shield',6300000,32),
('mutant-hide-coat',6300000,32),
('storm-harpoon',6300000,32),
('bunker-door',6300000,32),
('drone-swarm-remote',6300000,32),
('orbital-beacon',10080000,64),
('cryo-cannon',10080000,64),
('dam-keepers-aegis',10080000,64),
('mech-arm',10080000,64),
('phoenix-flamethrower',10080000,64),
('silo-door-greatshield',10080000,64),
('fusion-core',16080000,128),
('sentinel-core',16080000,128),
('starfall-blade',16080000,128),
('stasis-field-generator',16080000,128),
('founders-railgun',25740000,256),
('grandmothers-lantern',25740000,256),
('seed-vault-key',25740000,256),
('junkyard-titan',41220000,64),
('skyhook-glider',41220000,64),
('scrapforge-hammer',41220000,64),
('citadel-walker',41220000,64),
('medal-01',66000000,1024),
('medal-02',66000000,1024),
('medal-03',66000000,1024),
('medal-04',66000000,1024),
('medal-05',66000000,1024),
('medal-06',66000000,1024),
('medal-07',66000000,1024),
('medal-08',66000000,1024),
('medal-09',66000000,1024),
('medal-10',66000000,1024),
('medal-11',66000000,1024),
('medal-12',66000000,1024);--> statement-breakpoint
-- Each sold item's first sale: its seller researched it (only researched items are listed).
CREATE TABLE `migration_0018_first_sales` (`item_id` text PRIMARY KEY NOT NULL, `seller_uid` text NOT NULL);--> statement-breakpoint
INSERT INTO `migration_0018_first_sales` SELECT `item_id`, `seller_uid` FROM (SELECT `item_id`, `seller_uid`, min(`closed_at`) FROM `market_listings` WHERE `status` = 'sold' GROUP BY `item_id`);--> statement-breakpoint
-- Equipped items complete now: finished during this equip (the time is exact), or before it (the time kept when it
-- last left the inventory, else unknown: 0 counts all-time and in no season).
UPDATE `items` SET `researched_at` = CASE
    WHEN `research_ms` < (SELECT `research_ms` FROM `migration_0018_catalogue` c WHERE c.`catalog_id` = `items`.`catalog_id`)
      THEN `equipped_at` + (SELECT `research_ms` FROM `migration_0018_catalogue` c WHERE c.`catalog_id` = `items`.`catalog_id`) - `research_ms`
    ELSE coalesce(`researched_at`, 0) END
  WHERE `location` = 'inventory' AND `equipped_at` IS NOT NULL
    AND `research_ms` + max(0, unixepoch() * 1000 - `equipped_at`) >= (SELECT `research_ms` FROM `migration_0018_catalogue` c WHERE c.`catalog_id` = `items`.`catalog_id`);--> statement-breakpoint
-- Everywhere else an item is always researched (the duffel, the case and the market take no other).
UPDATE `items` SET `researched_at` = 0 WHERE `location` <> 'inventory' AND `researched_at` IS NULL;--> statement-breakpoint
UPDATE `items` SET `researched_by` = coalesce((SELECT `seller_uid` FROM `migration_0018_first_sales` s WHERE s.`item_id` = `items`.`id`), `uid`) WHERE `researched_at` IS NOT NULL;--> statement-breakpoint
UPDATE `market_listings` SET `researched_by` = coalesce(
    (SELECT `researched_by` FROM `items` WHERE `items`.`id` = `market_listings`.`item_id`),
    (SELECT `seller_uid` FROM `migration_0018_first_sales` s WHERE s.`item_id` = `market_listings`.`item_id`),
    `seller_uid`);--> statement-breakpoint
-- Trophy scores count only trophies their owner researched.
UPDATE `players` SET `trophy_case_score` = coalesce((SELECT sum(c.`points` * i.`quality`) FROM `items` i JOIN `migration_0018_catalogue` c ON c.`catalog_id` = i.`catalog_id`
    WHERE i.`uid` = `players`.`uid` AND i.`location` = 'trophy' AND i.`researched_by` = i.`uid`), 0)
  WHERE `trophy_case_score` <> coalesce((SELECT sum(c.`points` * i.`quality`) FROM `items` i JOIN `migration_0018_catalogue` c ON c.`catalog_id` = i.`catalog_id`
    WHERE i.`uid` = `players`.`uid` AND i.`location` = 'trophy' AND i.`researched_by` = i.`uid`), 0);--> statement-breakpoint
-- The current season: trophies added this season, researched by their owner this season.
UPDATE `season_scores` SET
    `points` = coalesce((SELECT sum(c.`points` * i.`quality`) FROM `items` i JOIN `migration_0018_catalogue` c ON c.`catalog_id` = i.`catalog_id`
      WHERE i.`uid` = `season_scores`.`uid` AND i.`location` = 'trophy' AND i.`researched_by` = i.`uid`
        AND i.`trophy_at` >= unixepoch(strftime('%Y-%m-01', 'now')) * 1000 AND i.`researched_at` >= unixepoch(strftime('%Y-%m-01', 'now')) * 1000), 0),
    `trophies` = (SELECT count(*) FROM `items` i
      WHERE i.`uid` = `season_scores`.`uid` AND i.`location` = 'trophy' AND i.`researched_by` = i.`uid`
        AND i.`trophy_at` >= unixepoch(strftime('%Y-%m-01', 'now')) * 1000 AND i.`researched_at` >= unixepoch(strftime('%Y-%m-01', 'now')) * 1000)
  WHERE `season` = strftime('%Y-%m', 'now');--> statement-breakpoint
DELETE FROM `season_scores` WHERE `season` = strftime('%Y-%m', 'now') AND `points` = 0;--> statement-breakpoint
-- A guild's ledger keeps what each member earned while a member, which cannot be told apart again: it keeps at
-- most the member's recomputed season score.
UPDATE `guild_season_scores` SET `points` = min(`points`, coalesce((SELECT s.`points` FROM `season_scores` s WHERE s.`season` = `guild_season_scores`.`season` AND s.`uid` = `guild_season_scores`.`uid`), 0))
  WHERE `season` = strftime('%Y-%m', 'now');--> statement-breakpoint
DELETE FROM `guild_season_scores` WHERE `season` = strftime('%Y-%m', 'now') AND `points` = 0;--> statement-breakpoint
-- Rank marks are of the old scores: without them a rank is counted exactly until the Cron writes new ones.
DELETE FROM `rank_marks`;--> statement-breakpoint
DROP TABLE `migration_0018_first_sales`;--> statement-breakpoint
DROP TABLE `migration_0018_catalogue`;
