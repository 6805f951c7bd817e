ALTER TABLE `players` ADD `showcase_slots` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `showcase` text DEFAULT '[]' NOT NULL;