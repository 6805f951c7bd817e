/**
 * The collection (docs/design.md section 9.6): sets by tier, complete with any quality researched by anyone; each
 * complete set makes research 5 % faster from an item's next equip (stored with it, at most 25 %); and a tenth of
 * a player's own trophies in their fight power, the header's totals unchanged.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API, pathOf } from '../../game/api';
import { itemsOfRarity } from '../../game/rules/catalogue';
import { fightStats, statsOf } from '../../game/rules/fight-power';
import { researchDurationMs, researchedMs, researchLeftMs, researchRecord } from '../../game/rules';
import { MAX_RESEARCH_BONUS_PERCENT, researchBonusPercent, SET_TIERS, setsOf } from '../../game/rules/sets';
import type { IntentResult, Profile, TrophySets } from '../../game/wire';
import { call, giveItem, json, mintPlayer, setPlayer, storedFights } from './helpers';

type Player = Awaited<ReturnType<typeof mintPlayer>>;

/** Every catalogue item of `tier` into the player's case, researched by `researchedBy` (the player by default). */
async function completeSet(player: Player, tier: (typeof SET_TIERS)[number], researchedBy = player.uid) {
  for (const entry of itemsOfRarity(tier)) await giveItem(player.uid, { catalogId: entry.id, location: 'trophy', researched: true, researchedBy });
}

const speedOf = async (itemId: string) => (await env.DB.prepare('SELECT research_speed AS speed FROM items WHERE id = ?').bind(itemId).first<{ speed: number }>())?.speed;
const setsRead = async (player: Player) => json<TrophySets>(await call(pathOf(API.trophySets, { uid: player.uid }), { token: player.token }));

describe('the rules', () => {
  it('a set is complete with each item once, at any quality; 5 % a set, at most 25 %', () => {
    const feathers = itemsOfRarity('verycommon').map((entry) => entry.id);
    expect(setsOf(feathers.slice(1)).find((set) => set.tier === 'verycommon')).toMatchObject({ owned: feathers.length - 1, complete: false });
    expect(setsOf([...feathers, ...feathers]).find((set) => set.tier === 'verycommon')).toEqual({ tier: 'verycommon', owned: feathers.length, total: feathers.length, complete: true });
    expect(researchBonusPercent(feathers)).toBe(5);
    const everything = SET_TIERS.flatMap((tier) => itemsOfRarity(tier).map((entry) => entry.id));
    expect(researchBonusPercent(everything)).toBe(MAX_RESEARCH_BONUS_PERCENT);
  });

  it('research at 25 % faster finishes in four fifths of the time, and says so', () => {
    const duration = researchDurationMs('rare');
    const state = { researchMs: 0, equippedAt: 0, researchSpeed: 25, uid: 'me', researchedBy: null, researchedAt: null };
    expect(researchedMs(state, duration * 0.8)).toBe(duration);
    expect(researchLeftMs('rare', state, 0)).toBe(duration * 0.8);
    expect(researchRecord('rare', state, duration)).toEqual({ by: 'me', at: duration * 0.8 });
  });

  it('a tenth of own trophies adds to fight power', () => {
    expect(fightStats({ attack: 100, defense: 50 }, [{ attack: 39, defense: 10 }, { attack: 1, defense: 0 }])).toEqual({ attack: 104, defense: 51 });
  });
});

describe('GET /api/trophycase/:uid/sets', () => {
  it("counts any researcher's items, and only the caller's own case", async () => {
    const player = await mintPlayer();
    const other = await mintPlayer();
    await completeSet(player, 'verycommon', other.uid);
    const { sets } = await setsRead(player);
    expect(sets.map((set) => set.tier)).toEqual([...SET_TIERS]);
    expect(sets[0]).toMatchObject({ tier: 'verycommon', complete: true });
    expect(sets.filter((set) => set.complete)).toHaveLength(1);
    expect((await call(pathOf(API.trophySets, { uid: other.uid }), { token: player.token })).status).toBe(403);
  });
});

describe('the research perk', () => {
  it('applies from the next equip and is stored with the item; an item already equipped keeps its speed', async () => {
    const player = await mintPlayer();
    await setPlayer(player.uid, { energy: 20, duffel_bag_size: 2 });
    const before = await giveItem(player.uid, { catalogId: 'machete' });
    await completeSet(player, 'verycommon');
    await completeSet(player, 'common');
    // A find taken now is equipped at the player's speed.
    expect((await call(API.scavenge.path, { token: player.token, body: {} })).status).toBe(200);
    const taken = await call(API.takeLoot.path, { token: player.token, body: { take: [0], drop: [] } });
    expect(taken.status, await taken.clone().text()).toBe(200);
    const { profile } = await json<IntentResult>(taken);
    const find = profile.inventory.find((item) => item.id !== before)!;
    expect(find.researchSpeed).toBe(10);
    expect(await speedOf(find.id)).toBe(10);
    expect(await speedOf(before)).toBe(0);
  });
});

describe('trophies in the arena', () => {
  it("a fight counts a tenth of the attacker's own trophies, not a bought one's; the header's totals stay the equipped items'", async () => {
    const attacker = await mintPlayer();
    const defender = await mintPlayer();
    await setPlayer(attacker.uid, { energy: 20 });
    await giveItem(attacker.uid, { catalogId: 'plasma-cutter', quality: 10, location: 'trophy', researched: true });
    await giveItem(attacker.uid, { catalogId: 'plasma-cutter', quality: 10, location: 'trophy', researched: true, researchedBy: defender.uid });
    const response = await call(API.fight.path, { token: attacker.token, body: { defender: defender.username } });
    expect(response.status, await response.clone().text()).toBe(200);
    const { fight, profile } = await json<{ fight: { id: string }; profile: Profile }>(response);
    const stored = (await storedFights()).find((row) => row.attackerUid === attacker.uid && `${row.nonce}` === fight.id.split('.').at(-1));
    const trophy = statsOf({ attack: 38, defense: 5, quality: 10 });
    // Nothing equipped: the fight's stats are the own trophy's tenth alone, and the header's totals stay 0.
    expect([stored!.attacker.attack, stored!.attacker.defense]).toEqual([Math.floor(trophy.attack / 10), Math.floor(trophy.defense / 10)]);
    expect(profile).toMatchObject({ totalAttack: 0, totalDefense: 0, trophyStats: trophy });
  });
});
