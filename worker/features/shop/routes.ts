/** The gold shop (docs/design.md section 9.3): the next energy refill's price, buying it, and the research bench. */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { BenchSchema, EmptyBodySchema } from '../../../game/schemas';
import { players } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { toIntentResult } from '../../core/state';
import { bench, refill, shopView } from './decide';

export const shopRoutes = new Hono<AppEnv>();

route(shopRoutes, API.shop, { guard: asPlayer }, async (c) => {
  const [[row]] = await c.var.player.read((db, uid) => [db.select({ refillDay: players.refillDay, refillsBought: players.refillsBought }).from(players).where(eq(players.uid, uid))] as const);
  if (!row) throw refuse(ERRORS.notFound);
  return shopView(row, Date.now());
});
route(shopRoutes, API.refill, { guard: asPlayer, body: EmptyBodySchema }, (c) => c.var.player.commit((state, now) => refill(state, now), toIntentResult));
route(shopRoutes, API.bench, { guard: asPlayer, body: BenchSchema }, (c, { body }) => c.var.player.commit((state, now) => bench(state, body, now), toIntentResult));
