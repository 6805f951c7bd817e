DROP INDEX `market_seller`;--> statement-breakpoint
CREATE INDEX `market_seller_v2` ON `market_listings` (`seller_uid`,`status`,`closed_at`);--> statement-breakpoint
CREATE INDEX `market_sales_quality` ON `market_listings` (`catalog_id`,`quality`,`closed_at`) WHERE "market_listings"."status" = 'sold';