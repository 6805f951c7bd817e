/**
 * The arena (docs/design.md section 7.1): whom to fight, fights between players decided on the server, and the
 * fights a player took part in. Every route goes through the player capability.
 */
import { and, asc, desc, eq, gte, lt, lte, ne, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { SUGGESTED_LEVEL_SPREAD, utcDay } from '../../../game/rules/fight';
import { decodeFights, parseFightId, parseNumbers } from '../../../game/rules/fight-record';
import { ArenaQuerySchema, FightRequestSchema } from '../../../game/schemas';
import type { Opponent } from '../../../game/wire';
import { notBanned } from '../../core/ranking';
import { route } from '../../core/route';
import type { BatchResponse, Context } from '../../core/commit';
import type { Database } from '../../core/db/client';
import { guildMembers, guilds, players, users } from '../../core/db/schema';
import { fightDays, fightInbox } from './schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { decideFight } from './decide';
import { seedsOf, type Seeds } from '../fairness';
import { asPlayer } from '../../core/player';
import { toProfile } from '../../core/state';
import { againstMe, attacksRead, defencesRead, fightRowsRead, fightsOf, newestFirst, numOf, numRead, toFight, type StoredFight } from './records';
import { DAY_MS } from '../../../game/time';

const OPPONENTS_SHOWN = 10;
/** Read on each side of the caller's rating, so that those within a few levels can be put first. */
const CANDIDATES_EACH_SIDE = 20;
/** Newcomers whose protection ran out, the latest first, read alongside: nobody has fought them, so no rating walk finds them. */
const NEWCOMERS_READ = 10;
const LADDER_SIZE = 20;
const FIGHTS_SHOWN = 50;

const opponentFields = {
  num: players.num,
  username: players.username,
  level: players.level,
  rating: players.rating,
  totalAttack: players.totalAttack,
  totalDefense: players.totalDefense,
  guildTag: guilds.tag,
  recoveringUntil: players.recoveringUntil,
  protectedUntil: players.protectedUntil,
};

/**
 * Players open to attack: neither a newcomer nor one whose protection ran out unfought. The literal 0 (not a
 * bound parameter) is what lets SQLite walk the partial index players_rating (worker/core/db/schema.ts).
 */
const openToAttack = sql`${players.protectedUntil} = 0`;

type OpponentRow = Omit<Opponent, 'foughtToday'> & { num: number };

/**
 * As the wire says it: a protection that has run out is no protection, and whether the caller fought them today
 * (`foughtToday`, the numbers of those the caller attacked or was attacked by today).
 */
const asOpponent = ({ num, ...row }: OpponentRow, now: number, foughtToday: ReadonlySet<number>): Opponent => ({
  ...row,
  protectedUntil: row.protectedUntil > now ? row.protectedUntil : 0,
  foughtToday: foughtToday.has(num),
});

/**
 * Whom the caller fought today, either way round: their own rows of today (whom they attacked) and their inbox of
 * today (who attacked them). A day's row or two, and one inbox row.
 */
const foughtTodayRead = (db: Database, uid: string, today: number) => [
  db.select({ numbers: fightDays.defenders }).from(fightDays).where(and(eq(fightDays.num, numOf(uid)), eq(fightDays.day, today))),
  db.select({ numbers: fightInbox.attackers }).from(fightInbox).where(and(eq(fightInbox.num, numOf(uid)), eq(fightInbox.day, today))),
] as const;

/** Players as opponents, with their guild's tag; a banned player is nobody's opponent (hardening 3). */
const opponentRows = (db: Database) =>
  db
    .select(opponentFields)
    .from(players)
    .innerJoin(users, notBanned)
    .leftJoin(guildMembers, eq(guildMembers.uid, players.uid))
    .leftJoin(guilds, eq(guilds.id, guildMembers.guildId));

/** The caller's rating as a subquery (its `players` is the innermost, so it names the caller's row). */
const myRating = (db: Database, uid: string) => sql`(${db.select({ rating: players.rating }).from(players).where(eq(players.uid, uid))})`;

/**
 * The arena's reads: the caller, opponents (by rating around the caller, or by name), and the ladder. Each is one
 * range of an index, whatever the number of newcomers: those are in neither walk of players_rating.
 */
function arenaReads(db: Database, uid: string, search: string | undefined, now: number) {
  const others = ne(players.uid, uid);
  const candidates = search
    ? [
        // A prefix of the lower-cased name: one range of the players_username_nocase index ('{' follows 'z').
        opponentRows(db)
          .where(and(others, gte(sql`lower(${players.username})`, search.toLowerCase()), lt(sql`lower(${players.username})`, `${search.toLowerCase()}{`)))
          .orderBy(sql`lower(${players.username})`)
          .limit(OPPONENTS_SHOWN),
      ]
    : [
        // Nearest in rating: the closest above and the closest below, each one range of players_rating.
        opponentRows(db)
          .where(and(others, openToAttack, gte(players.rating, myRating(db, uid))))
          .orderBy(asc(players.rating), asc(players.username))
          .limit(CANDIDATES_EACH_SIDE),
        opponentRows(db)
          .where(and(others, openToAttack, lt(players.rating, myRating(db, uid))))
          .orderBy(desc(players.rating), desc(players.username))
          .limit(CANDIDATES_EACH_SIDE),
        // One range of players_protection, from now back: the literal `> 0` lets SQLite use the partial index.
        opponentRows(db)
          .where(and(others, sql`${players.protectedUntil} > 0`, lte(players.protectedUntil, now)))
          .orderBy(desc(players.protectedUntil))
          .limit(NEWCOMERS_READ),
      ];
  return [
    db
      .select({ rating: players.rating, level: players.level, wins: players.wins, losses: players.losses, recoveringUntil: players.recoveringUntil, protectedUntil: players.protectedUntil })
      .from(players)
      .where(eq(players.uid, uid)),
    // Both keys one way, so players_rating gives the order as it is walked (a tie lists the later name first). Only
    // players open to attack are in it: a newcomer joins the ladder with their first fight.
    opponentRows(db).where(openToAttack).orderBy(desc(players.rating), desc(players.username)).limit(LADDER_SIZE),
    ...foughtTodayRead(db, uid, utcDay(now)),
    ...candidates,
  ] as const;
}

/**
 * Whom to suggest (docs/design.md section 9.10): those within SUGGESTED_LEVEL_SPREAD levels of the caller first, each
 * group nearest the caller's rating first. A search keeps its alphabetical order, protected newcomers included.
 */
function suggested(me: { rating: number; level: number }, lists: readonly Opponent[][], search: boolean): Opponent[] {
  const all = lists.flat();
  if (search) return all;
  const far = (opponent: Opponent) => (Math.abs(opponent.level - me.level) > SUGGESTED_LEVEL_SPREAD ? 1 : 0);
  return all
    .sort((a, b) => far(a) - far(b) || Math.abs(a.rating - me.rating) - Math.abs(b.rating - me.rating) || a.username.localeCompare(b.username))
    .slice(0, OPPONENTS_SHOWN);
}

/**
 * `attacker`'s rows from UTC day `since` on that name `defender` among their defenders, with the defender's number
 * to pick those entries out: a range of the primary key, the day's row or two.
 */
const pairRowsRead = (db: Database, attacker: string, defender: string, since: number) =>
  db
    .select({ day: fightDays.day, defenders: fightDays.defenders, packed: fightDays.packed, other: numOf(defender) })
    .from(fightDays)
    .where(and(eq(fightDays.num, numOf(attacker)), gte(fightDays.day, since), sql`instr(',' || ${fightDays.defenders} || ',', ',' || ${numOf(defender)} || ',') > 0`));

/** When the fights of those rows against their `other` were fought. */
const pairTimes = (rows: { day: number; defenders: string; packed: Uint8Array; other: number }[]) =>
  rows.flatMap((row) => {
    const defenders = parseNumbers(row.defenders);
    return decodeFights(row.packed)
      .filter((_, index) => defenders[index] === row.other)
      .map((fight) => row.day * DAY_MS + fight.at);
  });

/**
 * What a fight decides on besides the two states, read with them: the attacker's seeds, and when the two last
 * fought each other today, each way round. "Today" starts when the read is built; the commit's clock, a moment
 * later, may be in a new day, which the decision tells by the day of each (game/rules/fight.ts isRematch).
 */
function fightContext(attacker: string, defender: string) {
  const seeds = seedsOf(attacker);
  const today = utcDay(Date.now());
  const queries = (db: Database) => [...seeds.queries(db), pairRowsRead(db, attacker, defender, today), pairRowsRead(db, defender, attacker, today)] as const;
  return {
    queries,
    parse: ([seedRows, mine, theirs]: BatchResponse<ReturnType<typeof queries>>) => ({
      seeds: seeds.parse([seedRows]),
      earlier: [...pairTimes(mine), ...pairTimes(theirs)],
    }),
  } satisfies Context<ReturnType<typeof queries>, { seeds: Seeds; earlier: number[] }>;
}

export const arenaRoutes = new Hono<AppEnv>();

route(arenaRoutes, API.arena, { guard: asPlayer, query: ArenaQuerySchema }, async (c, { query: { q } }) => {
  const now = Date.now();
  const [[mine], ladder, attacked, attackedBy, ...candidates] = await c.var.player.read((db, uid) => arenaReads(db, uid, q, now));
  if (!mine) throw refuse(ERRORS.notFound);
  const { rating, wins, losses, recoveringUntil, protectedUntil } = mine;
  const foughtToday = new Set([...attacked, ...attackedBy].flatMap((row) => parseNumbers(row.numbers)));
  const opponents = candidates.map((list) => list.map((row) => asOpponent(row, now, foughtToday)));
  return {
    me: { rating, wins, losses, recoveringUntil, protectedUntil: protectedUntil > now ? protectedUntil : 0 },
    opponents: suggested(mine, opponents, q !== undefined),
    ladder: ladder.map((row) => asOpponent(row, now, foughtToday)),
    serverTime: now,
  };
});

route(arenaRoutes, API.fight, { guard: asPlayer, body: FightRequestSchema }, async (c, { body: { defender } }) => {
  const { player } = c.var;
  const [[target]] = await player.read(
    (db) => [db.select({ uid: players.uid }).from(players).innerJoin(users, notBanned).where(eq(sql`lower(${players.username})`, defender.toLowerCase()))] as const,
  );
  if (!target) throw refuse(ERRORS.playerNotFound);
  if (target.uid === player.uid) throw refuse(ERRORS.cannotFightSelf);
  let record: StoredFight | undefined;
  // The attacker's seeds and the pair's fights today are read with both states: a retry after a lost race draws at
  // the nonce then current, and sees the fight of the pair that won the race.
  return player.commitWithContext(
    [target.uid],
    fightContext(player.uid, target.uid),
    ([attacker, them], now, context) => {
      if (!attacker || !them) throw refuse(ERRORS.notFound);
      const decided = decideFight(attacker, them, now, context);
      record = decided.record;
      return decided.changes;
    },
    (outcome) => {
      const [attackerAfter] = outcome.after;
      if (!attackerAfter || !record) throw new Error('a fight commits two players and one fight');
      return { fight: toFight(record, record.attackerNum), profile: toProfile(attackerAfter, outcome.ranking, outcome.now) };
    },
  );
});

route(arenaRoutes, API.fights, { guard: asPlayer }, async (c) => {
  // A month of rows at most (the prune keeps FIGHTS_KEPT_DAYS): the caller's own, and their attackers' of each day.
  const [[me], attacks, defences] = await c.var.player.read((db, uid) => [numRead(db, uid), attacksRead(db, uid), defencesRead(db, uid)] as const);
  if (!me) throw refuse(ERRORS.notFound);
  const fights = [...fightsOf(attacks), ...againstMe(defences, me.num)].sort(newestFirst).slice(0, FIGHTS_SHOWN);
  return fights.map((fight) => toFight(fight, me.num));
});

route(arenaRoutes, API.fightById, { guard: asPlayer }, async (c, { path: { id } }) => {
  // Someone else's fight is not found, rather than forbidden: its id reveals nothing either way.
  const parts = parseFightId(id);
  if (!parts) {
    // Not a fight's id: still the session's check first (a signed-out caller hears 401, not 404).
    await c.var.player.read((db, uid) => [numRead(db, uid)] as const);
    throw refuse(ERRORS.notFound);
  }
  const [[me], rows] = await c.var.player.read((db, uid) => [numRead(db, uid), fightRowsRead(db, parts)] as const);
  const fight = fightsOf(rows).find((candidate) => candidate.nonce === parts.nonce);
  if (!me || !fight || (fight.attackerNum !== me.num && fight.defenderNum !== me.num)) throw refuse(ERRORS.notFound);
  return toFight(fight, me.num);
});
