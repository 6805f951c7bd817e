/**
 * The season's board (docs/design.md section 8.4): the top players by this month's points and the reader's own
 * standing, in the reader's one session-checked read. Banned players are on no board (`season_scores.banned`, a
 * copy of the account's ban kept by the database).
 *
 * The reader's rank is counted only among the first SEASON_RANK_COUNTED (further down the board says "below
 * #1,000", docs/decisions/017-seasons.md). As the all-time rank (worker/core/ranking.ts), it is the mark nearest
 * above the reader, which the Cron keeps every SEASON_MARK_EVERY positions of those first 1,000, plus a live count
 * of at most SEASON_RANK_SCAN players between them, so one read costs a bounded number of rows
 * (docs/decisions/014-bounded-costs.md). Before the season's first refresh the count is exact, up to 1,000.
 */
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { catalogueById } from '../../../game/rules/catalogue';
import { seasonBounds } from '../../../game/rules/season';
import type { SeasonBoard, SeasonRow } from '../../../game/wire';
import type { Database } from '../../core/db/client';
import { players } from '../../core/db/schema';
import { guildSeasonScores, seasonMarks, seasonPrizes, seasonScores } from './schema';

const SEASON_BOARD_SIZE = 50;
export const SEASON_RANK_COUNTED = 1000;
/** Positions between two of the season's marks; the Cron refreshes them with the all-time marks. */
export const SEASON_MARK_EVERY = 10;
/** At most this many players are counted live once marks exist: twice the gap, for the moves since the refresh. */
const SEASON_RANK_SCAN = 2 * SEASON_MARK_EVERY;
/** Beyond every score: the bound of a reader with no mark above them. */
const NO_MARK_POINTS = Number.MAX_SAFE_INTEGER;

/** On the board: not banned. */
const onBoard = sql`${seasonScores.banned} = 0`;
/** The season row carries the name and level it shows, so the top rows read no player rows. */
const rowFields = { username: seasonScores.username, level: seasonScores.level, points: seasonScores.points, trophies: seasonScores.trophies };

export function seasonBoardReads(db: Database, uid: string, now: number) {
  const { season } = seasonBounds(now);
  const mine = db.select({ points: seasonScores.points }).from(seasonScores).where(and(eq(seasonScores.season, season), eq(seasonScores.uid, uid)));
  // The mark nearest above the reader's points (one index row), and how many stand at or above it.
  const markAbove = sql`(select ${seasonMarks.points}, ${seasonMarks.atOrAbove} from ${seasonMarks} where ${seasonMarks.season} = ${season} and ${seasonMarks.points} > (${mine}) order by ${seasonMarks.points} limit 1)`;
  const between = sql`select 1 from ${seasonScores} where ${seasonScores.season} = ${season} and ${onBoard} and ${seasonScores.points} > (${mine})
      and ${seasonScores.points} < coalesce((select points from ${markAbove}), ${NO_MARK_POINTS})
    limit (case when exists (select 1 from ${seasonMarks} where ${seasonMarks.season} = ${season}) then ${sql.raw(String(SEASON_RANK_SCAN))} else ${sql.raw(String(SEASON_RANK_COUNTED))} end)`;
  return [
    db
      .select(rowFields)
      .from(seasonScores)
      .where(and(eq(seasonScores.season, season), onBoard))
      .orderBy(desc(seasonScores.points), asc(seasonScores.name))
      .limit(SEASON_BOARD_SIZE),
    db
      .select({ username: players.username, level: players.level, points: sql<number>`coalesce((${mine}), 0)`, trophies: sql<number>`coalesce((select ${seasonScores.trophies} from ${seasonScores} where ${seasonScores.season} = ${season} and ${seasonScores.uid} = ${uid}), 0)` })
      .from(players)
      .where(eq(players.uid, uid)),
    db.select({ ahead: sql<number>`coalesce((select at_or_above from ${markAbove}), 0) + (select count(*) from (${between}))` }).from(sql`(select 1)`),
  ] as const;
}

