/**
 * The arena (DESIGN.md section 7.1): whom to fight, fights between players decided on the server, and the
 * fights a player took part in. Every route goes through the player capability.
 */
import { and, asc, desc, eq, gte, lt, ne, or, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { MSG } from '../../../game/messages';
import { cryptoRandom, isUpset } from '../../../game/rules';
import { ArenaQuerySchema, FightRequestSchema } from '../../../game/schemas';
import type { Fight, Opponent } from '../../../game/wire';
import { reply } from '../../core/route';
import type { Database } from '../../core/db/client';
import { fights, guildMembers, guilds, players } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { ApiError, badRequest, notFound } from '../../core/errors';
import { decideFight, fighterOf } from './fight';
import { notifyPlayer, reportLevels, reportNews } from '../chat/news';
import { asPlayer } from '../../core/player';
import { toProfile } from '../../core/state';
import { validate } from '../../core/validate';

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

/** Players as opponents, with their guild's tag. */
const opponentRows = (db: Database) =>
  db.select(opponentFields).from(players).leftJoin(guildMembers, eq(guildMembers.uid, players.uid)).leftJoin(guilds, eq(guilds.id, guildMembers.guildId));

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
          .orderBy(desc(players.rating), asc(players.username))
          .limit(OPPONENTS_SHOWN),
      ];
  return [
    db.select({ rating: players.rating, wins: players.wins, losses: players.losses, recoveringUntil: players.recoveringUntil }).from(players).where(eq(players.uid, uid)),
    opponentRows(db).orderBy(desc(players.rating), asc(players.username)).limit(LADDER_SIZE),
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

export const arenaRoutes = new Hono<AppEnv>()
  .get(API.arena.path, asPlayer, validate('query', ArenaQuerySchema), async (c) => {
    const { q } = c.req.valid('query');
    const [[mine], ladder, ...candidates] = await c.var.player.read((db, uid) => arenaReads(db, uid, q));
    if (!mine) throw notFound();
    return reply(c, API.arena, { me: mine, opponents: nearest(mine.rating, candidates, q !== undefined), ladder, serverTime: Date.now() });
  })

  .post(API.fight.path, asPlayer, validate('json', FightRequestSchema), async (c) => {
    const { defender } = c.req.valid('json');
    const { player } = c.var;
    const [[target]] = await player.read((db) => [db.select({ uid: players.uid }).from(players).where(eq(sql`lower(${players.username})`, defender.toLowerCase()))] as const);
    if (!target) throw new ApiError(404, 'player_not_found', MSG.playerNotFound);
    if (target.uid === player.uid) throw badRequest(MSG.cannotFightSelf, 'cannot_fight_self');
    // Drawn once, outside the decision: a retry after a lost race fights the same fight on fresh state.
    const seed = cryptoRandom.nextUint32();
    const id = crypto.randomUUID();
    const outcome = await player.commitWith([target.uid], ([attacker, them], now) => {
      if (!attacker || !them) throw notFound();
      return decideFight(attacker, them, now, seed, id);
    });
    const [attackerBefore, defenderBefore] = outcome.before;
    const [attackerAfter, defenderAfter] = outcome.after;
    const row = outcome.changes[0]?.fights?.[0];
    if (!attackerBefore || !defenderBefore || !attackerAfter || !defenderAfter || !row) throw new Error('a fight commits two players and one fight');

    const fight = toFight(row, player.uid);
    notifyPlayer(c, row.defender, { kind: 'attacked', fightId: row.id, attacker: row.attacker, winner: fight.winner, goldTaken: row.goldTaken, ratingChange: -row.ratingChange });
    const [winner, loser] = row.winner === 'attacker' ? [attackerBefore, defenderBefore] : [defenderBefore, attackerBefore];
    if (isUpset(fighterOf(winner), fighterOf(loser))) reportNews(c, { kind: 'upset', winner: winner.player.username, loser: loser.player.username });
    reportLevels(c, row.attacker, attackerBefore.player.xp, attackerAfter.player.xp);
    reportLevels(c, row.defender, defenderBefore.player.xp, defenderAfter.player.xp);
    return reply(c, API.fight, { fight, profile: toProfile(attackerAfter, outcome.ranking, outcome.now) });
  })

  .get(API.fights.path, asPlayer, async (c) => {
    const [rows] = await c.var.player.read((db, uid) => [db.select().from(fights).where(takesPart(uid)).orderBy(desc(fights.createdAt)).limit(FIGHTS_SHOWN)] as const);
    return reply(
      c,
      API.fights,
      rows.map((row) => toFight(row, c.var.player.uid)),
    );
  })

  .get(API.fightById.path, asPlayer, async (c) => {
    const id = c.req.param('id');
    const [[row]] = await c.var.player.read((db, uid) => [db.select().from(fights).where(and(eq(fights.id, id), takesPart(uid)))] as const);
    // Someone else's fight is not found, rather than forbidden: its id reveals nothing either way.
    if (!row) throw notFound();
    return reply(c, API.fightById, toFight(row, c.var.player.uid));
  });
