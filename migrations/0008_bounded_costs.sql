CREATE TABLE `rank_marks` (
	`position` integer PRIMARY KEY NOT NULL,
	`trophy_case_score` integer NOT NULL,
	`power` integer NOT NULL,
	`at_or_above` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rank_marks_value` ON `rank_marks` (`trophy_case_score`,`power`,`position`);--> statement-breakpoint
DROP INDEX `rolls_age`;--> statement-breakpoint
DROP INDEX `items_owner`;--> statement-breakpoint
CREATE INDEX `items_owner` ON `items` (`uid`,`location`,`id`,`catalog_id`,`quality`,`research_ms`,`equipped_at`,`created_at`,`trophy_at`);--> statement-breakpoint
DROP INDEX `players_rating`;--> statement-breakpoint
CREATE INDEX `players_rating` ON `players` (`rating`,`username`);