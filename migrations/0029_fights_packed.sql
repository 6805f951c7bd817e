-- Fights in bytes (issue #42, docs/decisions/014-bounded-costs.md "Storage", game/rules/fight-record.ts). A fight
-- was a `fights` row of about 465 bytes (three ids, both names, JSON stats, a 32-byte hash, two indexes); it is now
-- an entry of about 25 bytes appended to its attacker's row for the UTC day and seeds in use (`fight_days`), and
-- its attacker's number in the defender's row for the day (`fight_inbox`). Both WITHOUT ROWID, keyed by player
-- number (migrations/0028): a fight writes one row in each and no index entry.
CREATE TABLE `fight_days` (
	`num` integer NOT NULL,
	`day` integer NOT NULL,
	`seed_hash_prefix` blob NOT NULL,
	`client_seed` text NOT NULL,
	`defenders` text NOT NULL,
	`packed` blob NOT NULL,
	PRIMARY KEY(`num`, `day`, `seed_hash_prefix`, `client_seed`),
	FOREIGN KEY (`num`) REFERENCES `players`(`num`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `fight_inbox` (
	`num` integer NOT NULL,
	`day` integer NOT NULL,
	`attackers` text NOT NULL,
	PRIMARY KEY(`num`, `day`),
	FOREIGN KEY (`num`) REFERENCES `players`(`num`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
-- Every stored fight as the entry's fields. Its roll is on its row, or (fights from before rolls in bytes, nonce
-- null) in `rolls` under the fight's id; a fight with neither was drawn before rolls were verifiable: rules 0, no
-- seeds, numbered within its attacker's day so its id is still unique. Rounds were packed text (`100:a12d7`) or,
-- before that, JSON: both become a JSON list of [side, damage] (side 0 the attacker, 1 the defender). Every fight
-- started at 100 HP, which the entry no longer stores.
CREATE TABLE `fights_packing` AS
SELECT f.`id` AS `id`, f.`created_at` AS `created_at`, a.`num` AS `num`, d.`num` AS `defender`,
	f.`created_at` / 86400000 AS `day`, f.`created_at` % 86400000 AS `at`,
	CASE WHEN f.`nonce` IS NOT NULL THEN substr(f.`server_seed_hash`, 1, 4)
		WHEN r.`id` IS NOT NULL THEN unhex(substr(r.`server_seed_hash`, 1, 8))
		ELSE x'00000000' END AS `seed_hash_prefix`,
	coalesce(f.`client_seed`, r.`client_seed`, '') AS `client_seed`,
	coalesce(f.`nonce`, r.`nonce`, row_number() OVER (PARTITION BY a.`num`, f.`created_at` / 86400000, f.`nonce` IS NULL AND r.`id` IS NULL ORDER BY f.`created_at`, f.`id`) - 1) AS `nonce`,
	coalesce(f.`rules`, r.`rules`, 0) * 4 + (f.`rematch` <> 0) * 2 + (f.`winner` = 'attacker') AS `head`,
	CAST(json_extract(f.`attacker_stats`, '$[0]') AS INTEGER) AS `attack`, CAST(json_extract(f.`attacker_stats`, '$[1]') AS INTEGER) AS `defense`,
	CAST(json_extract(f.`defender_stats`, '$[0]') AS INTEGER) AS `their_attack`, CAST(json_extract(f.`defender_stats`, '$[1]') AS INTEGER) AS `their_defense`,
	f.`gold_taken` AS `gold_taken`,
	CASE WHEN f.`rating_change` >= 0 THEN 2 * f.`rating_change` ELSE -2 * f.`rating_change` - 1 END AS `rating`,
	f.`attacker_xp` AS `attacker_xp`, f.`defender_xp` AS `defender_xp`,
	CASE WHEN f.`rounds` LIKE '[%'
		THEN (SELECT json_group_array(json_array(CASE json_extract(s.value, '$.by') WHEN 'attacker' THEN 0 ELSE 1 END, json_extract(s.value, '$.damage'))) FROM json_each(f.`rounds`) s)
		WHEN instr(f.`rounds`, ':') = length(f.`rounds`) THEN '[]'
		ELSE '[' || substr(replace(replace(substr(f.`rounds`, instr(f.`rounds`, ':') + 1), 'a', '],[0,'), 'd', '],[1,'), 3) || ']]' END AS `strikes`
FROM `fights` f
JOIN `players` a ON a.`uid` = f.`attacker_uid`
JOIN `players` d ON d.`uid` = f.`defender_uid`
LEFT JOIN `rolls` r ON f.`nonce` IS NULL AND r.`id` = f.`id`;
--> statement-breakpoint
ALTER TABLE `fights_packing` ADD `strike_count` integer;
--> statement-breakpoint
UPDATE `fights_packing` SET `strike_count` = json_array_length(`strikes`);
--> statement-breakpoint
-- Each field as a varint in hex (game/rules/fight-record.ts), in the entry's order, then the strikes.
CREATE TABLE `fights_packing_fields` AS
WITH `fields` (`id`, `pos`, `v`) AS (
  SELECT p.`id`, k.key, k.value FROM `fights_packing` p, json_each(json_array(p.`nonce`, p.`at`, p.`head`, p.`attack`, p.`defense`, p.`their_attack`,
    p.`their_defense`, p.`gold_taken`, p.`rating`, p.`attacker_xp`, p.`defender_xp`, p.`strike_count`)) k
  UNION ALL SELECT p.`id`, 12 + s.key, json_extract(s.value, '$[1]') * 2 + json_extract(s.value, '$[0]') FROM `fights_packing` p, json_each(p.`strikes`) s
)
SELECT `id`, `pos`, CASE WHEN CAST(`v` AS INTEGER) < 128 THEN printf('%02x', CAST(`v` AS INTEGER))
    WHEN CAST(`v` AS INTEGER) < 16384 THEN printf('%02x%02x', 128 + CAST(`v` AS INTEGER) % 128, CAST(`v` AS INTEGER) / 128)
    WHEN CAST(`v` AS INTEGER) < 2097152 THEN printf('%02x%02x%02x', 128 + CAST(`v` AS INTEGER) % 128, 128 + CAST(`v` AS INTEGER) / 128 % 128, CAST(`v` AS INTEGER) / 16384)
    WHEN CAST(`v` AS INTEGER) < 268435456 THEN printf('%02x%02x%02x%02x', 128 + CAST(`v` AS INTEGER) % 128, 128 + CAST(`v` AS INTEGER) / 128 % 128, 128 + CAST(`v` AS INTEGER) / 16384 % 128, CAST(`v` AS INTEGER) / 2097152)
    ELSE printf('%02x%02x%02x%02x%02x', 128 + CAST(`v` AS INTEGER) % 128, 128 + CAST(`v` AS INTEGER) / 128 % 128, 128 + CAST(`v` AS INTEGER) / 16384 % 128, 128 + CAST(`v` AS INTEGER) / 2097152 % 128, CAST(`v` AS INTEGER) / 268435456) END AS `hex` FROM `fields`;
--> statement-breakpoint
-- A fight's entry: its fields' hex in order (a window keeps the order; the last position holds the whole).
CREATE TABLE `fights_packed` AS
SELECT p.*, e.`entry` FROM `fights_packing` p JOIN (
	SELECT `id`, `entry` FROM (
		SELECT `id`, `pos`, group_concat(`hex`, '') OVER (PARTITION BY `id` ORDER BY `pos`) AS `entry`, max(`pos`) OVER (PARTITION BY `id`) AS `last` FROM `fights_packing_fields`
	) WHERE `pos` = `last`
) e ON e.`id` = p.`id`;
--> statement-breakpoint
-- An attacker's day and seeds: the entries and the defenders in the order fought.
-- A client seed of lowercase hex digits, an even number of them, is stored as its bytes (worker/core/db/schema.ts).
INSERT INTO `fight_days` (`num`, `day`, `seed_hash_prefix`, `client_seed`, `defenders`, `packed`)
SELECT `num`, `day`, `seed_hash_prefix`,
	CASE WHEN `client_seed` <> '' AND length(`client_seed`) % 2 = 0 AND `client_seed` NOT GLOB '*[^0-9a-f]*' THEN unhex(`client_seed`) ELSE `client_seed` END,
	`defenders`, unhex(`entries`) FROM (
	SELECT `num`, `day`, `seed_hash_prefix`, `client_seed`,
		group_concat(`defender`, ',') OVER w AS `defenders`, group_concat(`entry`, '') OVER w AS `entries`,
		row_number() OVER w AS `n`, count(*) OVER (PARTITION BY `num`, `day`, `seed_hash_prefix`, `client_seed`) AS `fights`
	FROM `fights_packed`
	WINDOW w AS (PARTITION BY `num`, `day`, `seed_hash_prefix`, `client_seed` ORDER BY `created_at`, `id`)
) WHERE `n` = `fights`;
--> statement-breakpoint
INSERT INTO `fight_inbox` (`num`, `day`, `attackers`)
SELECT `defender`, `day`, group_concat(DISTINCT `num`) FROM `fights_packed` GROUP BY `defender`, `day`;
--> statement-breakpoint
-- The attacker's log links each fight to its roll by the fight's id, which is now `<day>.<num>.<hash>.<nonce>`.
UPDATE `activity` SET `roll_id` = (
	SELECT p.`day` || '.' || p.`num` || '.' || lower(hex(p.`seed_hash_prefix`)) || '.' || p.`nonce` FROM `fights_packed` p WHERE p.`id` = `activity`.`roll_id`
) WHERE `kind` = 'fight' AND `roll_id` IN (SELECT `id` FROM `fights_packed`);
--> statement-breakpoint
-- A fight's roll kept in `rolls` now rides in its entry.
DELETE FROM `rolls` WHERE `kind` = 'fight' AND `id` IN (SELECT `id` FROM `fights_packed`);
--> statement-breakpoint
DROP TABLE `fights_packing`;
--> statement-breakpoint
DROP TABLE `fights_packing_fields`;
--> statement-breakpoint
DROP TABLE `fights_packed`;
--> statement-breakpoint
DROP TABLE `fights`;
