/**
 * The rules of issue #24 through the real Worker (docs/design.md section 8.1, docs/decisions/015-rules-that-teach.md):
 * the protected gold, the daily cap of lost defences, recovery from lost defences only, the rating floor, and
 * the news: its thresholds, upsets, tenth levels, and server firsts decided in the intent's batch.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MSG } from '../../game/messages';
import {
  catalogueById,
  DAILY_DEFENCES_LOST_CAP,
  FIGHT_RECOVERY_MS,
  itemsOfRarity,
  nextUtcMidnight,
  protectedGold,
  rarityRank,
  RATING_FLOOR,
  utcDay,
} from '../../game/rules';
import { FAIR_RULES_VERSION, fairScavenge, matches, seedHash, type StoredOutcome } from '../../game/rules/fair';
import { xpForLevel } from '../../game/rules/level';
import type { Arena, FairRoll, FightResult, Profile } from '../../game/wire';
import { app } from '../../worker/app';
import { connect } from './chat-client';
import { countingD1, newD1Count } from './d1-counter';
import { apiRequest, call, callSettled, expectError, giveItem, json, mintPlayer, newPlayer, setPlayer, unprotect } from './helpers';

type Player = Pick<Awaited<ReturnType<typeof newPlayer>>, 'uid' | 'username' | 'token'>;

// Settled: what a fight tells (news, notices) has been sent when it resolves, so a later fight's news is a marker.
const attack = (p: Player, defender: string) => callSettled(API.fight.path, { body: { defender }, token: p.token });
const fought = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return json<FightResult>(response);
};
const arenaOf = async (p: Player) => json<Arena>(await call('/api/arena', { token: p.token }));
const profileOf = async (p: Player) => json<Profile>(await call(`/api/users/${p.uid}`, { token: p.token }));

/**
 * A fight whose winner is certain: the stats a fight reads are the stored totals, so the winner gets 10,000 of
 * each and the loser none. 10,000 against 10 (the base) hits for about 40 a strike; 10 against 10,010, for 0.
 */
async function beat(winner: Player, loser: Player, attacking: 'winner' | 'loser' = 'winner') {
  const now = Date.now();
  await setPlayer(winner.uid, { total_attack: 10_000, total_defense: 10_000, energy: 20, energy_at: now });
  await setPlayer(loser.uid, { total_attack: 0, total_defense: 0, energy: 20, energy_at: now });
  const { fight } = await fought(attacking === 'winner' ? await attack(winner, loser.username) : await attack(loser, winner.username));
  expect(fight.winner).toBe(winner.username);
  return fight;
}

describe('the protected gold', () => {
  it('a defender never loses the gold below 50 + 10 × level: the winner gains the minted half only', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(bob);
    // Level 5 (400 XP): 100 gold protected; 101 gold leaves 1 at stake (2 % a day would allow 2), of a purse of 16.
    await setPlayer(bob.uid, { gold: 101, xp: 400, level: 5 });
    expect(protectedGold(5)).toBe(100);
    const fight = await beat(alice, bob);
    expect(fight).toMatchObject({ goldTaken: 9, goldMinted: 8 });
    expect((await profileOf(bob)).gold).toBe(100);
  });

  it('a saver who loses defence after defence for six hours keeps 98 % of their gold and the protected gold', { timeout: 120_000 }, async () => {
    // A raider of their own for each defence: since issue #41 only a pair's first fight of the day moves gold
    // (docs/design.md section 9.10).
    const [saver, ...raiders] = [await newPlayer(), ...(await Promise.all(Array.from({ length: 37 }, () => mintPlayer())))];
    await unprotect(saver!);
    await setPlayer(saver!.uid, { gold: 300 });
    // One lost defence every 10 minutes (as soon as each recovery ends), 36 of them.
    for (let n = 0; n < 36; n += 1) {
      await setPlayer(saver!.uid, { recovering_until: 0, defences_lost: 0 });
      await beat(raiders[n % raiders.length]!, saver!);
    }
    const { gold, level } = await profileOf(saver!);
    expect(gold).toBeGreaterThanOrEqual(protectedGold(level));
    // 2 % of 300 in a UTC day (the test may straddle 00:00 UTC: two days' worth at most).
    expect(gold).toBeGreaterThanOrEqual(300 - 2 * 6);
    // At the floor, nothing more can be taken whatever the day allows.
    await setPlayer(saver!.uid, { recovering_until: 0, defences_lost: 0, defences_gold_lost: 0, gold: protectedGold(level) });
    const last = await beat(raiders[36]!, saver!);
    expect(last.goldTaken - last.goldMinted).toBe(0);
  });
});

