/**
 * The game engine (issue #11): the player capability and the commit over several players. The intents that
 * move gold or items between players here are the tests' own (the arena and guilds build real ones on the
 * same commit); they race the real API's intents of the same players.
 */
import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../game/messages';
import { handleError } from '../../worker/app';
import { createDb } from '../../worker/core/db/client';
import { commitPlayers } from '../../worker/core/commit';
import type { Changes } from '../../worker/core/changes';
import type { AppEnv } from '../../worker/core/env';
import { asPlayer } from '../../worker/core/player';
import type { GameState } from '../../worker/core/state';
import type { SalvageResult } from '../../game/wire';
import { apiRequest, call, commitSessionOf, expectError, giveItem, json, newPlayer, setPlayer } from './helpers';

const db = createDb(env.DB);
const commit = async (uids: string[], decide: (states: GameState[], now: number) => Changes[]) => commitPlayers(db, await commitSessionOf(uids[0]!), uids, decide);

const nothing = (text: string): Changes => ({ player: {}, putItems: [], deleteItems: [], takeLoot: [], log: { kind: 'upgrade', text } });

/** The tests' own two-player intent: `from` pays `to` some gold, or is refused when short. */
function payGold(from: string, to: string, amount: number) {
  return commit([from, to], ([payer, payee]) => {
    if (!payer || !payee) throw new Error('both players are read');
    if (payer.player.gold < amount) throw new Error('not enough gold');
    return [
      { ...nothing(`paid ${amount}`), player: { gold: payer.player.gold - amount } },
      { ...nothing(`received ${amount}`), player: { gold: payee.player.gold + amount } },
    ];
  });
}

/** The tests' own two-player intent: `from` hands an inventory item to `to`. */
function handOver(from: string, to: string, itemId: string) {
  return commit([from, to], ([giver, taker]) => {
    const row = giver?.items.find((item) => item.id === itemId);
    if (!giver || !taker || !row) throw new Error('item gone');
    return [
      { ...nothing('gave'), deleteItems: [] },
      { ...nothing('took'), putItems: [{ ...row, uid: to, location: 'duffel', equippedAt: null }] },
    ];
  });
}

const goldOf = async (uids: string[]) => {
  const { results } = await env.DB.prepare(`SELECT sum(gold) AS total FROM players WHERE uid IN (${uids.map(() => '?').join(', ')})`)
    .bind(...uids)
    .all<{ total: number }>();
  return results[0]?.total ?? 0;
};

