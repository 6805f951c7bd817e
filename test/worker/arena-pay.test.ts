/**
 * An arena that pays like play (docs/design.md section 10.1, docs/decisions/030-arena-pays-like-play.md) through the
 * real Worker: savings are safe as rules the server enforces under bursts of parallel fights (at most 2 % of a
 * defender's gold in a UTC day, at most 100 gold in all in a player's first 7 days), and every fight's gold is
 * accounted for: what the winners gained is what the defenders lost plus what the game minted.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { DAILY_FIGHT_LOSS_PERCENT, NEWCOMER_FIGHT_LOSS_CAP, purseParts } from '../../game/rules/fight-gold';
import { utcDay } from '../../game/rules/fight';
import { xpForLevel } from '../../game/rules/level';
import { DAY_MS } from '../../game/time';
import { call, mintPlayer, setPlayer, storedFights } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

const attack = (p: Player, defender: string) => call(API.fight.path, { body: { defender }, token: p.token });

/** Attackers who win every fight: the stats a fight reads are the stored totals (10,000 against the base 10 hits ~40). */
async function raiders(count: number) {
  const players = await Promise.all(Array.from({ length: count }, () => mintPlayer()));
  await Promise.all(players.map((p) => setPlayer(p.uid, { total_attack: 10_000, total_defense: 10_000 })));
  return players;
}

const goldOf = async (uids: readonly string[]) =>
  (await env.DB.prepare(`SELECT sum(gold) AS total FROM players WHERE uid IN (${uids.map(() => '?').join(', ')})`).bind(...uids).first<{ total: number }>())!.total;

/** The gold the game minted in the stored fights these players started. */
async function mintedBy(uids: readonly string[]) {
  const fights = (await storedFights()).filter((fight) => uids.includes(fight.attackerUid));
  return { fights, minted: fights.reduce((sum, fight) => sum + fight.goldMinted, 0) };
}

/** Bursts of `perBurst` parallel attacks on `defender`, its recovery lifted between bursts (so every burst can land). */
async function bursts(attackers: readonly Player[], defender: Player, perBurst: number) {
  const statuses: number[] = [];
  for (let at = 0; at < attackers.length; at += perBurst) {
    await setPlayer(defender.uid, { recovering_until: 0, defences_lost: 0 });
    const burst = attackers.slice(at, at + perBurst);
    for (const response of await Promise.all(burst.map((p) => attack(p, defender.username)))) {
      statuses.push(response.status);
      await response.body?.cancel();
    }
  }
  return statuses;
}