/**
 * The Cron's refresh of the season's marks (every 5 minutes, with the all-time marks): one pass over the season's
 * rows in points order. Only the first SEASON_RANK_COUNTED positions have marks (a rank further down is not shown),
 * only marks that moved are written, and marks past the end of the board or of another season go.
 */
export function refreshSeasonMarks(db: Database, now: number) {
  const { season } = seasonBounds(now);
  const order = sql`order by ${seasonScores.points} desc`;
  const board = db
    .select({
      position: sql<number>`row_number() over (${order})`.as('position'),
      points: sql<number>`${seasonScores.points}`.as('points'),
      // The default frame counts every player level with this one too.
      atOrAbove: sql<number>`count(*) over (${order})`.as('at_or_above'),
    })
    .from(seasonScores)
    .where(and(eq(seasonScores.season, season), onBoard))
    .as('board');
  const boardSize = db.select({ n: sql<number>`count(*)` }).from(seasonScores).where(and(eq(seasonScores.season, season), onBoard));
  return [
    db
      .insert(seasonMarks)
      .select(
        db
          .select({ season: sql<string>`${season}`.as('season'), position: board.position, points: board.points, atOrAbove: board.atOrAbove })
          .from(board)
          .where(sql`${board.position} % ${SEASON_MARK_EVERY} = 0 and ${board.position} <= ${SEASON_RANK_COUNTED}`),
      )
      .onConflictDoUpdate({
        target: [seasonMarks.season, seasonMarks.position],
        set: { points: sql`excluded.points`, atOrAbove: sql`excluded.at_or_above` },
        setWhere: sql`(${seasonMarks.points}, ${seasonMarks.atOrAbove}) is not (excluded.points, excluded.at_or_above)`,
      }),
    db.delete(seasonMarks).where(sql`${seasonMarks.season} <> ${season} or ${seasonMarks.position} > (${boardSize})`),
  ] as const;
}

type Row = Omit<SeasonRow, 'rank'>;

/** Null when the reader has no player row. */
export function parseSeasonBoard([top, [own], [counted]]: readonly [Row[], Row[], { ahead: number }[]], now: number): SeasonBoard | null {
  if (!own) return null;
  const { season, endsAt } = seasonBounds(now);
  const rows: SeasonRow[] = [];
  for (const [index, row] of top.entries()) {
    const previous = rows[index - 1];
    rows.push({ ...row, rank: previous && previous.points === row.points ? previous.rank : index + 1 });
  }
  const ahead = counted?.ahead ?? 0;
  // No points yet: not on the board. Beyond the count: somewhere below it.
  const rank = own.points === 0 || ahead >= SEASON_RANK_COUNTED ? null : ahead + 1;
  return { board: 'season', season, endsAt, top: rows, me: { ...own, rank } };
}

/** A guild's season score: the sum of its ledger for the season holding `now` (one row per member who earned). */
export function guildSeasonScoreRead(db: Database, guildId: string, now: number) {
  return db
    .select({ points: sql<number>`coalesce(sum(${guildSeasonScores.points}), 0)` })
    .from(guildSeasonScores)
    .where(and(eq(guildSeasonScores.season, seasonBounds(now).season), eq(guildSeasonScores.guildId, guildId)));
}

/** The medals on a player's shelf, by name (any case), newest season first: a prize row each with a medal (season_prizes_player). */
export const withMedalNames = (rows: readonly { season: string; catalogId: string; rank: number }[]) =>
  rows.map((row) => ({ ...row, name: catalogueById(row.catalogId)?.name ?? row.catalogId }));

export function medalsRead(db: Database, username: string) {
  return db
    .select({ season: seasonPrizes.season, catalogId: seasonPrizes.medal, rank: seasonPrizes.rank })
    .from(seasonPrizes)
    .innerJoin(players, eq(players.uid, seasonPrizes.uid))
    .where(and(sql`lower(${players.username}) = lower(${username})`, ne(seasonPrizes.medal, '')))
    .orderBy(desc(seasonPrizes.season))
    .limit(MEDALS_SHOWN);
}
/** Two years of monthly medals. */
const MEDALS_SHOWN = 24;
