DROP INDEX `items_owner_v2`;--> statement-breakpoint
ALTER TABLE `items` ADD `researched_by` text;--> statement-breakpoint
CREATE INDEX `items_owner_v3` ON `items` (`uid`,`location`,`id`,`catalog_id`,`quality`,`research_ms`,`equipped_at`,`created_at`,`trophy_at`,`researched_by`,`researched_at`);--> statement-breakpoint
ALTER TABLE `market_listings` ADD `researched_by` text;