/**
 * Where players stand (DESIGN.md section 3, game/rules/rank.ts): the D1 statements behind a player's rank and
 * the leaderboard. Order: trophy case score, then total power; ties share the better rank ("1224").
 */
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { Leaderboard, LeaderboardRow } from '../../game/wire';
import type { Database } from '../db/client';
import { items, players } from '../db/schema';

const LEADERBOARD_SIZE = 50;

const me = alias(players, 'me');
const power = (table: typeof players | typeof me) => sql<number>`${table.totalAttack} + ${table.totalDefense}`;

/**
 * A player's rank: 1 + the players ahead. It counts over every player, so only answers that show it read it
 * (the profile, an intent's answer, the leaderboard), never a decision.
 */
export function rankingRead(db: Database, uid: string) {
  return db
    .select({ ahead: count() })
    .from(players)
    .innerJoin(me, eq(me.uid, uid))
    .where(
      // A row-value comparison, so SQLite counts one range of the players_ranking index (bench/ranking.mjs).
      sql`(${players.trophyCaseScore}, ${power(players)}) > (${me.trophyCaseScore}, ${power(me)})`,
    );
}

export function parseRanking([row]: readonly { ahead: number }[]): number {
  return 1 + (row?.ahead ?? 0);
}

const rowFields = {
  username: players.username,
  level: players.level,
  trophyCaseScore: players.trophyCaseScore,
  totalPower: power(players),
  trophies: sql<number>`(SELECT count(*) FROM ${items} WHERE ${and(eq(items.uid, players.uid), eq(items.location, 'trophy'))})`,
};

/** The leaderboard's statements, in the order `parseLeaderboard` expects: the top rows, the caller, their rank. */
export function leaderboardReads(db: Database, uid: string) {
  return [
    db
      .select(rowFields)
      .from(players)
      .orderBy(desc(players.trophyCaseScore), desc(power(players)), asc(players.username))
      .limit(LEADERBOARD_SIZE),
    db.select(rowFields).from(players).where(eq(players.uid, uid)),
    rankingRead(db, uid),
  ] as const;
}

type RowRead = Omit<LeaderboardRow, 'rank'>;

/** Null when the caller has no player row. */
export function parseLeaderboard([top, [own], ranking]: readonly [RowRead[], RowRead[], { ahead: number }[]]): Leaderboard | null {
  if (!own) return null;
  // The top rows start at rank 1; a row tied with the one above shares its rank (1, 2, 2, 4).
  const rows: LeaderboardRow[] = [];
  for (const [index, row] of top.entries()) {
    const previous = rows[index - 1];
    const tied = previous && previous.trophyCaseScore === row.trophyCaseScore && previous.totalPower === row.totalPower;
    rows.push({ ...row, rank: tied ? previous.rank : index + 1 });
  }
  return { top: rows, me: { ...own, rank: parseRanking(ranking) } };
}
