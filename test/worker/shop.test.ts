/**
 * The gold shop (docs/design.md section 9.3): an energy refill for gold, 100 the first of a UTC day and twice the
 * one before after that, paid once under a burst of parallel presses, each refusal in the design's order,
 * changing nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_ENERGY } from '../../game/constants';
import { MSG } from '../../game/messages';
import { utcDay } from '../../game/rules/fight';
import { REFILL_FIRST_GOLD, refillPrice } from '../../game/rules/shop';
import type { Activity, IntentResult, Profile, Shop } from '../../game/wire';
import { refill } from '../../worker/features/shop/decide';
import { call, expectError, json, newPlayer, setPlayer } from './helpers';

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
  it('is 100 gold, then doubles each time that day', () => {
    expect([0, 1, 2, 3].map(refillPrice)).toEqual([100, 200, 400, 800]);
    expect(REFILL_FIRST_GOLD).toBe(100);
  });
});

describe('POST /api/shop/refill', () => {
  it('from 0 energy, ten parallel refills fill the energy once and take 100 gold once; the nine others hear the energy is full', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 1000, energy: 0, energy_at: Date.now() });
    expect(await shopOf(player)).toEqual({ refill: { price: 100, boughtToday: 0 } });
    const answers = await Promise.all(Array.from({ length: 10 }, () => buy(player)));
    const paid = answers.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) expect((await expectError(answer, 400, MSG.energyAlreadyFull)).code).toBe('energy_full');
    expect((await json<IntentResult>(paid[0]!)).profile).toMatchObject({ gold: 900, energy: MAX_ENERGY });
    expect(await profileOf(player)).toMatchObject({ gold: 900, energy: MAX_ENERGY });
    expect(await shopOf(player)).toEqual({ refill: { price: 200, boughtToday: 1 } });
    expect((await refillLines(player)).map((entry) => [entry.kind, entry.text])).toEqual([['cash', `Energy refill: energy back to ${MAX_ENERGY} for 100 gold.`]]);
  });

  it('costs 200 after the energy fixture empties the bar again, then 400; the next UTC day it is 100 again', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 2000, energy: 0, energy_at: Date.now() });
    let gold = 2000;
    for (const price of [100, 200, 400]) {
      await emptyEnergy(player);
      expect((await shopOf(player)).refill.price).toBe(price);
      const answer = await buy(player);
      expect(answer.status, await answer.clone().text()).toBe(200);
      gold -= price;
      expect((await json<IntentResult>(answer)).profile).toMatchObject({ gold, energy: MAX_ENERGY });
    }
    expect(await shopOf(player)).toEqual({ refill: { price: 800, boughtToday: 3 } });
    // The count is of the commit's UTC day: three bought yesterday leave today's first at 100.
    await env.DB.prepare('UPDATE players SET refill_day = ? WHERE uid = ?').bind(utcDay(Date.now()) - 1, player.uid).run();
    expect(await shopOf(player)).toEqual({ refill: { price: 100, boughtToday: 0 } });
    await emptyEnergy(player);
    expect((await json<IntentResult>(await buy(player))).profile.gold).toBe(gold - 100);
    expect(await shopOf(player)).toEqual({ refill: { price: 200, boughtToday: 1 } });
  });

  it('refuses at full energy before it looks at the gold, then without enough gold, changing nothing', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { gold: 99, energy: MAX_ENERGY, energy_at: Date.now() });
    expect((await expectError(await buy(player), 400, MSG.energyAlreadyFull)).code).toBe('energy_full');
    await setPlayer(player.uid, { energy: 5, energy_at: Date.now() });
    expect((await expectError(await buy(player), 400, MSG.notEnoughGold)).code).toBe('not_enough_gold');
    expect(await profileOf(player)).toMatchObject({ gold: 99, energy: 5 });
    expect(await shopOf(player)).toEqual({ refill: { price: 100, boughtToday: 0 } });
    expect(await refillLines(player)).toEqual([]);
    // Exactly the price is enough.
    await setPlayer(player.uid, { gold: 100 });
    expect((await json<IntentResult>(await buy(player))).profile).toMatchObject({ gold: 0, energy: MAX_ENERGY });
  });

  it("decides the day by the commit's clock alone", () => {
    const day = 20_000;
    const at = (now: number) => ({ player: { gold: 1000, energy: 0, energyAt: now, refillDay: day, refillsBought: 2 }, items: [], loot: [] }) as never;
    const lastMsOfDay = (day + 1) * 86_400_000 - 1;
    expect(refill(at(lastMsOfDay), lastMsOfDay).player).toMatchObject({ gold: 600, refillDay: day, refillsBought: 3 });
    expect(refill(at(lastMsOfDay + 1), lastMsOfDay + 1).player).toMatchObject({ gold: 900, refillDay: day + 1, refillsBought: 1 });
  });
});
