CREATE TABLE `market_listings` (
	`id` text PRIMARY KEY NOT NULL,
	`seller_uid` text NOT NULL,
	`item_id` text NOT NULL,
	`catalog_id` text NOT NULL,
	`quality` integer NOT NULL,
	`tier` integer NOT NULL,
	`price` integer NOT NULL,
	`listing_fee` integer NOT NULL,
	`status` text NOT NULL,
	`buyer_uid` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`closed_at` integer,
	`proceeds` integer DEFAULT 0 NOT NULL,
	`collected_at` integer,
	FOREIGN KEY (`seller_uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `market_open` ON `market_listings` (`status`,`catalog_id`,`price`);--> statement-breakpoint
CREATE INDEX `market_open_tier` ON `market_listings` (`status`,`tier`,`price`);--> statement-breakpoint
CREATE INDEX `market_seller` ON `market_listings` (`seller_uid`,`status`);--> statement-breakpoint
CREATE INDEX `market_sales` ON `market_listings` (`catalog_id`,`closed_at`) WHERE "market_listings"."status" = 'sold';