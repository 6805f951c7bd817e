/** Daily contracts (docs/design.md section 8.2): today's three with their progress, and their claims. */
import { Hono } from 'hono';
import { z } from 'zod';
import { API, ERRORS } from '../../../game/api';
import { EmptyBodySchema } from '../../../game/schemas';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { parseStates, statesRead, toIntentResult } from '../../core/state';
import { claimBonus, claimContract, contractsView, progressContext, progressRead } from './decide';

const SlotSchema = z.strictObject({ slot: z.enum(['0', '1', '2']) });

export const contractRoutes = new Hono<AppEnv>();

route(contractRoutes, API.contracts, { guard: asPlayer }, async (c) => {
  const { uid } = c.var.player;
  const [player, owned, rows] = await c.var.player.read((db) => [...statesRead(db, [uid]), progressRead(db, uid)] as const);
  const [state] = parseStates([uid], [player, owned]) ?? [];
  if (!state) throw refuse(ERRORS.notFound);
  return contractsView(state, rows, Date.now());
});
// Before the slot's claim: Hono tries routes in the order they were added.
route(contractRoutes, API.claimContractBonus, { guard: asPlayer, body: EmptyBodySchema }, async (c) =>
  c.var.player.commitOwn(progressContext(c.var.player.uid), (state, now, rows) => claimBonus(state, rows, now), toIntentResult),
);
route(contractRoutes, API.claimContract, { guard: asPlayer, body: EmptyBodySchema, path: SlotSchema }, async (c, { path }) =>
  c.var.player.commitOwn(progressContext(c.var.player.uid), (state, now, rows) => claimContract(state, rows, Number(path.slot), now), toIntentResult),
);
