ALTER TABLE `players` ADD `refill_day` integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `refills_bought` integer DEFAULT 0 NOT NULL;