describe('recovery', () => {
  it('comes from a lost defence only: a beaten attacker and a winning defender can be fought at once', async () => {
    const [alice, bob, carol] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    await unprotect(bob);
    await beat(bob, alice, 'loser'); // alice attacks bob and loses
    const [mine, theirs] = await Promise.all([arenaOf(alice), arenaOf(bob)]);
    expect(mine.me.recoveringUntil).toBe(0);
    expect(theirs.me.recoveringUntil).toBe(0);
    await beat(carol, alice);
    await beat(carol, bob);
  });

  it('lasts until 00:00 UTC from the third lost defence of a UTC day, unless the player attacks', async () => {
    const [saver, raider, other] = await Promise.all([newPlayer(), newPlayer(), newPlayer()]);
    await unprotect(saver, other);
    const firstDay = utcDay(Date.now());
    for (let n = 1; n < DAILY_DEFENCES_LOST_CAP; n += 1) {
      await setPlayer(saver.uid, { recovering_until: 0 });
      const before = Date.now();
      await beat(raider, saver);
      const after = Date.now();
      const { recoveringUntil } = (await arenaOf(saver)).me;
      expect(recoveringUntil).toBeGreaterThanOrEqual(before + FIGHT_RECOVERY_MS);
      expect(recoveringUntil).toBeLessThanOrEqual(after + FIGHT_RECOVERY_MS);
    }
    const counted = await env.DB.prepare('SELECT defences_lost, defences_lost_day FROM players WHERE uid = ?').bind(saver.uid).first<{ defences_lost: number; defences_lost_day: number }>();
    // Counted on the commit's UTC day (unless the day turned between the two fights, a matter of milliseconds).
    if (utcDay(Date.now()) === firstDay) expect(counted).toEqual({ defences_lost: DAILY_DEFENCES_LOST_CAP - 1, defences_lost_day: firstDay });
    // The third: pinned to today's count, so a midnight passing during the test cannot reset it.
    await setPlayer(saver.uid, { recovering_until: 0, defences_lost_day: utcDay(Date.now()), defences_lost: DAILY_DEFENCES_LOST_CAP - 1 });
    const before = Date.now();
    await beat(raider, saver);
    const after = Date.now();
    const { recoveringUntil } = (await arenaOf(saver)).me;
    // Until the next 00:00 UTC of the commit's clock, and never less than the usual 10 minutes (just before midnight).
    expect(recoveringUntil).toBeGreaterThanOrEqual(Math.max(nextUtcMidnight(before), before + FIGHT_RECOVERY_MS));
    expect(recoveringUntil).toBeLessThanOrEqual(Math.max(nextUtcMidnight(after), after + FIGHT_RECOVERY_MS));
    // The refusal keeps the design's sentence, with when it ends.
    const refusal = await attack(other, saver.username);
    expect(refusal.status).toBe(409);
    const { message } = (await json<{ error: { message: string } }>(refusal)).error;
    expect(message.startsWith(MSG.recovering)).toBe(true);
    expect(message).toMatch(/ They can be fought again in (\d+ h( \d+ min)?|\d+ min)\.$/);
    // Attacking ends it at once, and the player can be fought again.
    await beat(saver, other);
    expect((await arenaOf(saver)).me.recoveringUntil).toBe(0);
    await beat(raider, saver);
  });

  it('counts the lost defences of the commit’s UTC day only: yesterday’s do not carry over', async () => {
    const [saver, raider] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(saver);
    await setPlayer(saver.uid, { defences_lost_day: utcDay(Date.now()) - 1, defences_lost: 9 });
    const before = Date.now();
    await beat(raider, saver);
    expect((await arenaOf(saver)).me.recoveringUntil).toBeLessThanOrEqual(Date.now() + FIGHT_RECOVERY_MS);
    expect((await arenaOf(saver)).me.recoveringUntil).toBeGreaterThanOrEqual(before + FIGHT_RECOVERY_MS);
  });

  it('says hours and minutes in the refusal when the end is an hour or more away', () => {
    expect(MSG.recoveringFor(90 * 60_000)).toBe(`${MSG.recovering} They can be fought again in 1 h 30 min.`);
    expect(MSG.recoveringFor(120 * 60_000)).toBe(`${MSG.recovering} They can be fought again in 2 h.`);
    expect(MSG.recoveringFor(59 * 60_000 + 1)).toBe(`${MSG.recovering} They can be fought again in 1 h.`);
    expect(MSG.recoveringFor(5_000)).toBe(`${MSG.recovering} They can be fought again in 1 min.`);
  });
});

