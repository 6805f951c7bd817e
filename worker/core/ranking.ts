/**
 * Where players stand (docs/design.md section 3, game/rules/rank.ts): the D1 statements behind a player's rank and
 * the leaderboard. Order: trophy case score, then total power; ties share the better rank ("1224").
 *
 * A rank reads a bounded number of rows at any board size (docs/decisions/014-bounded-costs.md): the Cron keeps
 * marks along the board (`rank_marks`, every RANK_MARK_EVERY-th position, with how many stand level with or
 * ahead of it), and a rank is the mark above the player plus a live count of the few players between them.
 * Exact for the players above the first mark and as of the last refresh elsewhere; exact everywhere until the
 * first refresh (no marks yet), which is what the tests see.
 */
import { and, asc, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { LEADERBOARD_ORDER, sameRank } from '../../game/rules/rank';
import type { Leaderboard, LeaderboardRow, PlayerCard } from '../../game/wire';
import type { Database } from './db/client';
import { guildMembers, guilds, players, rankMarks, users } from './db/schema';

const LEADERBOARD_SIZE = 50;

const me = alias(players, 'me');
const other = alias(players, 'other');
const mark = alias(rankMarks, 'mark');

/** Board positions between two marks; the Cron refreshes them every 5 minutes (wrangler.toml `crons`). */
export const RANK_MARK_EVERY = 20;
/** At most this many players are counted live for one rank: twice the gap, for the moves since the refresh. */
const RANK_SCAN = 2 * RANK_MARK_EVERY;
/** The board's second key, as the players_board index has it. */
const power = (table: typeof players | typeof me | typeof other) => sql<number>`${table.totalAttack} + ${table.totalDefense}`;

/** LEADERBOARD_ORDER as SQL; the name ignores case, as the unique name index and compareBoard do. */
const boardColumns = { trophyCaseScore: players.trophyCaseScore, totalPower: power(players), username: sql`lower(${players.username})` };
const boardOrder = LEADERBOARD_ORDER.map(({ key, direction }) => (direction === 'desc' ? desc : asc)(boardColumns[key]));

/** Beyond every score: the bound of a player with no mark above them. */
const NO_MARK_SCORE = Number.MAX_SAFE_INTEGER;

/**
 * On the board: not banned (hardening 3). A literal, not a bound parameter, so SQLite can prove the partial index
 * players_board (`WHERE banned = 0`) serves the query.
 */
const onBoard = (table: typeof players | typeof other) => sql`${table.banned} = 0`;

/** Where a player stands on the board: their score and power, as columns of a joined row or as values. */
interface Standing {
  score: SQL;
  power: SQL;
  /** A player the count leaves out: the one whose values these are, while their row still holds older ones. */
  except?: string;
}
const standingOf = (than: typeof players | typeof me): Standing => ({ score: sql`${than.trophyCaseScore}`, power: power(than) });

/**
 * The mark nearest above `than`'s score and power (the one with the most players level with or ahead of it
 * among those above), joined as `mark`: one or two index rows.
 */
const markAbove = (than: Standing) =>
  eq(
    mark.position,
    sql`(select ${rankMarks.position} from ${rankMarks} where (${rankMarks.trophyCaseScore}, ${rankMarks.power}) > (${than.score}, ${than.power}) order by ${rankMarks.trophyCaseScore}, ${rankMarks.power}, ${rankMarks.position} desc limit 1)`,
  );

/**
 * How many players stand ahead of `than` (with `mark` joined by markAbove): the mark's count, plus the players
 * between, counted live but never more than RANK_SCAN of them once marks exist. The count runs over the
 * players_board index from `than` upwards; banned players are not in it.
 */
const aheadCount = (than: Standing) => {
  // Three ranges of plain comparisons, each walked over players_board and bounded at both ends: SQLite bounds
  // an expression column by a row value on neither side (EXPLAIN QUERY PLAN). Level with `than` on score and
  // stronger (below the mark's power if the mark has the same score); on a score between theirs and the mark's;
  // on the mark's score, weaker than the mark.
  const scanned = sql`${players} as "other"`;
  const markScore = sql`coalesce(${mark.trophyCaseScore}, ${NO_MARK_SCORE})`;
  const counted = than.except === undefined ? onBoard(other) : sql`${onBoard(other)} and ${other.uid} <> ${than.except}`;
  const between = sql`select 1 from ${scanned} where ${counted} and ${other.trophyCaseScore} = ${than.score} and ${power(other)} > ${than.power}
      and ${power(other)} < (case when ${markScore} = ${than.score} then ${mark.power} else ${NO_MARK_SCORE} end)
    union all select 1 from ${scanned} where ${counted} and ${other.trophyCaseScore} > ${than.score} and ${other.trophyCaseScore} < ${markScore}
    union all select 1 from ${scanned} where ${counted} and ${other.trophyCaseScore} = ${mark.trophyCaseScore} and ${mark.trophyCaseScore} > ${than.score} and ${power(other)} < coalesce(${mark.power}, 0)
    limit (case when exists (select 1 from ${rankMarks}) then ${sql.raw(String(RANK_SCAN))} else -1 end)`;
  return sql<number>`coalesce(${mark.atOrAbove}, 0) + (select count(*) from (${between}))`;
};

/** Joined to a players query (`innerJoin(users, notBanned)`): only players whose account is not banned. */
export const notBanned = and(eq(users.id, players.uid), isNull(users.bannedAt));

/**
 * A player's rank: 1 + the players ahead who are not banned. Only answers that show it read it (the profile, an
 * intent's answer, the leaderboard), never a decision.
 */
export function rankingRead(db: Database, uid: string) {
  return db.select({ ahead: aheadCount(standingOf(me)) }).from(me).leftJoin(mark, markAbove(standingOf(me))).where(eq(me.uid, uid));
}

/**
 * rankingRead's count for a player who will have this score and power, as one value a statement can write: the claim
 * of a keyed intent stores it with the answer (./intent-keys.ts), while the player's row still holds the values before.
 */
export function aheadAfter(uid: string, score: number, powerAfter: number) {
  const than: Standing = { score: sql`${score}`, power: sql`${powerAfter}`, except: uid };
  return sql<number>`(select ${aheadCount(than)} from (select 1) left join ${rankMarks} as "mark" on ${markAbove(than)})`;
}

/**
 * The Cron's refresh of the marks (every 5 minutes): one pass over the board in its order.
 * Only marks whose values moved are written (rows written cost a thousand times rows read), and marks past the
 * end of a shrunken board go.
 */
export function refreshRankMarks(db: Database) {
  const order = sql`order by ${players.trophyCaseScore} desc, ${power(players)} desc`;
  const board = db
    .select({
      position: sql<number>`row_number() over (${order})`.as('position'),
      score: sql<number>`${players.trophyCaseScore}`.as('score'),
      power: sql<number>`${power(players)}`.as('power'),
      // The default frame counts every player level with this one too.
      atOrAbove: sql<number>`count(*) over (${order})`.as('at_or_above'),
    })
    .from(players)
    .where(onBoard(players))
    .as('board');
  const boardSize = db.select({ n: count() }).from(players).where(onBoard(players));
  return [
    db
      .insert(rankMarks)
      .select(
        db
          .select({ position: board.position, trophyCaseScore: board.score, power: board.power, atOrAbove: board.atOrAbove })
          .from(board)
          .where(sql`${board.position} % ${RANK_MARK_EVERY} = 0`),
      )
      .onConflictDoUpdate({
        target: rankMarks.position,
        set: { trophyCaseScore: sql`excluded.trophy_case_score`, power: sql`excluded.power`, atOrAbove: sql`excluded.at_or_above` },
        setWhere: sql`(${rankMarks.trophyCaseScore}, ${rankMarks.power}, ${rankMarks.atOrAbove}) is not (excluded.trophy_case_score, excluded.power, excluded.at_or_above)`,
      }),
    db.delete(rankMarks).where(sql`${rankMarks.position} > (${boardSize})`),
  ] as const;
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
    .where(sql`${onBoard(players)} and ${players.trophyCaseScore} = ${me.trophyCaseScore} and ${power(players)} = ${power(me)} and ${players.uid} <> ${uid}`)
    .limit(1);
}

const rowFields = {
  username: players.username,
  level: players.level,
  trophyCaseScore: players.trophyCaseScore,
  totalPower: power(players),
  trophies: players.trophies,
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
      .where(onBoard(players))
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
      ahead: aheadCount(standingOf(players)),
      guildId: guilds.id,
      guildName: guilds.name,
      guildTag: guilds.tag,
    })
    .from(players)
    // A banned player has no card: 'Player not found.'
    .innerJoin(users, notBanned)
    .leftJoin(mark, markAbove(standingOf(players)))
    .leftJoin(guildMembers, eq(guildMembers.uid, players.uid))
    .leftJoin(guilds, eq(guilds.id, guildMembers.guildId))
    .where(eq(sql`lower(${players.username})`, username.toLowerCase()));
}

type CardRead = Awaited<ReturnType<typeof playerCardRead>>[number];

/** Null when nobody has that name. */
export function parsePlayerCard([row]: readonly CardRead[], shelves: Pick<PlayerCard, 'showcase' | 'medals' | 'ribbons'>): PlayerCard | null {
  if (!row) return null;
  const { ahead, guildId, guildName, guildTag, ...card } = row;
  return { ...card, rank: 1 + ahead, guild: guildId && guildName && guildTag ? { id: guildId, name: guildName, tag: guildTag } : null, ...shelves };
}
