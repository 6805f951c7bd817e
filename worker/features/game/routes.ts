/**
 * The game (docs/design.md section 3): the caller's own data under the spec's paths, and the intents the
 * server decides (./intents.ts). A player reads only their own private data; public data goes through the
 * leaderboard. Every route but the public catalogue goes through the player capability (`asPlayer`).
 */
import { desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API } from '../../../game/api';
import { rarityRank, researchFinishedAt, zoneById } from '../../../game/rules';
import { CATALOGUE } from '../../../game/rules/catalogue';
import { DeleteItemsSchema, EmptyBodySchema, ProfileSwapSchema, ScavengeSchema, ScavengeSwapSchema, TrophySchema } from '../../../game/schemas';
import type { Profile, TrophyEntry } from '../../../game/wire';
import type { Changes } from '../../core/changes';
import { activity } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { forbidden, notFound } from '../../core/errors';
import { asPlayer, type PlayerEnv, type PlayerOutcome } from '../../core/player';
import { parseRanking, rankingRead } from '../../core/ranking';
import { publicRoute, route } from '../../core/route';
import { catalogueEntry, findToItem, itemsAt, parseStates, statesRead, toIntentResult, toItem, toProfile, type GameState } from '../../core/state';
import { claimingFirsts, reportFirsts, reportLevels, reportNews } from '../chat';
import { withContractProgress } from '../contracts';
import { withSeasonScore } from '../seasons';
import { seedsOf } from '../fairness';
import * as intents from './intents';

/** The activity log screen shows the newest entries only. */
const LOG_SIZE = 50;

/** 403 for a `:uid` route naming anyone but the caller; asked once the session is known good, so a signed-out caller hears 401. */
function assertOwnPath(c: Context<PlayerEnv>) {
  const uid = c.req.param('uid');
  if (uid !== undefined && uid !== c.var.player.uid) throw forbidden();
}

/** The caller's state; 403 for a `:uid` route naming anyone else. */
async function ownState(c: Context<PlayerEnv>): Promise<GameState> {
  const { uid } = c.var.player;
  const [state] = parseStates([uid], await c.var.player.read((db) => statesRead(db, [uid]))) ?? [];
  assertOwnPath(c);
  if (!state) throw notFound();
  return state;
}

/** The caller's profile: the state and, only here, the rank (it counts over every player). */
async function ownProfile(c: Context<PlayerEnv>): Promise<Profile> {
  const { uid } = c.var.player;
  const [player, owned, finds, ranking] = await c.var.player.read((db) => [...statesRead(db, [uid]), rankingRead(db, uid)] as const);
  assertOwnPath(c);
  const [state] = parseStates([uid], [player, owned, finds]) ?? [];
  if (!state) throw notFound();
  return toProfile(state, parseRanking(ranking), Date.now());
}

/**
 * Finds of this rarity or better make the news ticker, and trophies of the second or better (docs/design.md
 * section 8.1: the news is for what is rare; Rare finds and every trophy made it before, and drowned it).
 */
const NEWSWORTHY_FIND_RANK = rarityRank('epic');
const NEWSWORTHY_TROPHY_RANK = rarityRank('legendary');

/** Commits the caller's intent; a tenth level makes the news. */
async function intent(c: Context<PlayerEnv>, decide: (state: GameState, now: number) => Changes) {
  return reported(c, await c.var.player.commit(decide));
}

function reported(c: Context<PlayerEnv>, outcome: PlayerOutcome) {
  reportLevels(c, outcome.after.player.username, outcome.before.player.xp, outcome.after.player.xp);
  return outcome;
}

/** Take/Swap's changes with the contract progress of the finds it takes (their qualities). */
function withTaken(state: GameState, changes: Changes): Changes {
  const held = new Set(state.items.map((row) => row.id));
  return withContractProgress(changes, { takenQualities: changes.putItems.filter((row) => !held.has(row.id)).map((row) => row.quality) });
}

export const gameRoutes = new Hono<AppEnv>();