describe('the rating floor', () => {
  it('never lets a rating fall below 100, for a losing attacker or a beaten defender', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    await unprotect(bob);
    await setPlayer(alice.uid, { rating: RATING_FLOOR + 3 });
    await setPlayer(bob.uid, { rating: RATING_FLOOR });
    await beat(alice, bob); // bob defends and loses at the floor
    expect((await arenaOf(bob)).me.rating).toBe(RATING_FLOOR);
    await setPlayer(bob.uid, { recovering_until: 0 });
    await setPlayer(alice.uid, { rating: RATING_FLOOR + 3 });
    await beat(bob, alice, 'loser'); // alice attacks and loses, 3 above the floor
    expect((await arenaOf(alice)).me.rating).toBe(RATING_FLOOR);
    // Each side's log states the change it had.
    const log = await json<{ text: string }[]>(await call(`/api/users/${alice.uid}/log`, { token: alice.token }));
    expect(log[0]!.text).toMatch(/rating -3\.$/);
  });
});

/** A server seed, client seed and nonce whose scavenge has a find that `wanted` accepts, searched here. */
function seedsWhere(wanted: (ranks: number[]) => boolean) {
  const serverSeed = 'a1'.repeat(32);
  const clientSeed = crypto.randomUUID().slice(0, 8);
  for (let nonce = 0; ; nonce += 1) {
    const finds = fairScavenge({ serverSeed, clientSeed, nonce });
    if (wanted(finds.map((find) => rarityRank(catalogueById(find.catalogId)!.rarity)))) return { serverSeed, clientSeed, nonce, finds };
  }
}

const setSeeds = (uid: string, seeds: { serverSeed: string; clientSeed: string; nonce: number }) =>
  env.DB.batch([
    env.DB.prepare('UPDATE fair_seeds SET server_seed = ?, client_seed = ? WHERE uid = ?').bind(seeds.serverSeed, seeds.clientSeed, uid),
    env.DB.prepare('UPDATE players SET roll_nonce = ? WHERE uid = ?').bind(seeds.nonce, uid),
  ]);

