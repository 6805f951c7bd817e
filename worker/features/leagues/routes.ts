/** The reader's weekly league (docs/design.md section 9.5): one session-checked read of at most a league's rows. */
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { leagueReads, parseLeague } from './board';

export const leagueRoutes = new Hono<AppEnv>();

route(leagueRoutes, API.league, { guard: asPlayer }, async (c) => {
  const now = Date.now();
  const { uid } = c.var.player;
  const league = parseLeague(await c.var.player.read((db) => leagueReads(db, uid, now)), uid, now);
  if (!league) throw refuse(ERRORS.notFound);
  return league;
});
