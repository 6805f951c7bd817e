-- A craft's research time is its newest part's (docs/design.md section 9.4, docs/decisions/028-full-leagues.md):
-- until now a craft was stamped as researched at the moment of the craft, so parts researched last week or season
-- scored as new. The parts are gone and their times were never kept, so a crafted item still held (not yet in the
-- trophy case) whose stamp is its craft gets the unknown time, 0: it counts all-time, in no week, season or
-- research contract (docs/decisions/024-researched-by.md). Trophies already added keep what they scored.
UPDATE `items` SET `researched_at` = 0
  WHERE `catalog_id` IN ('scrapforge-hammer', 'skyhook-glider', 'citadel-walker', 'junkyard-titan')
    AND `location` <> 'trophy' AND `researched_at` = `created_at`;
