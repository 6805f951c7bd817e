/**
 * The arena (docs/design.md section 7.1): whom to fight, fights between players decided on the server, and the
 * fights a player took part in. Every route goes through the player capability.
 */
import { and, asc, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { MSG } from '../../../game/messages';
import { ArenaQuerySchema, FightRequestSchema } from '../../../game/schemas';
import type { Fight, Opponent } from '../../../game/wire';
import { notBanned } from '../../core/ranking';
import { route } from '../../core/route';
import type { Database } from '../../core/db/client';
import { fights, guildMembers, guilds, players, users } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { decideFight } from './decide';
import { seedsOf } from '../fairness';
import { asPlayer } from '../../core/player';
import { toProfile, type FightRow } from '../../core/state';

const OPPONENTS_SHOWN = 10;
const LADDER_SIZE = 20;
const FIGHTS_SHOWN = 50;

const opponentFields = {
  username: players.username,
  level: players.level,
  rating: players.rating,
  totalAttack: players.totalAttack,
  totalDefense: players.totalDefense,
  guildTag: guilds.tag,
  recoveringUntil: players.recoveringUntil,
};

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

/** The arena's reads: the caller, opponents (by rating around the caller, or by name), and the ladder. */
function arenaReads(db: Database, uid: string, search: string | undefined) {
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
          .where(and(others, gte(players.rating, myRating(db, uid))))
          .orderBy(asc(players.rating), asc(players.username))
          .limit(OPPONENTS_SHOWN),
        opponentRows(db)
          .where(and(others, lt(players.rating, myRating(db, uid))))
          .orderBy(desc(players.rating), desc(players.username))
          .limit(OPPONENTS_SHOWN),
      ];
  return [
    db.select({ rating: players.rating, wins: players.wins, losses: players.losses, recoveringUntil: players.recoveringUntil }).from(players).where(eq(players.uid, uid)),
    // Both keys one way, so players_rating gives the order as it is walked (a tie lists the later name first).
    opponentRows(db).orderBy(desc(players.rating), desc(players.username)).limit(LADDER_SIZE),
    ...candidates,
  ] as const;
}

/** The candidates nearest the caller's rating first; a search keeps its alphabetical order. */
function nearest(rating: number, lists: readonly Opponent[][], search: boolean): Opponent[] {
  const all = lists.flat();
  if (search) return all;
  return all.sort((a, b) => Math.abs(a.rating - rating) - Math.abs(b.rating - rating) || a.username.localeCompare(b.username)).slice(0, OPPONENTS_SHOWN);
}

/** A fight as `viewer` (a participant's uid) sees it. */
function toFight(row: typeof fights.$inferSelect, viewer: string): Fight {
  return {
    id: row.id,
    attacker: row.attacker,
    defender: row.defender,
    winner: row.winner === 'attacker' ? row.attacker : row.defender,
    rounds: row.rounds,
    goldTaken: row.goldTaken,
    ratingChange: row.ratingChange,
    xp: viewer === row.attackerUid ? row.attackerXp : row.defenderXp,
    createdAt: row.createdAt,
  };
}

const takesPart = (uid: string) => or(eq(fights.attackerUid, uid), eq(fights.defenderUid, uid));

export const arenaRoutes = new Hono<AppEnv>();

route(arenaRoutes, API.arena, { guard: asPlayer, query: ArenaQuerySchema }, async (c, { query: { q } }) => {
  const [[mine], ladder, ...candidates] = await c.var.player.read((db, uid) => arenaReads(db, uid, q));
  if (!mine) throw notFound();
  return { me: mine, opponents: nearest(mine.rating, candidates, q !== undefined), ladder, serverTime: Date.now() };
});

route(arenaRoutes, API.fight, { guard: asPlayer, body: FightRequestSchema }, async (c, { body: { defender } }) => {
  const { player } = c.var;
  const [[target]] = await player.read(
    (db) => [db.select({ uid: players.uid }).from(players).innerJoin(users, notBanned).where(eq(sql`lower(${players.username})`, defender.toLowerCase()))] as const,
  );
  if (!target) throw new ApiError(404, 'player_not_found', MSG.playerNotFound);
  if (target.uid === player.uid) throw badRequest(MSG.cannotFightSelf, 'cannot_fight_self');
  const id = crypto.randomUUID();
  let row: FightRow | undefined;
  // The attacker's seeds are read with both states: a retry after a lost race draws at the nonce then current.
  const outcome = await player.commitWithContext([target.uid], seedsOf(player.uid), ([attacker, them], now, seeds) => {
    if (!attacker || !them) throw notFound();
    const decided = decideFight(attacker, them, now, seeds, id);
    row = decided.record;
    return decided.changes;
  });
  const [attackerAfter] = outcome.after;
  if (!attackerAfter || !row) throw new Error('a fight commits two players and one fight');
  return { fight: toFight(row, player.uid), profile: toProfile(attackerAfter, outcome.ranking, outcome.now) };
});

route(arenaRoutes, API.fights, { guard: asPlayer }, async (c) => {
  const [rows] = await c.var.player.read((db, uid) => [db.select().from(fights).where(takesPart(uid)).orderBy(desc(fights.createdAt)).limit(FIGHTS_SHOWN)] as const);
  return rows.map((row) => toFight(row, c.var.player.uid));
});

route(arenaRoutes, API.fightById, { guard: asPlayer }, async (c, { path: { id } }) => {
  const [[row]] = await c.var.player.read((db, uid) => [db.select().from(fights).where(and(eq(fights.id, id), takesPart(uid)))] as const);
  // Someone else's fight is not found, rather than forbidden: its id reveals nothing either way.
  if (!row) throw notFound();
  return toFight(row, c.var.player.uid);
});
