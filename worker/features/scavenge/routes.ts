/**
 * Scavenging (docs/design.md section 3, zones in section 8.3, salvage in 9.1 and 9.2): the finds waiting to be
 * taken, the scavenge and the take, decided in ./decide.ts and answering what they salvaged, and the public
 * catalogue of what a scavenge can find. A player reads only their own finds; every route but the catalogue goes
 * through the player capability (`asPlayer`).
 */
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { zoneById } from '../../../game/rules';
import { CATALOGUE } from '../../../game/rules/catalogue';
import { ScavengeSchema, ScavengeSwapSchema } from '../../../game/schemas';
import type { AppEnv } from '../../core/env';
import { newItemId } from '../../core/ids';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { publicRoute, route } from '../../core/route';
import { findToItem, parseStates, statesRead } from '../../core/state';
import { toSalvageResult } from '../salvage';
import { scavengeSeedsOf } from '../fairness';
import { scavenge, takeLoot } from './decide';

export const scavengeRoutes = new Hono<AppEnv>();

route(scavengeRoutes, API.catalogue, { guard: publicRoute }, () => [...CATALOGUE]);
route(scavengeRoutes, API.pendingLoot, { guard: asPlayer }, async (c) => {
  const { uid } = c.var.player;
  const [state] = parseStates([uid], await c.var.player.read((db) => statesRead(db, [uid]))) ?? [];
  if (!state) throw refuse(ERRORS.notFound);
  return { loot: state.loot.map(findToItem) };
});

route(scavengeRoutes, API.scavenge, { guard: asPlayer, body: ScavengeSchema }, async (c, { body }) => {
  const zone = zoneById(body.zone);
  return c.var.player.commitOwn(scavengeSeedsOf(c.var.player.uid), (state, now, seeds) => scavenge(state, now, seeds, zone), toSalvageResult);
});
route(scavengeRoutes, API.takeLoot, { guard: asPlayer, body: ScavengeSwapSchema }, async (c, { body }) =>
  c.var.player.commit((state, now) => takeLoot(state, body, now, newItemId), toSalvageResult),
);
