/**
 * Choosing a username, which creates the player with the spec's starting values (paths keep the spec's names,
 * section 7), and any player's public card by name.
 */
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { API } from '../../../game/api';
import { MSG } from '../../../game/messages';
import {
  STARTING_CASH,
  STARTING_ENERGY,
  STARTING_GOLD,
  STARTING_LEVEL,
} from '../../../game/constants';
import { UsernameBodySchema } from '../../../game/schemas';
import { callerOf, ownsAdminEmail, requireSignedIn } from '../../core/session';
import { players } from '../../core/db/schema';
import type { AppEnv, Caller } from '../../core/env';
import { reply } from '../../core/route';
import { ApiError, conflict } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { parsePlayerCard, playerCardRead } from '../../core/ranking';
import { validate } from '../../core/validate';

/** The admin name is the verified admin address's alone (issue #15: signing up first with it is not enough). */
function isReservedFor(env: Env, username: string, caller: Caller): 'free' | 'reserved' | 'owner' {
  if (username.toLowerCase() !== env.ADMIN_USERNAME.toLowerCase()) return 'free';
  return ownsAdminEmail(env, caller) ? 'owner' : 'reserved';
}

export const playerRoutes = new Hono<AppEnv>()
  .post(API.checkUsername.path, requireSignedIn, validate('json', UsernameBodySchema), async (c) => {
    const { username } = c.req.valid('json');
    const taken = await c.var.db
      .select({ uid: players.uid })
      .from(players)
      .where(sql`lower(${players.username}) = ${username.toLowerCase()}`)
      .get();
    const exists = !!taken || isReservedFor(c.env, username, callerOf(c)) === 'reserved';
    return reply(c, API.checkUsername, { exists });
  })

  .post(API.setUsername.path, requireSignedIn, validate('json', UsernameBodySchema), async (c) => {
    const { username } = c.req.valid('json');
    const caller = callerOf(c);
    if (caller.username) throw conflict(MSG.usernameAlreadySet, 'username_already_set');
    // The reserved admin name reads as taken to everyone but the admin's email (its existence stays hidden).
    if (isReservedFor(c.env, username, caller) === 'reserved') throw conflict(MSG.usernameTaken(username), 'username_taken');
    const now = Date.now();
    // The server builds the new-user record (spec section 3); the unique indexes settle races on both the
    // name and the account, so neither two players nor two tabs can end up with a duplicate.
    const inserted = await c.var.db
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
      })
      .onConflictDoNothing()
      .returning({ uid: players.uid });
    if (inserted.length === 0) {
      const mine = await c.var.db.select({ uid: players.uid }).from(players).where(eq(players.uid, caller.uid)).get();
      if (mine) throw conflict(MSG.usernameAlreadySet, 'username_already_set');
      throw conflict(MSG.usernameTaken(username), 'username_taken');
    }
    return reply(c, API.setUsername, { message: MSG.usernameSet(username) }, 201);
  })
  // Public to every signed-in player, like the leaderboard; one round trip with the session check.
  .get(API.playerCard.path, asPlayer, validate('param', UsernameBodySchema), async (c) => {
    const { username } = c.req.valid('param');
    const card = parsePlayerCard(...(await c.var.player.read((db) => [playerCardRead(db, username)] as const)));
    if (!card) throw new ApiError(404, 'player_not_found', MSG.playerNotFound);
    return reply(c, API.playerCard, card);
  });
