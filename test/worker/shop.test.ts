/**
 * The gold shop (docs/design.md section 9.3): an energy refill for gold, 300 the first of a UTC day and
 * twice the one before after that, and the research bench, each paid once under a burst of parallel presses, each
 * refusal in the design's order, changing nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_ENERGY } from '../../game/constants';
import { MSG } from '../../game/messages';
import { utcDay } from '../../game/rules/fight';
import { BENCH_GOLD, REFILL_FIRST_GOLD, refillPrice } from '../../game/rules/shop';
import { tierPoints } from '../../game/rules/rarity';
import { API } from '../../game/api';
import type { Activity, IntentResult, Profile, Shop } from '../../game/wire';
import { refill } from '../../worker/features/shop/decide';
import { call, expectError, giveItem, json, newPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const buy = (player: Player) => call('/api/shop/refill', { body: {}, token: player.token });
const shopOf = async (player: Player) => {
  const response = await call('/api/shop', { token: player.token });
  expect(response.status).toBe(200);
  return json<Shop>(response);
};
const profileOf = async (player: Player) => json<Profile>(await call(`/api/users/${player.uid}`, { token: player.token }));
/** The energy dev fixture, as the e2e tests use it. */
const emptyEnergy = async (player: Player) => expect((await call('/dev/fixtures/energy', { body: { energy: 0 }, token: player.token })).status).toBe(200);
const refillLines = async (player: Player) =>
  (await json<Activity[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }))).filter((entry) => entry.text.startsWith('Energy refill'));

describe('the price', () => {
  it('is 300 gold, then doubles each time that day', () => {
    expect([0, 1, 2, 3].map(refillPrice)).toEqual([300, 600, 1200, 2400]);
    expect(REFILL_FIRST_GOLD).toBe(300);
  });
});

describe('POST /api/shop/refill', () => {
  it('from 0 energy, ten parallel refills fill the energy once and take 300 gold once; the nine others hear the energy is full', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 1000, energy: 0, energy_at: Date.now() });
    expect(await shopOf(player)).toEqual({ refill: { price: 300, boughtToday: 0 } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(player)));
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) expect((await expectError(answer, 400, MSG.energyAlreadyFull)).code).toBe('energy_full');
    expect((await json<IntentResult>(paid[0]!)).profile).toMatchObject({ gold: 700, energy: MAX_ENERGY });
    expect(await profileOf(player)).toMatchObject({ gold: 700, energy: MAX_ENERGY });
    expect(await shopOf(player)).toEqual({ refill: { price: 600, boughtToday: 1 } });
    expect((await refillLines(player)).map((entry) => [entry.kind, entry.text])).toEqual([['cash', `Energy refill: energy back to ${MAX_ENERGY} for 300 gold.`]]);
  });

  it('costs 600 after the energy fixture empties the bar again, then 1,200; the next UTC day it is 300 again', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 6000, energy: 0, energy_at: Date.now() });
    let gold = 6000;
    for (const price of [300, 600, 1200]) {
      await emptyEnergy(player);
      expect((await shopOf(player)).refill.price).toBe(price);
      const answer = await buy(player);
      expect(answer.status, await answer.clone().text()).toBe(200);
      gold -= price;
      expect((await json<IntentResult>(answer)).profile).toMatchObject({ gold, energy: MAX_ENERGY });
    }
    expect(await shopOf(player)).toEqual({ refill: { price: 2400, boughtToday: 3 } });
    // The count is of the commit's UTC day: three bought yesterday leave today's first at 300.
    await env.DB.prepare('UPDATE players SET refill_day = ? WHERE uid = ?').bind(utcDay(Date.now()) - 1, player.uid).run();
    expect(await shopOf(player)).toEqual({ refill: { price: 300, boughtToday: 0 } });
    await emptyEnergy(player);
    expect((await json<IntentResult>(await buy(player))).profile.gold).toBe(gold - 300);
    expect(await shopOf(player)).toEqual({ refill: { price: 600, boughtToday: 1 } });
  });

  it('refuses at full energy before it looks at the gold, then without enough gold, changing nothing', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 299, energy: MAX_ENERGY, energy_at: Date.now() });
    expect((await expectError(await buy(player), 400, MSG.energyAlreadyFull)).code).toBe('energy_full');
    await setPlayer(player.uid, { energy: 5, energy_at: Date.now() });
    expect((await expectError(await buy(player), 400, MSG.notEnoughGold)).code).toBe('not_enough_gold');
    expect(await profileOf(player)).toMatchObject({ gold: 299, energy: 5 });
    expect(await shopOf(player)).toEqual({ refill: { price: 300, boughtToday: 0 } });
    expect(await refillLines(player)).toEqual([]);
    // Exactly the price is enough.
    await setPlayer(player.uid, { gold: 300 });
    expect((await json<IntentResult>(await buy(player))).profile).toMatchObject({ gold: 0, energy: MAX_ENERGY });
  });

  it("decides the day by the commit's clock alone", () => {
    const day = 20_000;
    const at = (now: number) => ({ player: { gold: 3000, energy: 0, energyAt: now, refillDay: day, refillsBought: 2 }, items: [], loot: [] }) as never;
    const lastMsOfDay = (day + 1) * 86_400_000 - 1;
    expect(refill(at(lastMsOfDay), lastMsOfDay).player).toMatchObject({ gold: 1800, refillDay: day, refillsBought: 3 });
    expect(refill(at(lastMsOfDay + 1), lastMsOfDay + 1).player).toMatchObject({ gold: 2700, refillDay: day + 1, refillsBought: 1 });
  });
});