describe('savings are safe', () => {
  it('a burst of fights against a rich saver moves at most 2 % of their gold in a UTC day', { timeout: 180_000 }, async () => {
    const saver = await mintPlayer();
    // Level 10 and a month old: a purse of 24, 12 of it theirs; 2 % of 2,000 is 40, so the fourth win reaches it. A
    // burst lands one lost defence (the loser then recovers): 6 bursts of 4 race on the claim, 2 past the cap.
    await setPlayer(saver.uid, { gold: 2_000, xp: xpForLevel(10), level: 10, created_at: Date.now() - 30 * DAY_MS });
    expect(purseParts(10).fromDefender).toBe(12);
    const attackers = await raiders(24);
    const day = utcDay(Date.now());
    const statuses = await bursts(attackers, saver, 4);
    expect(statuses.every((status) => status === 200 || status === 409), JSON.stringify(statuses)).toBe(true);
    const { fights, minted } = await mintedBy(attackers.map((p) => p.uid));
    expect(fights.length).toBeGreaterThanOrEqual(6);
    const cap = Math.floor((2_000 * DAILY_FIGHT_LOSS_PERCENT) / 100);
    const left = await goldOf([saver.uid]);
    // Held exactly at the cap (a run across 00:00 UTC could start a second day's allowance: then at most twice it).
    if (utcDay(Date.now()) === day) expect(left).toBe(2_000 - cap);
    else expect(left).toBeGreaterThanOrEqual(2_000 - 2 * cap);
    // Every win still paid its minted half: the attackers gained the saver's loss and what was minted, nothing else.
    expect(await goldOf(attackers.map((p) => p.uid))).toBe(100 * attackers.length + (2_000 - left) + minted);
  });

  it('a newcomer’s losses to fights stop at 100 gold in their first 7 days, across UTC days', { timeout: 180_000 }, async () => {
    const newcomer = await mintPlayer();
    // Rich, so the 2 % a day (2,000) is not what stops it; level 10, so each win would take 12.
    await setPlayer(newcomer.uid, { gold: 100_000, xp: xpForLevel(10), level: 10, created_at: Date.now() - DAY_MS });
    // A burst lands one lost defence (the loser then recovers): 9 bursts reach the 100 (8 × 12, then 4), the rest take 0.
    const attackers = await raiders(20);
    await bursts(attackers, newcomer, 2);
    expect(await goldOf([newcomer.uid])).toBe(100_000 - NEWCOMER_FIGHT_LOSS_CAP);
    // A new UTC day gives a new 2 %, but not a new 100: the first week's is in all.
    await setPlayer(newcomer.uid, { defences_lost_day: utcDay(Date.now()) - 1, defences_gold_lost: 0 });
    const more = await raiders(3);
    await bursts(more, newcomer, 3);
    expect(await goldOf([newcomer.uid])).toBe(100_000 - NEWCOMER_FIGHT_LOSS_CAP);
    const { fights } = await mintedBy(more.map((p) => p.uid));
    expect(fights.length).toBeGreaterThan(0);
    expect(fights.every((fight) => fight.goldTaken === fight.goldMinted)).toBe(true);
  });
});

describe('gold accounted for', () => {
  it('over mixed bursts (both ways, rematches, savers and newcomers), taken = lost + minted and nothing else moves', { timeout: 180_000 }, async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => mintPlayer()));
    const old = Date.now() - 30 * DAY_MS;
    await Promise.all(
      players.map((p, n) => setPlayer(p.uid, { gold: [100, 5_000, 250, 70, 12_000, 900, 100, 40_000][n]!, created_at: n % 2 === 0 ? old : Date.now(), total_attack: 50 * n, total_defense: 40 * (7 - n) })),
    );
    const uids = players.map((p) => p.uid);
    const before = await goldOf(uids);
    for (let round = 0; round < 4; round += 1) {
      await Promise.all(players.map((p) => setPlayer(p.uid, { recovering_until: 0, defences_lost: 0, energy: 20, energy_at: Date.now() })));
      // Each player attacks the next two at once, so every pair races both ways and repeats within the day.
      const responses = await Promise.all(players.flatMap((p, n) => [attack(p, players[(n + 1) % 8]!.username), attack(p, players[(n + 3) % 8]!.username)]));
      for (const response of responses) {
        expect([200, 409]).toContain(response.status);
        await response.body?.cancel();
      }
    }
    const { fights, minted } = await mintedBy(uids);
    expect(fights.length).toBeGreaterThan(8);
    expect(fights.every((fight) => fight.goldMinted <= fight.goldTaken)).toBe(true);
    expect(await goldOf(uids)).toBe(before + minted);
    // Each defender lost what their fights' records say they lost.
    for (const p of players) {
      const lost = fights.filter((fight) => fight.defenderUid === p.uid).reduce((sum, fight) => sum + fight.goldTaken - fight.goldMinted, 0);
      const won = fights.filter((fight) => fight.attackerUid === p.uid).reduce((sum, fight) => sum + fight.goldTaken, 0);
      const start = [100, 5_000, 250, 70, 12_000, 900, 100, 40_000][players.indexOf(p)]!;
      expect(await goldOf([p.uid])).toBe(start - lost + won);
    }
  });
});
