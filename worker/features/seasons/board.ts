/**
 * The season's board (docs/design.md section 8.4): the top players by this month's points and the reader's own
 * standing, in the reader's one session-checked read. Banned players are on no board.
 *
 * The reader's rank counts the players ahead of them over the board's index, but never more than
 * SEASON_RANK_COUNTED of them, so one read costs a bounded number of rows at any board size
 * (docs/decisions/017-seasons.md); further down the board says "below #1,000".
 */
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { catalogueById } from '../../../game/rules/catalogue';
import { seasonBounds } from '../../../game/rules/season';
import type { SeasonBoard, SeasonRow } from '../../../game/wire';
import type { Database } from '../../core/db/client';
import { guildSeasonScores, players, seasonPrizes, seasonScores, users } from '../../core/db/schema';

const SEASON_BOARD_SIZE = 50;
export const SEASON_RANK_COUNTED = 1000;

const notBanned = and(eq(users.id, seasonScores.uid), isNull(users.bannedAt));
const rowFields = { username: players.username, level: players.level, points: seasonScores.points, trophies: seasonScores.trophies };

export function seasonBoardReads(db: Database, uid: string, now: number) {
  const { season } = seasonBounds(now);
  const mine = db.select({ points: seasonScores.points }).from(seasonScores).where(and(eq(seasonScores.season, season), eq(seasonScores.uid, uid)));
  const ahead = db
    .select({ one: sql`1` })
    .from(seasonScores)
    .innerJoin(users, notBanned)
    .where(and(eq(seasonScores.season, season), gt(seasonScores.points, sql`(${mine})`)))
    .limit(SEASON_RANK_COUNTED)
    .as('ahead');
  return [
    db
      .select(rowFields)
      .from(seasonScores)
      .innerJoin(players, eq(players.uid, seasonScores.uid))
      .innerJoin(users, notBanned)
      .where(eq(seasonScores.season, season))
      .orderBy(desc(seasonScores.points), sql`lower(${players.username})`)
      .limit(SEASON_BOARD_SIZE),
    db
      .select({ username: players.username, level: players.level, points: sql<number>`coalesce((${mine}), 0)`, trophies: sql<number>`coalesce((select ${seasonScores.trophies} from ${seasonScores} where ${seasonScores.season} = ${season} and ${seasonScores.uid} = ${uid}), 0)` })
      .from(players)
      .where(eq(players.uid, uid)),
    db.select({ ahead: sql<number>`count(*)` }).from(ahead),
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