describe('the news', () => {
  it('tells of finds from Epic up only, and of trophies from Legendary up only', async () => {
    const [alice, bob] = await Promise.all([newPlayer(), newPlayer()]);
    const watcher = await connect(await newPlayer());
    const epic = rarityRank('epic');
    const rare = rarityRank('rare');
    // Alice's scavenge has a Rare or Very Rare find and nothing better; then bob's has an Epic or better.
    await setSeeds(alice.uid, seedsWhere((ranks) => Math.max(...ranks) >= rare && Math.max(...ranks) < epic));
    const bobs = seedsWhere((ranks) => Math.max(...ranks) >= epic);
    await setSeeds(bob.uid, bobs);
    const common = await giveItem(alice.uid, { catalogId: 'feather', researched: true });
    const legendary = await giveItem(bob.uid, { catalogId: 'orbital-beacon', quality: 4, researched: true });
    // Alice's whole telling is done before bob acts, so bob's news is a marker that comes after anything of hers.
    for (const [p, body, path] of [
      [alice, {}, '/api/scavenge'],
      [alice, { itemId: common }, '/api/trophycase'],
      [bob, {}, '/api/scavenge'],
      [bob, { itemId: legendary }, '/api/trophycase'],
    ] as const) {
      expect((await callSettled(path, { body, token: p.token })).status).toBe(200);
    }
    const found = await watcher.next('news', (frame) => frame.news.event.kind === 'find' && frame.news.event.username === bob.username);
    expect(found.news.event.kind === 'find' && rarityRank(found.news.event.item.rarity)).toBeGreaterThanOrEqual(epic);
    expect(bobs.finds.map((find) => catalogueById(find.catalogId)!.name)).toContain(found.news.event.kind === 'find' && found.news.event.item.itemName);
    const { news } = await watcher.next('news', (frame) => frame.news.event.kind === 'trophy' && frame.news.event.username === bob.username);
    expect(news.event).toEqual({ kind: 'trophy', username: bob.username, item: { itemName: 'Orbital Beacon', rarity: 'legendary', quality: 4 } });
    const aboutAlice = watcher.frames.filter((frame) => frame.type === 'news' && 'username' in frame.news.event && frame.news.event.username === alice.username);
    expect(aboutAlice).toEqual([]);
  });

  it('tells of a server first exactly once when ten players take the same new item at the same moment', { timeout: 120_000 }, async () => {
    const catalogId = itemsOfRarity('heirloom')[0]!.id;
    // This test's own item: whoever held it first elsewhere, it is unclaimed here.
    await env.DB.prepare('DELETE FROM server_firsts WHERE catalog_id = ?').bind(catalogId).run();
    const players = await Promise.all(Array.from({ length: 10 }, () => newPlayer()));
    await env.DB.batch(players.map((p) => env.DB.prepare('UPDATE players SET finds = json_array(json_array(0, ?, 7)) WHERE uid = ?').bind(catalogId, p.uid)));
    const watcher = await connect(await newPlayer());
    const statuses = await Promise.all(players.map(async (p) => (await callSettled(API.takeLoot.path, { body: { take: [0], drop: [] }, token: p.token })).status));
    expect(statuses).toEqual(players.map(() => 200));
    const { news } = await watcher.next('news', (frame) => frame.news.event.kind === 'first' && frame.news.event.item.itemName === catalogueById(catalogId)!.name);
    const first = await env.DB.prepare('SELECT uid, username FROM server_firsts WHERE catalog_id = ?').bind(catalogId).first<{ uid: string; username: string }>();
    expect(news.event).toMatchObject({ kind: 'first', username: first!.username, item: { rarity: 'heirloom', quality: 7 } });
    expect(players.map((p) => p.uid)).toContain(first!.uid);
    // Taking another one later is no server first.
    const late = await mintPlayer();
    await env.DB.prepare('UPDATE players SET finds = json_array(json_array(0, ?, 3)) WHERE uid = ?').bind(catalogId, late.uid).run();
    expect((await callSettled(API.takeLoot.path, { body: { take: [0], drop: [] }, token: late.token })).status).toBe(200);
    // The marker: a first of another item, told after every take above had told what it would.
    const marker = await mintPlayer();
    const markerId = itemsOfRarity('heirloom')[1]!.id;
    await env.DB.prepare('DELETE FROM server_firsts WHERE catalog_id = ?').bind(markerId).run();
    await env.DB.prepare('UPDATE players SET finds = json_array(json_array(0, ?, 3)) WHERE uid = ?').bind(markerId, marker.uid).run();
    expect((await callSettled(API.takeLoot.path, { body: { take: [0], drop: [] }, token: marker.token })).status).toBe(200);
    await watcher.next('news', (frame) => frame.news.event.kind === 'first' && frame.news.event.username === marker.username);
    // No second first of the item (`next` took the first out of the frames), and none for the late taker.
    expect(watcher.frames.filter((frame) => frame.type === 'news' && frame.news.event.kind === 'first' && frame.news.event.item.itemName === catalogueById(catalogId)!.name)).toEqual([]);
    expect(watcher.frames.filter((frame) => frame.type === 'news' && frame.news.event.kind === 'first' && frame.news.event.username === late.username)).toEqual([]);
  });

  it('decides a server first inside the take’s own batch: still 2 D1 round trips', async () => {
    const catalogId = itemsOfRarity('artifact')[0]!.id;
    await env.DB.prepare('DELETE FROM server_firsts WHERE catalog_id = ?').bind(catalogId).run();
    const alice = await newPlayer();
    await env.DB.prepare('UPDATE players SET finds = json_array(json_array(0, ?, 5)) WHERE uid = ?').bind(catalogId, alice.uid).run();
    const count = newD1Count();
    const response = await app.fetch(apiRequest(API.takeLoot.path, { body: { take: [0], drop: [] }, token: alice.token }), { ...env, DB: countingD1(env.DB, count) });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(count).toMatchObject({ calls: 2, batches: 2 });
    expect(await env.DB.prepare('SELECT uid FROM server_firsts WHERE catalog_id = ?').bind(catalogId).first()).toEqual({ uid: alice.uid });
  });

  it('tells of a server first made by a craft', async () => {
    await env.DB.prepare("DELETE FROM server_firsts WHERE catalog_id = 'citadel-walker'").run();
    const alice = await newPlayer();
    await setPlayer(alice.uid, { gold: 300 });
    const parts: string[] = [];
    for (const catalogId of ['bunker-door', 'exoskeleton-legs', 'road-flare']) parts.push(await giveItem(alice.uid, { catalogId, quality: 6, researched: true }));
    const watcher = await connect(await newPlayer());
    const response = await call(API.craft.path, { body: { recipeId: 'citadel-walker', itemIds: parts }, token: alice.token });
    expect(response.status, await response.clone().text()).toBe(200);
    const { news } = await watcher.next('news', (frame) => frame.news.event.kind === 'first' && frame.news.event.username === alice.username);
    expect(news.event).toEqual({ kind: 'first', username: alice.username, item: { itemName: 'Citadel Walker', rarity: 'assembled', quality: 6 } });
  });

  it('tells of an upset, on whichever side the weaker winner fought, and of no other win', async () => {
    const [alice, bob, carol, dave, erin, frank] = await Promise.all([newPlayer(), newPlayer(), newPlayer(), newPlayer(), newPlayer(), newPlayer()]);
    await unprotect(bob, dave, frank);
    const watcher = await connect(await newPlayer());
    // No upset: beat() gives the loser no power at all.
    await beat(erin, frank);
    // Upsets: the winner has 20,000 power and hits for about 8; the loser has 40,000, all defence, and hits for 0.
    const now = Date.now();
    const weakWinner = { total_attack: 10_000, total_defense: 10_000, energy: 20, energy_at: now };
    const strongLoser = { total_attack: 0, total_defense: 40_000, energy: 20, energy_at: now };
    await Promise.all([setPlayer(alice.uid, weakWinner), setPlayer(bob.uid, strongLoser), setPlayer(carol.uid, strongLoser), setPlayer(dave.uid, weakWinner)]);
    expect((await fought(await attack(alice, bob.username))).fight.winner).toBe(alice.username);
    expect((await fought(await attack(carol, dave.username))).fight.winner).toBe(dave.username);
    for (const [winner, loser] of [
      [alice, bob],
      [dave, carol],
    ] as const) {
      const { news } = await watcher.next('news', (frame) => frame.news.event.kind === 'upset' && frame.news.event.winner === winner.username);
      expect(news.event).toEqual({ kind: 'upset', winner: winner.username, loser: loser.username });
    }
    // Erin's win was told (or not) before the upsets above, its markers.
    expect(watcher.frames.filter((frame) => frame.type === 'news' && frame.news.event.kind === 'upset' && frame.news.event.winner === erin.username)).toEqual([]);
  });

  it('tells of every tenth level a player reaches, from a scavenge and on both sides of a fight', async () => {
    const [alice, bob, carol, dave] = await Promise.all([newPlayer(), newPlayer(), newPlayer(), newPlayer()]);
    const watcher = await connect(await newPlayer());
    const almost = { xp: xpForLevel(10) - 1, level: 9 };
    await Promise.all([alice, bob, carol].map((p) => setPlayer(p.uid, almost)));
    await unprotect(carol);
    for (const p of [alice, dave]) expect((await callSettled(API.scavenge.path, { body: {}, token: p.token })).status).toBe(200);
    await beat(bob, carol);
    for (const p of [alice, bob, carol]) {
      const { news } = await watcher.next('news', (frame) => frame.news.event.kind === 'level' && frame.news.event.username === p.username);
      expect(news.event).toEqual({ kind: 'level', username: p.username, level: 10 });
    }
    // Dave's scavenge reached no tenth level: it was told (or not) before the fight's levels, its markers.
    expect(watcher.frames.filter((frame) => frame.type === 'news' && frame.news.event.kind === 'level' && frame.news.event.username === dave.username)).toEqual([]);
  });

  it('refuses bad input to the intents it touches without a 500', async () => {
    const alice = await newPlayer();
    for (const body of [{ take: 'x', drop: [] }, { take: [99], drop: [] }, { take: [-1], drop: ['x'] }, {}]) {
      const response = await call(API.takeLoot.path, { body, token: alice.token });
      expect(response.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    await expectError(await attack(alice, ''), 400);
  });
});

describe('rolls stored under the rules before issue #24', () => {
  it('a fight of rules version 1, its seed revealed, is served with its version and still verifies', async () => {
    const alice = await newPlayer();
    // Made by the version 1 code (test/game/fair.test.ts holds the same fight): stored as the rolls table kept it.
    const serverSeed = '5f'.repeat(32);
    const seeds = { serverSeed, clientSeed: 'golden-v1', nonce: 7 };
    const hp = [
      [100, 87], [86, 87], [86, 78], [75, 78], [75, 72], [66, 72], [66, 59], [55, 59], [55, 44], [48, 44],
    ] as const;
    const damage = [13, 14, 9, 11, 6, 9, 13, 11, 15, 7];
    const outcome: StoredOutcome = {
      kind: 'fight',
      attacker: { attack: 120, defense: 40 },
      defender: { attack: 60, defense: 90 },
      result: {
        winner: 'attacker',
        rounds: hp.map(([attackerHp, defenderHp], index) => ({ by: index % 2 === 0 ? 'attacker' : 'defender', damage: damage[index]!, attackerHp, defenderHp })),
      },
    };
    const id = crypto.randomUUID();
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare('INSERT INTO revealed_seeds (hash, uid, seed, revealed_at) VALUES (?, ?, ?, ?)').bind(seedHash(serverSeed), alice.uid, serverSeed, now),
      env.DB.prepare('INSERT INTO rolls (id, uid, kind, server_seed_hash, client_seed, nonce, rules, outcome, created_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)').bind(
        id,
        alice.uid,
        'fight',
        seedHash(serverSeed),
        seeds.clientSeed,
        seeds.nonce,
        JSON.stringify(outcome),
        now - 60_000,
      ),
    ]);
    const roll = await json<FairRoll>(await call(`/api/fairness/rolls/${id}`, { token: alice.token }));
    expect(roll).toMatchObject({ rules: 1, revealedServerSeed: serverSeed });
    expect(FAIR_RULES_VERSION).toBe(2);
    expect(matches({ serverSeed: roll.revealedServerSeed!, clientSeed: roll.clientSeed, nonce: roll.nonce }, roll.outcome, roll.rules)).toBe(true);
    // Under today's rules the same seeds give another fight: the version is what makes it check.
    expect(matches({ serverSeed, clientSeed: roll.clientSeed, nonce: roll.nonce }, roll.outcome)).toBe(false);
  });
});
