/**
 * Where players stand (DESIGN.md section 3, game/rules/rank.ts): the D1 statements behind a player's rank and
 * the leaderboard. Order: trophy case score, then total power; ties share the better rank ("1224").
 */
import type { Leaderboard, LeaderboardRow } from '../../game/schemas';

const LEADERBOARD_SIZE = 50;

/**
 * A player's rank: 1 + the players ahead. It counts over every player, so only answers that show it read it
 * (the profile, an intent's answer, the leaderboard), never a decision.
 */
export function rankingRead(d1: D1Database, uid: string): D1PreparedStatement {
  return d1
    .prepare(
      // A row-value comparison, so SQLite counts one range of the players_ranking index (bench/ranking.mjs).
      `SELECT 1 + count(*) AS ranking FROM players other, players me WHERE me.uid = ?
        AND (other.trophy_case_score, other.total_attack + other.total_defense)
          > (me.trophy_case_score, me.total_attack + me.total_defense)`,
    )
    .bind(uid);
}

export function parseRanking(result: D1Result | undefined): number {
  return (result?.results[0] as { ranking: number } | undefined)?.ranking ?? 1;
}

const ROW_COLUMNS = `username, trophy_case_score AS trophyCaseScore, total_attack + total_defense AS totalPower,
  (SELECT count(*) FROM items WHERE items.uid = players.uid AND items.location = 'trophy') AS trophies`;

/** The leaderboard's statements, in the order `parseLeaderboard` expects: the top rows, the caller, their rank. */
export function leaderboardReads(d1: D1Database, uid: string): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `SELECT ${ROW_COLUMNS} FROM players
          ORDER BY trophy_case_score DESC, total_attack + total_defense DESC, username LIMIT ?`,
      )
      .bind(LEADERBOARD_SIZE),
    d1.prepare(`SELECT ${ROW_COLUMNS} FROM players WHERE uid = ?`).bind(uid),
    rankingRead(d1, uid),
  ];
}

/** Null when the caller has no player row. */
export function parseLeaderboard([top, me, ranking]: D1Result[]): Leaderboard | null {
  const own = me?.results[0] as Omit<LeaderboardRow, 'rank'> | undefined;
  if (!own) return null;
  // The top rows start at rank 1; a row tied with the one above shares its rank (1, 2, 2, 4).
  const rows: LeaderboardRow[] = [];
  for (const [index, row] of ((top?.results ?? []) as Omit<LeaderboardRow, 'rank'>[]).entries()) {
    const previous = rows[index - 1];
    const tied = previous && previous.trophyCaseScore === row.trophyCaseScore && previous.totalPower === row.totalPower;
    rows.push({ ...row, rank: tied ? previous.rank : index + 1 });
  }
  return { top: rows, me: { ...own, rank: parseRanking(ranking) } };
}
