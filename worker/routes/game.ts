/**
 * The game API (DESIGN.md section 3): reads under the spec's paths, and intents that the server decides.
 * A player reads only their own private data; public data goes through the leaderboard.
 */
import { Hono, type Context } from 'hono';
import { cryptoRandom, RARITY_NAMES, rarityRank } from '../../game/rules';
import { CATALOGUE } from '../../game/rules/catalogue';
import {
  DeleteItemsSchema,
  EmptyBodySchema,
  ProfileSwapSchema,
  ScavengeSwapSchema,
  TrophySchema,
  type Activity,
  type IntentResult,
  type Profile,
  type TrophyEntry,
} from '../../game/schemas';
import { claimsOf, readAsPlayer, requirePlayerToken } from '../auth/session';
import type { AppEnv } from '../env';
import { forbidden, notFound } from '../errors';
import * as intents from '../game/intents';
import { runIntent, type IntentOutcome } from '../game/run';
import { leaderboardReads, parseLeaderboard, parseRanking, rankingRead } from '../game/ranking';
import { catalogueEntry, itemsAt, parseState, stateReads, toItem, toLoot, toProfile, type GameState } from '../game/state';
import { chatRoom } from '../chat/room';
import { validate } from '../validate';

/** The activity log screen shows the newest entries only. */
const LOG_SIZE = 50;

/** A read for the caller (by their uid), in one D1 batch with the check of their session (behind requirePlayerToken). */
async function readOwn(c: Context<AppEnv>, reads: (d1: D1Database, uid: string) => D1PreparedStatement[]): Promise<D1Result[]> {
  const claims = claimsOf(c);
  const results = await readAsPlayer(c.env.DB, claims, reads(c.env.DB, claims.uid));
  // Checked once the session is known good, so a signed-out caller gets 401 whatever the path says.
  const uid = c.req.param('uid');
  if (uid !== undefined && uid !== claims.uid) throw forbidden();
  return results;
}

/** The caller's state; 403 for a `:uid` route naming anyone else. */
async function ownState(c: Context<AppEnv>): Promise<GameState> {
  const state = parseState(await readOwn(c, stateReads));
  if (!state) throw notFound();
  return state;
}

/** The caller's profile: the state and, only here, the rank (it counts over every player). */
async function ownProfile(c: Context<AppEnv>): Promise<Profile> {
  const results = await readOwn(c, (d1, uid) => [...stateReads(d1, uid), rankingRead(d1, uid)]);
  const state = parseState(results);
  if (!state) throw notFound();
  return toProfile(state, parseRanking(results.at(-1)), Date.now());
}

/** Finds of this rarity or better make the news ticker (DESIGN.md section 4). */
const NEWSWORTHY_RANK = rarityRank('rare');

/** Tells the chat room about a notable event without holding up the player's answer. */
function reportNews(c: Context<AppEnv>, text: string) {
  const posted = chatRoom(c.env)
    .postNews(text)
    .catch((error: unknown) => console.warn('news not delivered', error));
  try {
    c.executionCtx.waitUntil(posted);
  } catch {
    // No execution context (called outside a fetch event): the promise still runs.
  }
}

function result({ after, ranking, now }: IntentOutcome): IntentResult {
  return { profile: toProfile(after, ranking, now), loot: after.loot.map(toLoot) };
}

// The guard on each route, not with use(): a sub-app's use() would also catch the app's unknown /api paths.
// Every player route checks the session row in its first D1 batch (requirePlayerToken, then readOwn or runIntent).
export const gameRoutes = new Hono<AppEnv>()
  .get('/users/:uid', requirePlayerToken, async (c) => c.json(await ownProfile(c)))
  .get('/users/:uid/items', requirePlayerToken, async (c) => c.json(itemsAt(await ownState(c), 'inventory', Date.now())))
  .get('/users/:uid/duffel', requirePlayerToken, async (c) => c.json(itemsAt(await ownState(c), 'duffel', Date.now())))
  .get('/users/:uid/log', requirePlayerToken, async (c) => {
    const [log] = await readOwn(c, (d1, uid) => [
      d1.prepare('SELECT id, kind, text, created_at AS createdAt FROM activity WHERE uid = ? ORDER BY id DESC LIMIT ?').bind(uid, LOG_SIZE),
    ]);
    return c.json((log?.results ?? []) as unknown as Activity[]);
  })
  .get('/trophycase/:uid', requirePlayerToken, async (c) => {
    const state = await ownState(c);
    const now = Date.now();
    const entries = state.items
      .filter((row) => row.location === 'trophy')
      .sort((a, b) => (a.trophyAt ?? 0) - (b.trophyAt ?? 0))
      .map((row): TrophyEntry => ({ item: toItem(row, now), addedAt: row.trophyAt ?? 0 }));
    return c.json(entries);
  })
  .get('/leaderboard', requirePlayerToken, async (c) => {
    const leaderboard = parseLeaderboard(await readOwn(c, leaderboardReads));
    if (!leaderboard) throw notFound();
    return c.json(leaderboard);
  })
  .get('/catalogue', (c) => c.json(CATALOGUE))
  .get('/scavenge', requirePlayerToken, async (c) => c.json({ loot: (await ownState(c)).loot.map(toLoot) }))

  .post('/scavenge', requirePlayerToken, validate('json', EmptyBodySchema), async (c) => {
    const outcome = await runIntent(c.env.DB, claimsOf(c), (state, now) => intents.scavenge(state, now, cryptoRandom));
    for (const find of outcome.changes.newLoot ?? []) {
      const entry = catalogueEntry(find.catalogId);
      if (rarityRank(entry.rarity) >= NEWSWORTHY_RANK) {
        reportNews(c, `${outcome.after.player.username} found ${RARITY_NAMES[entry.rarity]} ${entry.name} (quality ${find.quality})!`);
      }
    }
    return c.json(result(outcome));
  })
  .post('/scavenge/swap', requirePlayerToken, validate('json', ScavengeSwapSchema), async (c) => {
    const body = c.req.valid('json');
    const outcome = await runIntent(c.env.DB, claimsOf(c), (state, now) => intents.takeLoot(state, body, now, () => crypto.randomUUID()));
    return c.json(result(outcome));
  })
  .post('/swap', requirePlayerToken, validate('json', ProfileSwapSchema), async (c) => {
    const body = c.req.valid('json');
    return c.json(result(await runIntent(c.env.DB, claimsOf(c), (state, now) => intents.swapWithDuffel(state, body, now))));
  })
  .post('/trophycase', requirePlayerToken, validate('json', TrophySchema), async (c) => {
    const body = c.req.valid('json');
    const outcome = await runIntent(c.env.DB, claimsOf(c), (state, now) => intents.addTrophy(state, body, now));
    const [trophy] = outcome.changes.putItems;
    if (trophy) reportNews(c, `${outcome.after.player.username} added ${catalogueEntry(trophy.catalogId).name} to their trophy case.`);
    return c.json(result(outcome));
  })
  .post('/items/delete', requirePlayerToken, validate('json', DeleteItemsSchema), async (c) => {
    const body = c.req.valid('json');
    return c.json(result(await runIntent(c.env.DB, claimsOf(c), (state) => intents.deleteItems(state, body))));
  })
  .post('/duffel/upgrade', requirePlayerToken, validate('json', EmptyBodySchema), async (c) => c.json(result(await runIntent(c.env.DB, claimsOf(c), (state) => intents.upgradeDuffel(state)))));
