/**
 * Sparring (docs/design.md section 10.2): the dummy and what a win pays, read with the player's state, and a spar,
 * committed like any intent of the player alone (two D1 round trips): the seeds are read with the state on every
 * attempt, and the claim makes a burst of spars spend and pay once per spar the energy allows.
 */
import { Hono } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { EmptyBodySchema } from '../../../game/schemas';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer } from '../../core/player';
import { route } from '../../core/route';
import { parseStates, statesRead, toProfile } from '../../core/state';
import { toFight, type StoredFight } from '../arena';
import { seedsOf } from '../fairness';
import { decideSpar, sparringView } from './decide';

export const sparringRoutes = new Hono<AppEnv>();

route(sparringRoutes, API.sparring, { guard: asPlayer }, async (c) => {
  const { uid } = c.var.player;
  const [players, owned] = await c.var.player.read((db) => statesRead(db, [uid]));
  const [state] = parseStates([uid], [players, owned]) ?? [];
  if (!state) throw refuse(ERRORS.notFound);
  return sparringView(state);
});

route(sparringRoutes, API.spar, { guard: asPlayer, body: EmptyBodySchema }, (c) => {
  let record: StoredFight | undefined;
  // The answer is built from the outcome, so a repeat with the same Idempotency-Key answers it again (issue #55).
  return c.var.player.commitOwn(
    seedsOf(c.var.player.uid),
    (state, now, seeds) => {
      const decided = decideSpar(state, now, seeds);
      record = decided.record;
      return decided.changes;
    },
    (outcome) => {
      if (!record) throw new Error('a spar records one fight');
      return { fight: toFight(record, record.attackerNum), profile: toProfile(outcome.after, outcome.ranking, outcome.now) };
    },
  );
});
