/**
 * Scavenging (docs/design.md section 3, zones in section 8.3): the finds waiting to be taken, the scavenge and the
 * take, decided in ./decide.ts, and the public catalogue of what a scavenge can find. A player reads only their
 * own finds; every route but the catalogue goes through the player capability (`asPlayer`).
 */
import { Hono, type Context } from 'hono';
import { API } from '../../../game/api';
import { rarityRank, zoneById } from '../../../game/rules';
import { CATALOGUE } from '../../../game/rules/catalogue';
import { ScavengeSchema, ScavengeSwapSchema } from '../../../game/schemas';
import type { AppEnv } from '../../core/env';
import { notFound } from '../../core/errors';
import { asPlayer, type PlayerEnv, type PlayerOutcome } from '../../core/player';
import { publicRoute, route } from '../../core/route';
import { catalogueEntry, findToItem, parseStates, statesRead, toIntentResult } from '../../core/state';
import { claimingFirsts, reportFirsts, reportLevels, reportNews } from '../chat';
import { seedsOf } from '../fairness';
import { scavenge, takeLoot } from './decide';

/**
 * Finds of this rarity or better make the news ticker (docs/design.md section 8.1: the news is for what is rare;
 * Rare finds made it before, and drowned it).
 */
const NEWSWORTHY_FIND_RANK = rarityRank('epic');

/** A scavenge's experience may make a tenth level, which makes the news. */
function reported(c: Context<PlayerEnv>, outcome: PlayerOutcome) {
  reportLevels(c, outcome.after.player.username, outcome.before.player.xp, outcome.after.player.xp);
  return outcome;
}

export const scavengeRoutes = new Hono<AppEnv>();

route(scavengeRoutes, API.catalogue, { guard: publicRoute }, () => [...CATALOGUE]);
route(scavengeRoutes, API.pendingLoot, { guard: asPlayer }, async (c) => {
  const { uid } = c.var.player;
  const [state] = parseStates([uid], await c.var.player.read((db) => statesRead(db, [uid]))) ?? [];
  if (!state) throw notFound();
  return { loot: state.loot.map(findToItem) };
});

route(scavengeRoutes, API.scavenge, { guard: asPlayer, body: ScavengeSchema }, async (c, { body }) => {
  const rollId = crypto.randomUUID();
  const zone = zoneById(body.zone);
  const outcome = reported(
    c,
    await c.var.player.commitOwn(seedsOf(c.var.player.uid), (state, now, seeds) => scavenge(state, now, seeds, rollId, zone)),
  );
  for (const find of outcome.changes.newLoot ?? []) {
    const entry = catalogueEntry(find.catalogId);
    if (rarityRank(entry.rarity) >= NEWSWORTHY_FIND_RANK) {
      reportNews(c, { kind: 'find', username: outcome.after.player.username, item: { itemName: entry.name, rarity: entry.rarity, quality: find.quality } });
    }
  }
  return toIntentResult(outcome);
});
route(scavengeRoutes, API.takeLoot, { guard: asPlayer, body: ScavengeSwapSchema }, async (c, { body }) => {
  let firsts: string[] = [];
  const outcome = reported(
    c,
    await c.var.player.commit((state, now) =>
      claimingFirsts(state, takeLoot(state, body, now, () => crypto.randomUUID()), (won) => {
        firsts = won;
      }),
    ),
  );
  reportFirsts(c, outcome.after.player.username, firsts, outcome.changes);
  return toIntentResult(outcome);
});