describe('a commit over several players', () => {
  it('conserves gold exactly while two players pay each other and scavenge, all at once', async () => {
    const [a, b] = await Promise.all([newPlayer(), newPlayer()]);
    await Promise.all([setPlayer(a.uid, { gold: 50 }), setPlayer(b.uid, { gold: 50 })]);
    const payments = Array.from({ length: 16 }, (_, index) => (index % 2 ? payGold(a.uid, b.uid, 3) : payGold(b.uid, a.uid, 5)));
    const scavenges = [a, b, a, b].map((player) => call('/api/scavenge', { body: {}, token: player.token }));
    const [paid, scavenged] = await Promise.all([Promise.allSettled(payments), Promise.all(scavenges)]);
    expect(paid.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(scavenged.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    // Each scavenge pays 1 gold and the salvage of the finds left before it; every payment moves gold and creates none.
    const salvage = await Promise.all(scavenged.map(async (response) => (await json<SalvageResult>(response)).salvaged.gold));
    const [aSalvage, bSalvage] = [salvage[0]! + salvage[2]!, salvage[1]! + salvage[3]!];
    expect(await goldOf([a.uid, b.uid])).toBe(100 + 4 + aSalvage + bSalvage);
    const moved = 8 * 3 - 8 * 5;
    const { results } = await env.DB.prepare('SELECT uid, gold FROM players WHERE uid IN (?, ?)').bind(a.uid, b.uid).all<{ uid: string; gold: number }>();
    expect(Object.fromEntries(results.map((row) => [row.uid, row.gold]))).toEqual({ [a.uid]: 50 + 2 + aSalvage - moved, [b.uid]: 50 + 2 + bSalvage + moved });
  });

  it('never duplicates an item handed over while its owner deletes it', async () => {
    for (let round = 0; round < 3; round += 1) {
      const [giver, taker] = await Promise.all([newPlayer(), newPlayer()]);
      const itemId = await giveItem(giver.uid);
      const [handed, deleted] = await Promise.allSettled([
        handOver(giver.uid, taker.uid, itemId),
        call('/api/items/delete', { body: { itemIds: [itemId] }, token: giver.token }).then((response) => response.status),
      ]);
      const { results } = await env.DB.prepare('SELECT uid FROM items WHERE id = ?').bind(itemId).all<{ uid: string }>();
      // Exactly one of the two happened: the item is the taker's, or it is gone and the hand-over was refused.
      if (handed.status === 'fulfilled') {
        expect(results).toEqual([{ uid: taker.uid }]);
        expect(deleted).toMatchObject({ status: 'fulfilled', value: 404 });
      } else {
        expect(results).toEqual([]);
        expect(deleted).toMatchObject({ status: 'fulfilled', value: 200 });
      }
    }
  });

  it('writes nothing for anyone when one of the players changed after the read, then decides again', async () => {
    const [a, b] = await Promise.all([newPlayer(), newPlayer()]);
    let decisions = 0;
    // The first read is followed by another request that changes b, before this intent's write batch.
    let interfered = false;
    const readThenInterfere: typeof db.batch = async (queries) => {
      const results = await db.batch(queries);
      if (!interfered) await env.DB.prepare("UPDATE players SET gold = gold + 1000, write_token = 'someone else' WHERE uid = ?").bind(b.uid).run();
      interfered = true;
      return results;
    };
    await commitPlayers(db, await commitSessionOf(a.uid, readThenInterfere), [a.uid, b.uid], ([first, second]) => {
      decisions += 1;
      return [
        { ...nothing(`attempt ${decisions}`), player: { gold: (first?.player.gold ?? 0) + 1 } },
        { ...nothing(`attempt ${decisions}`), player: { gold: (second?.player.gold ?? 0) + 1 } },
      ];
    });
    expect(decisions).toBe(2);
    const logs = await env.DB.prepare('SELECT p.uid, a.text FROM activity a JOIN players p ON p.num = a.num WHERE p.uid IN (?, ?) AND a.text LIKE ? ORDER BY p.uid')
      .bind(a.uid, b.uid, 'attempt%')
      .all<{ uid: string; text: string }>();
    expect(logs.results.map((row) => row.text)).toEqual(['attempt 2', 'attempt 2']);
    expect(await goldOf([a.uid])).toBe(101);
    expect(await goldOf([b.uid])).toBe(1101);
  });

  it('answers 404 when one of the players does not exist, writing nothing', async () => {
    const a = await newPlayer();
    await expect(payGold(a.uid, 'nobody', 1)).rejects.toMatchObject({ status: 404 });
    expect(await goldOf([a.uid])).toBe(100);
  });
});

describe('the player capability', () => {
  // A route of its own that answers without reading anything: the middleware must still check the session row.
  const probe = new Hono<AppEnv>().get('/api/probe', asPlayer, (c) => c.json({ uid: c.var.player.uid }));
  const testApp = new Hono<AppEnv>().use(async (c, next) => {
    c.set('db', db);
    await next();
  });
  testApp.route('/', probe);
  testApp.onError(handleError);

  it('checks the session row before an answer leaves, even from a handler that read nothing', async () => {
    const player = await newPlayer();
    const live = await testApp.fetch(apiRequest('/api/probe', { token: player.token }), env);
    expect(await live.json()).toEqual({ uid: player.uid });
    expect((await call('/api/auth/logout', { method: 'POST', token: player.token })).status).toBe(204);
    await expectError(await testApp.fetch(apiRequest('/api/probe', { token: player.token }), env), 401, MSG.signedOut);
  });
});