describe('POST /api/shop/bench (docs/design.md section 9.3)', () => {
  const benchIt = (player: Player, itemId: string) => call(API.bench.path, { body: { itemId }, token: player.token });
  const itemRow = (id: string) =>
    env.DB.prepare('SELECT location, equipped_at AS equippedAt, research_ms AS researchMs FROM items WHERE id = ?').bind(id).first<{ location: string; equippedAt: number | null; researchMs: number }>();

  it('ten parallel presses for two items bench one, once, for its price; the item keeps researching in the duffel bag', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 1000, duffel_bag_size: 2 });
    const items = [await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 4 }), await giveItem(player.uid, { catalogId: 'chainsaw', quality: 2 })];
    const before = await Promise.all(items.map(itemRow));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, n) => benchIt(player, items[n % 2]!)));
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) expect([MSG.benchBusy, MSG.itemNotFound]).toContain((await json<{ error: { message: string } }>(answer)).error.message);
    const { profile } = await json<IntentResult>(paid[0]!);
    expect(profile.gold).toBe(1000 - BENCH_GOLD);
    expect(profile.duffelBag).toHaveLength(1);
    const benched = profile.duffelBag[0]!;
    const index = items.indexOf(benched.id);
    // Its clock runs on as it did in the slot: the same equip time and banked research.
    expect(await itemRow(benched.id)).toEqual({ ...before[index]!, location: 'duffel' });
    expect(benched.equippedAt).toBe(before[index]!.equippedAt);
    expect(profile.inventory.map((item) => item.id)).toEqual([items[1 - index]]);
    const log = (await json<Activity[]>(await call(`/api/users/${player.uid}/log`, { token: player.token }))).filter((entry) => entry.text.startsWith('Research bench'));
    expect(log).toHaveLength(1);
  });

  it('refuses in order (not in the inventory, researched, the bench busy, no duffel room, gold), changing nothing; frees when research is done', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: BENCH_GOLD - 1, duffel_bag_size: 0 });
    const inDuffel = await giveItem(player.uid, { catalogId: 'feather', location: 'duffel', researched: true });
    const done = await giveItem(player.uid, { catalogId: 'feather', researched: true });
    const first = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 3 });
    const second = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 5 });
    expect((await expectError(await benchIt(player, inDuffel), 404, MSG.itemNotFound)).code).toBe('item_not_found');
    expect((await expectError(await benchIt(player, done), 400, MSG.alreadyResearched)).code).toBe('already_researched');
    expect((await expectError(await benchIt(player, first), 400, MSG.benchNeedsRoom)).code).toBe('duffel_full');
    await setPlayer(player.uid, { duffel_bag_size: 3 });
    expect((await expectError(await benchIt(player, first), 400, MSG.notEnoughGold)).code).toBe('not_enough_gold');
    expect(await itemRow(first)).toMatchObject({ location: 'inventory' });
    await setPlayer(player.uid, { gold: 2 * BENCH_GOLD });
    expect((await benchIt(player, first)).status).toBe(200);
    expect((await expectError(await benchIt(player, second), 400, MSG.benchBusy)).code).toBe('bench_busy');
    // Its research done (an hour of clock), the bench is free again; the item scores for who researched it.
    await env.DB.prepare('UPDATE items SET equipped_at = ? WHERE id = ?').bind(Date.now() - 3_600_000, first).run();
    expect((await benchIt(player, second)).status).toBe(200);
    const trophy = await call(API.addTrophy.path, { body: { itemId: first }, token: player.token });
    expect(trophy.status, await trophy.clone().text()).toBe(200);
    expect((await profileOf(player)).trophyCaseScore).toBe(tierPoints('rare') * 3);
    expect((await profileOf(player)).gold).toBe(0);
  });
});
