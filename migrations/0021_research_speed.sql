DROP INDEX `items_owner_v3`;--> statement-breakpoint
ALTER TABLE `items` ADD `research_speed` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `items_owner_v3` ON `items` (`uid`,`location`,`id`,`catalog_id`,`quality`,`research_ms`,`equipped_at`,`research_speed`,`created_at`,`trophy_at`,`researched_by`,`researched_at`);