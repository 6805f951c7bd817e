CREATE TABLE `push_subscriptions` (
	`endpoint` text PRIMARY KEY NOT NULL,
	`uid` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uid`) REFERENCES `players`(`uid`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `push_subscriptions_uid` ON `push_subscriptions` (`uid`);--> statement-breakpoint
ALTER TABLE `players` ADD `push_off` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `notices_seen_at` integer DEFAULT 0 NOT NULL;