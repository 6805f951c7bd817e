-- The arena pays like play (docs/decisions/030-arena-pays-like-play.md): gold each player lost to fights on their
-- last lost defence's UTC day, and in their first 7 days. Players start at 0: losses before this are not counted.
ALTER TABLE `players` ADD `defences_gold_lost` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `first_week_gold_lost` integer DEFAULT 0 NOT NULL;