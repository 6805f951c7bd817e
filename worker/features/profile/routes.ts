/**
 * The profile (docs/design.md section 3): the caller's own data under the spec's paths (profile, inventory,
 * duffel bag, activity log, trophy case), and the profile's intents the server decides in ./decide.ts (swap,
 * trophy, delete, duffel upgrade). A player reads only their own private data; public data goes through the
 * leaderboard and the player card. Every route goes through the player capability (`asPlayer`).
 */
import { and, desc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { setsOf } from '../../../game/rules/sets';
import { DeleteItemsSchema, EmptyBodySchema, ProfileSwapSchema, TrophySchema } from '../../../game/schemas';
import type { Profile, TrophyEntry } from '../../../game/wire';
import type { Changes } from '../../core/changes';
import { activity, items, players } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer, type PlayerEnv } from '../../core/player';
import { parseRanking, rankingRead } from '../../core/ranking';
import { route } from '../../core/route';
import { itemsAt, parseStates, statesRead, toIntentResult, researcherOf, toItem, toProfile, type GameState } from '../../core/state';
import { toSalvageResult } from '../salvage';
import * as decide from './decide';

/** 403 for a `:uid` route naming anyone but the caller; asked once the session is known good, so a signed-out caller hears 401. */
function assertOwnPath(c: Context<PlayerEnv>) {
  const uid = c.req.param('uid');
  if (uid !== undefined && uid !== c.var.player.uid) throw refuse(ERRORS.forbidden);
}

/** The caller's state; 403 for a `:uid` route naming anyone else. */
async function ownState(c: Context<PlayerEnv>): Promise<GameState> {
  const { uid } = c.var.player;
  const [state] = parseStates([uid], await c.var.player.read((db) => statesRead(db, [uid]))) ?? [];
  assertOwnPath(c);
  if (!state) throw refuse(ERRORS.notFound);
  return state;
}

/** The caller's profile: the state and, only here, the rank (it counts over every player). */
async function ownProfile(c: Context<PlayerEnv>): Promise<Profile> {
  const { uid } = c.var.player;
  const [player, owned, ranking] = await c.var.player.read((db) => [...statesRead(db, [uid]), rankingRead(db, uid)] as const);
  assertOwnPath(c);
  const [state] = parseStates([uid], [player, owned]) ?? [];
  if (!state) throw refuse(ERRORS.notFound);
  return toProfile(state, parseRanking(ranking), Date.now());
}

/** Commits the caller's intent and answers its result. */
async function intent(c: Context<PlayerEnv>, decision: (state: GameState, now: number) => Changes) {
  return c.var.player.commit(decision, toIntentResult);
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
          .innerJoin(players, eq(players.num, activity.num))
          .where(eq(players.uid, uid))
          .orderBy(desc(activity.id)),
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
    .map((row): TrophyEntry => ({ item: toItem(row, now, researcherOf(row, state.player, now)), addedAt: row.trophyAt ?? 0 }));
});
// The sets (docs/design.md section 9.6): the case's distinct catalogue ids, read from the covering index.
route(profileRoutes, API.trophySets, { guard: asPlayer }, async (c) => {
  const [trophies] = await c.var.player.read(
    (db, uid) => [db.selectDistinct({ catalogId: items.catalogId }).from(items).where(and(eq(items.uid, uid), eq(items.location, 'trophy')))] as const,
  );
  assertOwnPath(c);
  return { sets: setsOf(trophies.map((row) => row.catalogId)) };
});
route(profileRoutes, API.swap, { guard: asPlayer, body: ProfileSwapSchema }, (c, { body }) => intent(c, (state, now) => decide.swapWithDuffel(state, body, now)));
route(profileRoutes, API.addTrophy, { guard: asPlayer, body: TrophySchema }, (c, { body }) => intent(c, (state, now) => decide.addTrophy(state, body, now)));
route(profileRoutes, API.deleteItems, { guard: asPlayer, body: DeleteItemsSchema }, async (c, { body }) =>
  c.var.player.commit((state) => decide.deleteItems(state, body), toSalvageResult),
);
route(profileRoutes, API.upgradeDuffel, { guard: asPlayer, body: EmptyBodySchema }, (c) => intent(c, (state) => decide.upgradeDuffel(state)));
