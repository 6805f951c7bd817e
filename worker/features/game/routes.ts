/**
 * The game API (DESIGN.md section 3): reads under the spec's paths, and intents that the server decides.
 * A player reads only their own private data; public data goes through the leaderboard. Every route but the
 * public catalogue goes through the player capability (`asPlayer`, worker/game/player.ts).
 */
import { desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API } from '../../../game/api';
import { cryptoRandom, rarityRank } from '../../../game/rules';
import { CATALOGUE } from '../../../game/rules/catalogue';
import { RECIPES } from '../../../game/rules/craft';
import { CraftSchema, DeleteItemsSchema, EmptyBodySchema, ProfileSwapSchema, ScavengeSwapSchema, TrophySchema } from '../../../game/schemas';
import type { IntentResult, Profile, Recipe, TrophyEntry } from '../../../game/wire';
import { reply } from '../../core/route';
import { activity } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { forbidden, notFound } from '../../core/errors';
import type { Changes } from './intents';
import * as intents from './intents';
import { reportLevels, reportNews } from '../chat/news';
import { asPlayer, type PlayerEnv } from '../../core/player';
import { leaderboardReads, parseLeaderboard, parseRanking, rankingRead } from '../../core/ranking';
import { catalogueEntry, findToItem, itemsAt, parseStates, statesRead, toItem, toProfile, type GameState } from '../../core/state';
import { validate } from '../../core/validate';

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

/** The recipes as the API answers them: the catalogue entries spelled out, so a screen needs no second read. */
const recipeList: Recipe[] = RECIPES.map((recipe) => ({
  id: recipe.id,
  result: catalogueEntry(recipe.resultId),
  gold: recipe.gold,
  inputs: recipe.inputs.map((input) =>
    input.kind === 'item' ? { kind: 'item', count: input.count, item: catalogueEntry(input.catalogId) } : { kind: 'tier', count: input.count, rarity: input.rarity },
  ),
}));

/** Finds of this rarity or better make the news ticker (DESIGN.md section 4). */
const NEWSWORTHY_RANK = rarityRank('rare');

/** Commits the caller's intent and answers the fresh profile and finds; a tenth level makes the news. */
async function intent(c: Context<PlayerEnv>, decide: (state: GameState, now: number) => Changes) {
  const outcome = await c.var.player.commit(decide);
  reportLevels(c, outcome.after.player.username, outcome.before.player.xp, outcome.after.player.xp);
  const result: IntentResult = { profile: toProfile(outcome.after, outcome.ranking, outcome.now), loot: outcome.after.loot.map(findToItem) };
  return { outcome, result };
}

// The guard on each route, not with use(): a sub-app's use() would also catch the app's unknown /api paths.
export const gameRoutes = new Hono<AppEnv>()
  .get(API.profile.path, asPlayer, async (c) => reply(c, API.profile, await ownProfile(c)))
  .get(API.inventory.path, asPlayer, async (c) => reply(c, API.inventory, itemsAt(await ownState(c), 'inventory', Date.now())))
  .get(API.duffel.path, asPlayer, async (c) => reply(c, API.duffel, itemsAt(await ownState(c), 'duffel', Date.now())))
  .get(API.log.path, asPlayer, async (c) => {
    const [log] = await c.var.player.read(
      (db, uid) =>
        [
          db
            .select({ id: activity.id, kind: activity.kind, text: activity.text, createdAt: activity.createdAt })
            .from(activity)
            .where(eq(activity.uid, uid))
            .orderBy(desc(activity.id))
            .limit(LOG_SIZE),
        ] as const,
    );
    assertOwnPath(c);
    return reply(c, API.log, log);
  })
  .get(API.trophyCase.path, asPlayer, async (c) => {
    const state = await ownState(c);
    const now = Date.now();
    const entries = state.items
      .filter((row) => row.location === 'trophy')
      .sort((a, b) => (a.trophyAt ?? 0) - (b.trophyAt ?? 0))
      .map((row): TrophyEntry => ({ item: toItem(row, now), addedAt: row.trophyAt ?? 0 }));
    return reply(c, API.trophyCase, entries);
  })
  .get(API.leaderboard.path, asPlayer, async (c) => {
    const leaderboard = parseLeaderboard(await c.var.player.read(leaderboardReads));
    if (!leaderboard) throw notFound();
    return reply(c, API.leaderboard, leaderboard);
  })
  .get(API.catalogue.path, (c) => reply(c, API.catalogue, [...CATALOGUE]))
  .get(API.pendingLoot.path, asPlayer, async (c) => reply(c, API.pendingLoot, { loot: (await ownState(c)).loot.map(findToItem) }))

  .post(API.scavenge.path, asPlayer, validate('json', EmptyBodySchema), async (c) => {
    const { outcome, result } = await intent(c, (state, now) => intents.scavenge(state, now, cryptoRandom));
    for (const find of outcome.changes.newLoot ?? []) {
      const entry = catalogueEntry(find.catalogId);
      if (rarityRank(entry.rarity) >= NEWSWORTHY_RANK) {
        reportNews(c, { kind: 'find', username: outcome.after.player.username, item: { itemName: entry.name, rarity: entry.rarity, quality: find.quality } });
      }
    }
    return reply(c, API.scavenge, result);
  })
  .post(API.takeLoot.path, asPlayer, validate('json', ScavengeSwapSchema), async (c) => {
    const body = c.req.valid('json');
    const { result } = await intent(c, (state, now) => intents.takeLoot(state, body, now, () => crypto.randomUUID()));
    return reply(c, API.takeLoot, result);
  })
  .post(API.swap.path, asPlayer, validate('json', ProfileSwapSchema), async (c) => {
    const body = c.req.valid('json');
    return reply(c, API.swap, (await intent(c, (state, now) => intents.swapWithDuffel(state, body, now))).result);
  })
  .post(API.addTrophy.path, asPlayer, validate('json', TrophySchema), async (c) => {
    const body = c.req.valid('json');
    const { outcome, result } = await intent(c, (state, now) => intents.addTrophy(state, body, now));
    const [trophy] = outcome.changes.putItems;
    if (trophy) {
      const entry = catalogueEntry(trophy.catalogId);
      reportNews(c, { kind: 'trophy', username: outcome.after.player.username, item: { itemName: entry.name, rarity: entry.rarity, quality: trophy.quality } });
    }
    return reply(c, API.addTrophy, result);
  })
  .post(API.deleteItems.path, asPlayer, validate('json', DeleteItemsSchema), async (c) => {
    const body = c.req.valid('json');
    return reply(c, API.deleteItems, (await intent(c, (state) => intents.deleteItems(state, body))).result);
  })
  .post(API.upgradeDuffel.path, asPlayer, validate('json', EmptyBodySchema), async (c) =>
    reply(c, API.upgradeDuffel, (await intent(c, (state) => intents.upgradeDuffel(state))).result),
  )
  .get(API.recipes.path, (c) => reply(c, API.recipes, recipeList))
  .post(API.craft.path, asPlayer, validate('json', CraftSchema), async (c) => {
    const body = c.req.valid('json');
    return reply(c, API.craft, (await intent(c, (state, now) => intents.craft(state, body, now, () => crypto.randomUUID()))).result);
  });
