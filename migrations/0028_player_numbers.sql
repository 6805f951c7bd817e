-- Player numbers (docs/decisions/014-bounded-costs.md, "Storage"): a small integer per player for the packed
-- records that name other players (a fight names its defender, a defender's inbox its attacker) and for the keys
-- of the tables that grow with play, where the 36-character uid was most of each row. Given by the database, so
-- no insert can forget it: the trigger numbers every new player after the highest number so far.
ALTER TABLE `players` ADD `num` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `players` SET `num` = `rowid`;--> statement-breakpoint
CREATE UNIQUE INDEX `players_num` ON `players` (`num`);--> statement-breakpoint
CREATE TRIGGER `players_number` AFTER INSERT ON `players` WHEN NEW.`num` = 0 BEGIN
  UPDATE `players` SET `num` = (SELECT coalesce(max(`num`), 0) + 1 FROM `players`) WHERE `uid` = NEW.`uid`;
END;
