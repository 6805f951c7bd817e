/**
 * The profile (docs/design.md section 3): the caller's own data under the spec's paths (profile, inventory,
 * duffel bag, activity log, trophy case), and the profile's intents the server decides in ./decide.ts (swap,
 * trophy, delete, duffel upgrade). A player reads only their own private data; public data goes through the
 * leaderboard and the player card. Every route goes through the player capability (`asPlayer`).
 */
import { desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API } from '../../../game/api';
import { rarityRank } from '../../../game/rules';
import { DeleteItemsSchema, EmptyBodySchema, ProfileSwapSchema, TrophySchema } from '../../../game/schemas';
import type { Profile, TrophyEntry } from '../../../game/wire';
import type { Changes } from '../../core/changes';
import { activity } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { forbidden, notFound } from '../../core/errors';
import { asPlayer, type PlayerEnv } from '../../core/player';
import { parseRanking, rankingRead } from '../../core/ranking';
import { route } from '../../core/route';
import { catalogueEntry, itemsAt, parseStates, statesRead, toIntentResult, toItem, toProfile, type GameState } from '../../core/state';
import { reportLevels, reportNews } from '../chat';
import * as decide from './decide';

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
 * Trophies of this rarity or better make the news ticker (docs/design.md section 8.1: the news is for what is
 * rare; every trophy made it before, and drowned it). Finds have theirs in worker/features/scavenge/routes.ts.
 */
const NEWSWORTHY_TROPHY_RANK = rarityRank('legendary');

/** Commits the caller's intent; a tenth level makes the news. */
async function intent(c: Context<PlayerEnv>, decision: (state: GameState, now: number) => Changes) {
  const outcome = await c.var.player.commit(decision);
  reportLevels(c, outcome.after.player.username, outcome.before.player.xp, outcome.after.player.xp);
  return outcome;
}

export const profileRoutes = new Hono<AppEnv>();

route(profileRoutes, API.profile, { guard: asPlayer }, (c) => ownProfile(c));
route(profileRoutes, API.inventory, { guard: asPlayer }, async (c) => itemsAt(await ownState(c), 'inventory', Date.now()));
route(profileRoutes, API.duffel, { guard: asPlayer }, async (c) => itemsAt(await ownState(c), 'duffel', Date.now()));
route(profileRoutes, API.log, { guard: asPlayer }, async (c) => {
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
route(profileRoutes, API.trophyCase, { guard: asPlayer }, async (c) => {
  const state = await ownState(c);
  const now = Date.now();
  return state.items
    .filter((row) => row.location === 'trophy')
    .sort((a, b) => (a.trophyAt ?? 0) - (b.trophyAt ?? 0))
    .map((row): TrophyEntry => ({ item: toItem(row, now), addedAt: row.trophyAt ?? 0 }));
});
route(profileRoutes, API.swap, { guard: asPlayer, body: ProfileSwapSchema }, async (c, { body }) =>
  toIntentResult(await intent(c, (state, now) => decide.swapWithDuffel(state, body, now))),
);
route(profileRoutes, API.addTrophy, { guard: asPlayer, body: TrophySchema }, async (c, { body }) => {
  const outcome = await intent(c, (state, now) => decide.addTrophy(state, body, now));
  const [trophy] = outcome.changes.putItems;
  const entry = trophy && catalogueEntry(trophy.catalogId);
  if (trophy && entry && rarityRank(entry.rarity) >= NEWSWORTHY_TROPHY_RANK) {
    reportNews(c, { kind: 'trophy', username: outcome.after.player.username, item: { itemName: entry.name, rarity: entry.rarity, quality: trophy.quality } });
  }
  return toIntentResult(outcome);
});
route(profileRoutes, API.deleteItems, { guard: asPlayer, body: DeleteItemsSchema }, async (c, { body }) =>
  toIntentResult(await intent(c, (state) => decide.deleteItems(state, body))),
);
route(profileRoutes, API.upgradeDuffel, { guard: asPlayer, body: EmptyBodySchema }, async (c) =>
  toIntentResult(await intent(c, (state) => decide.upgradeDuffel(state))),
);