route(gameRoutes, API.profile, { guard: asPlayer }, (c) => ownProfile(c));
route(gameRoutes, API.inventory, { guard: asPlayer }, async (c) => itemsAt(await ownState(c), 'inventory', Date.now()));
route(gameRoutes, API.duffel, { guard: asPlayer }, async (c) => itemsAt(await ownState(c), 'duffel', Date.now()));
route(gameRoutes, API.log, { guard: asPlayer }, async (c) => {
  const [log] = await c.var.player.read(
    (db, uid) =>
      [
        db
          .select({ id: activity.id, kind: activity.kind, text: activity.text, rollId: activity.rollId, createdAt: activity.createdAt })
          .from(activity)
          .where(eq(activity.uid, uid))
          .orderBy(desc(activity.id))
          .limit(LOG_SIZE),
      ] as const,
  );
  assertOwnPath(c);
  return log;
});
route(gameRoutes, API.trophyCase, { guard: asPlayer }, async (c) => {
  const state = await ownState(c);
  const now = Date.now();
  return state.items
    .filter((row) => row.location === 'trophy')
    .sort((a, b) => (a.trophyAt ?? 0) - (b.trophyAt ?? 0))
    .map((row): TrophyEntry => ({ item: toItem(row, now), addedAt: row.trophyAt ?? 0 }));
});
route(gameRoutes, API.catalogue, { guard: publicRoute }, () => [...CATALOGUE]);
route(gameRoutes, API.pendingLoot, { guard: asPlayer }, async (c) => ({ loot: (await ownState(c)).loot.map(findToItem) }));

route(gameRoutes, API.scavenge, { guard: asPlayer, body: ScavengeSchema }, async (c, { body }) => {
  const rollId = crypto.randomUUID();
  const zone = zoneById(body.zone);
  const outcome = reported(
    c,
    await c.var.player.commitOwn(seedsOf(c.var.player.uid), (state, now, seeds) => withContractProgress(intents.scavenge(state, now, seeds, rollId, zone), { scavenges: 1 })),
  );
  for (const find of outcome.changes.newLoot ?? []) {
    const entry = catalogueEntry(find.catalogId);
    if (rarityRank(entry.rarity) >= NEWSWORTHY_FIND_RANK) {
      reportNews(c, { kind: 'find', username: outcome.after.player.username, item: { itemName: entry.name, rarity: entry.rarity, quality: find.quality } });
    }
  }
  return toIntentResult(outcome);
});
route(gameRoutes, API.takeLoot, { guard: asPlayer, body: ScavengeSwapSchema }, async (c, { body }) => {
  let firsts: string[] = [];
  const outcome = await intent(c, (state, now) =>
    claimingFirsts(state, withTaken(state, intents.takeLoot(state, body, now, () => crypto.randomUUID())), (won) => {
      firsts = won;
    }),
  );
  reportFirsts(c, outcome.after.player.username, firsts, outcome.changes);
  return toIntentResult(outcome);
});
route(gameRoutes, API.swap, { guard: asPlayer, body: ProfileSwapSchema }, async (c, { body }) =>
  toIntentResult(await intent(c, (state, now) => intents.swapWithDuffel(state, body, now))),
);
route(gameRoutes, API.addTrophy, { guard: asPlayer, body: TrophySchema }, async (c, { body }) => {
  const outcome = await intent(c, (state, now) => {
    const changes = intents.addTrophy(state, body, now);
    const [added] = changes.putItems;
    const rarity = catalogueEntry(added!.catalogId).rarity;
    const scored = withSeasonScore(changes, { rarity, quality: added!.quality, finishedAt: researchFinishedAt(rarity, added!) });
    return withContractProgress(scored, { rareTrophies: rarityRank(rarity) >= rarityRank('rare') ? 1 : 0 });
  });
  const [trophy] = outcome.changes.putItems;
  const entry = trophy && catalogueEntry(trophy.catalogId);
  if (trophy && entry && rarityRank(entry.rarity) >= NEWSWORTHY_TROPHY_RANK) {
    reportNews(c, { kind: 'trophy', username: outcome.after.player.username, item: { itemName: entry.name, rarity: entry.rarity, quality: trophy.quality } });
  }
  return toIntentResult(outcome);
});
route(gameRoutes, API.deleteItems, { guard: asPlayer, body: DeleteItemsSchema }, async (c, { body }) =>
  toIntentResult(await intent(c, (state) => intents.deleteItems(state, body))),
);
route(gameRoutes, API.upgradeDuffel, { guard: asPlayer, body: EmptyBodySchema }, async (c) =>
  toIntentResult(await intent(c, (state) => intents.upgradeDuffel(state))),
);
