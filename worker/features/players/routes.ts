/**
 * Choosing a username, which creates the player with the spec's starting values (paths keep the spec's names,
 * docs/spec.md section 7), any player's public card by name, and the leaderboard.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { API, ERRORS } from '../../../game/api';
import { MSG } from '../../../game/messages';
import {
  STARTING_CASH,
  STARTING_ENERGY,
  STARTING_GOLD,
  STARTING_LEVEL,
} from '../../../game/constants';
import { NEW_PLAYER_PROTECTION_MS } from '../../../game/rules/fight';
import { UsernameBodySchema } from '../../../game/schemas';
import { callerOf, isAdminAddress, ownsAdminEmail, requireSignedIn } from '../../core/session';
import { players } from '../../core/db/schema';
import type { AppEnv, Caller } from '../../core/env';
import { route } from '../../core/route';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { leaderboardReads, parseLeaderboard, parsePlayerCard, playerCardRead } from '../../core/ranking';
import { firstSeeds } from '../fairness';
import { medalsRead, parseSeasonBoard, seasonBoardReads, withMedalNames } from '../seasons';
import { showcaseRead, toShowcase } from '../cash';
import { ribbonsRead, toRibbons } from '../leagues';

/** The admin name is the verified admin address's alone (issue #15: signing up first with it is not enough). */
function isReservedFor(env: Env, username: string, caller: Caller): 'free' | 'reserved' | 'owner' {
  if (username.toLowerCase() !== env.ADMIN_USERNAME.toLowerCase()) return 'free';
  return ownsAdminEmail(env, caller) ? 'owner' : 'reserved';
}

export const playerRoutes = new Hono<AppEnv>();

route(playerRoutes, API.checkUsername, { guard: requireSignedIn, body: UsernameBodySchema }, async (c, { body: { username } }) => {
  const taken = await c.var.db
    .select({ uid: players.uid })
    .from(players)
    .where(sql`lower(${players.username}) = ${username.toLowerCase()}`)
    .get();
  return { exists: !!taken || isReservedFor(c.env, username, callerOf(c)) === 'reserved' };
});

route(playerRoutes, API.setUsername, { guard: requireSignedIn, body: UsernameBodySchema, status: 201 }, async (c, { body: { username } }) => {
  const caller = callerOf(c);
  if (caller.username) throw refuse(ERRORS.usernameAlreadySet);
  // The reserved admin name reads as taken to everyone but the admin's email (its existence stays hidden).
  if (isReservedFor(c.env, username, caller) === 'reserved') throw refuse(ERRORS.usernameTaken, username);
  // And the admin's address takes no other name: names are never changed, so whoever signed up with it first
  // could otherwise park it under another name and keep the admin name from its owner for good (hardening 3).
  if (isAdminAddress(c.env, caller.email) && username.toLowerCase() !== c.env.ADMIN_USERNAME.toLowerCase()) {
    throw refuse(ERRORS.adminAddressTakesAdminName, c.env.ADMIN_USERNAME);
  }
  const now = Date.now();
  // The server builds the new-user record (docs/spec.md section 3); the unique indexes settle races on both
  // the name and the account, so neither two players nor two tabs can end up with a duplicate.
  const { db } = c.var;
  const [inserted] = await db.batch([
    db
    .insert(players)
    .values({
      uid: caller.uid,
      username,
      level: STARTING_LEVEL,
      gold: STARTING_GOLD,
      energy: STARTING_ENERGY,
      energyAt: now,
      cash: STARTING_CASH,
      duffelBagSize: 0,
      trophyCaseScore: 0,
      trophyCaseAvgQuality: 0,
      guild: '',
      createdAt: now,
      // Nobody may attack a new player for 72 h, unless they attack first (docs/design.md section 9.10).
      protectedUntil: now + NEW_PLAYER_PROTECTION_MS,
    })
    .onConflictDoNothing()
    .returning({ uid: players.uid }),
    // With the player, so the hash of the first server seed can be shown before any roll draws from it.
    firstSeeds(db, caller.uid),
  ]);
  if (inserted.length === 0) {
    const mine = await c.var.db.select({ uid: players.uid }).from(players).where(eq(players.uid, caller.uid)).get();
    if (mine) throw refuse(ERRORS.usernameAlreadySet);
    throw refuse(ERRORS.usernameTaken, username);
  }
  return { message: MSG.usernameSet(username) };
});

// Public to every signed-in player, like the leaderboard; one round trip with the session check.
route(playerRoutes, API.playerCard, { guard: asPlayer, path: UsernameBodySchema }, async (c, { path: { username } }) => {
  const [row, pinned, medals, ribbons] = await c.var.player.read(
    (db) => [playerCardRead(db, username), showcaseRead(db, username), medalsRead(db, username), ribbonsRead(db, username)] as const,
  );
  const card = parsePlayerCard(row, { showcase: toShowcase(pinned), medals: withMedalNames(medals), ribbons: toRibbons(ribbons) });
  if (!card) throw refuse(ERRORS.playerNotFound);
  return card;
});

const BoardQuerySchema = z.strictObject({ board: z.enum(['season', 'alltime']).optional() });

route(playerRoutes, API.leaderboard, { guard: asPlayer, query: BoardQuerySchema }, async (c, { query }) => {
  const now = Date.now();
  const board = query.board === 'season' ? parseSeasonBoard(await c.var.player.read((db, uid) => seasonBoardReads(db, uid, now)), now) : parseLeaderboard(await c.var.player.read(leaderboardReads));
  if (!board) throw refuse(ERRORS.notFound);
  return board;
});
