/**
 * Where players stand (docs/design.md section 3, game/rules/rank.ts): the D1 statements behind a player's rank and
 * the leaderboard. Order: trophy case score, then total power; ties share the better rank ("1224").
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { LEADERBOARD_ORDER, sameRank } from '../../game/rules/rank';
import type { Leaderboard, LeaderboardRow, PlayerCard } from '../../game/wire';
import type { Database } from './db/client';
import { guildMembers, guilds, items, players, users } from './db/schema';

const LEADERBOARD_SIZE = 50;

const me = alias(players, 'me');
const other = alias(players, 'other');
const power = (table: typeof players | typeof me | typeof other) => sql<number>`${table.totalAttack} + ${table.totalDefense}`;

/** LEADERBOARD_ORDER as SQL; the name ignores case, as the unique name index and compareBoard do. */
const boardColumns = { trophyCaseScore: players.trophyCaseScore, totalPower: power(players), username: sql`lower(${players.username})` };
const boardOrder = LEADERBOARD_ORDER.map(({ key, direction }) => (direction === 'desc' ? desc : asc)(boardColumns[key]));

/** Whether `table`'s player stands ahead of `than`'s, as a row-value comparison over the players_ranking index. */
const aheadOf = (table: typeof players | typeof other, than: typeof players | typeof me) =>
  sql`(${table.trophyCaseScore}, ${power(table)}) > (${than.trophyCaseScore}, ${power(than)})`;

/**
 * Banned players ahead of `than`, to subtract: banned players are on no board (hardening 3). A CROSS JOIN makes
 * SQLite walk the partial index of banned accounts and look each one's player up by uid, so it costs the few
 * banned; with an inner join it may walk every player ahead again instead (EXPLAIN QUERY PLAN, no statistics).
 */
const bannedAhead = (db: Database, than: typeof players | typeof me) =>
  db
    .select({ n: count() })
    .from(users)
    .crossJoin(other)
    .where(and(isNotNull(users.bannedAt), eq(other.uid, users.id), aheadOf(other, than)));

/** Joined to a players query (`innerJoin(users, notBanned)`): only players whose account is not banned. */
export const notBanned = and(eq(users.id, players.uid), isNull(users.bannedAt));

/**
 * A player's rank: 1 + the players ahead who are not banned. It counts over every player, so only answers
 * that show it read it (the profile, an intent's answer, the leaderboard), never a decision.
 */
export function rankingRead(db: Database, uid: string) {
  return db
    .select({ ahead: sql<number>`count(*) - (${bannedAhead(db, me)})` })
    .from(players)
    .innerJoin(me, eq(me.uid, uid))
    // A row-value comparison, so SQLite counts one range of the players_ranking index (bench/ranking.mjs).
    .where(aheadOf(players, me));
}

export function parseRanking([row]: readonly { ahead: number }[]): number {
  return 1 + (row?.ahead ?? 0);
}

/** Whether another player is level with this one on score and power, so shares their rank: one index row at most. */
function tiedRead(db: Database, uid: string) {
  return db
    .select({ tied: sql<number>`1` })
    .from(players)
    .innerJoin(me, eq(me.uid, uid))
    .innerJoin(users, notBanned)
    .where(sql`(${players.trophyCaseScore}, ${power(players)}) = (${me.trophyCaseScore}, ${power(me)}) and ${players.uid} <> ${uid}`)
    .limit(1);
}

const rowFields = {
  username: players.username,
  level: players.level,
  trophyCaseScore: players.trophyCaseScore,
  totalPower: power(players),
  trophies: sql<number>`(SELECT count(*) FROM ${items} WHERE ${and(eq(items.uid, players.uid), eq(items.location, 'trophy'))})`,
};

/**
 * The leaderboard's statements, in the order `parseLeaderboard` expects: the top rows, the caller, their rank,
 * and whether anyone shares it (the top rows cannot say when the tie lies beyond them).
 */
export function leaderboardReads(db: Database, uid: string) {
  return [
    db
      .select(rowFields)
      .from(players)
      .innerJoin(users, notBanned)
      .orderBy(...boardOrder)
      .limit(LEADERBOARD_SIZE),
    db.select(rowFields).from(players).where(eq(players.uid, uid)),
    rankingRead(db, uid),
    tiedRead(db, uid),
  ] as const;
}

type RowRead = Omit<LeaderboardRow, 'rank'>;

/** Null when the caller has no player row. */
export function parseLeaderboard([top, [own], ranking, tied]: readonly [RowRead[], RowRead[], { ahead: number }[], { tied: number }[]]): Leaderboard | null {
  if (!own) return null;
  // The top rows start at rank 1; a row tied with the one above shares its rank (1, 2, 2, 4).
  const rows: LeaderboardRow[] = [];
  for (const [index, row] of top.entries()) {
    const previous = rows[index - 1];
    rows.push({ ...row, rank: previous && sameRank(previous, row) ? previous.rank : index + 1 });
  }
  return { top: rows, me: { ...own, rank: parseRanking(ranking) }, meTied: tied.length > 0 };
}

/**
 * A player's public card by name (any case), with their rank counted as rankingRead counts it and their guild:
 * one statement, to ride in the caller's session-checked read.
 */
export function playerCardRead(db: Database, username: string) {
  return db
    .select({
      ...rowFields,
      totalAttack: players.totalAttack,
      totalDefense: players.totalDefense,
      rating: players.rating,
      wins: players.wins,
      losses: players.losses,
      ahead: sql<number>`(${db.select({ ahead: count() }).from(other).where(aheadOf(other, players))}) - (${bannedAhead(db, players)})`,
      guildId: guilds.id,
      guildName: guilds.name,
      guildTag: guilds.tag,
    })
    .from(players)
    // A banned player has no card: 'Player not found.'
    .innerJoin(users, notBanned)
    .leftJoin(guildMembers, eq(guildMembers.uid, players.uid))
    .leftJoin(guilds, eq(guilds.id, guildMembers.guildId))
    .where(eq(sql`lower(${players.username})`, username.toLowerCase()));
}

type CardRead = Awaited<ReturnType<typeof playerCardRead>>[number];

/** Null when nobody has that name. */
export function parsePlayerCard([row]: readonly CardRead[]): PlayerCard | null {
  if (!row) return null;
  const { ahead, guildId, guildName, guildTag, ...card } = row;
  return { ...card, rank: 1 + ahead, guild: guildId && guildName && guildTag ? { id: guildId, name: guildName, tag: guildTag } : null };
}
