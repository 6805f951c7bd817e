/**
 * What cash buys (docs/design.md section 8.2): Second Wind once a UTC day and the Field Kit three times,
 * the Showcase's slots, each paid once under a burst of parallel presses, each refusal the shop's own words,
 * changing nothing.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { MAX_ENERGY } from '../../game/constants';
import { MSG } from '../../game/messages';
import { fieldKitPrice, FIELD_KITS_PER_DAY, SECOND_WIND_CASH, SHOWCASE_SLOT_CASH } from '../../game/rules/cash';
import { researchDurationMs } from '../../game/rules/rarity';
import { researchLeftMs } from '../../game/rules/research';
import type { Item, PlayerCard, Profile } from '../../game/wire';
import { call, expectError, giveItem, json, newPlayer, setPlayer } from './helpers';

const setCash = (uid: string, cash: number) => env.DB.prepare('UPDATE players SET cash = ? WHERE uid = ?').bind(cash, uid).run();
const profileOf = async (player: { uid: string; token: string }) => json<Profile>(await call(`/api/users/${player.uid}`, { token: player.token }));
const secondWind = (player: { token: string }) => call('/api/cash/second-wind', { body: {}, token: player.token });
const fieldKit = (player: { token: string }, itemId: string) => call('/api/cash/field-kit', { body: { itemId }, token: player.token });

describe('Second Wind', () => {
  it('refuses without enough cash, and at full energy, changing nothing', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 2, energy_at: Date.now() });
    await setCash(player.uid, SECOND_WIND_CASH - 1);
    await expectError(await secondWind(player), 400, MSG.notEnoughCash);
    await setCash(player.uid, 10);
    await setPlayer(player.uid, { energy: MAX_ENERGY, energy_at: Date.now() });
    await expectError(await secondWind(player), 400, MSG.energyAlreadyFull);
    expect(await profileOf(player)).toMatchObject({ cash: 10, energy: MAX_ENERGY });
  });

  it('ten parallel presses fill the energy once and take the cash once; a second one the same day is refused', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 3, energy_at: Date.now() });
    await setCash(player.uid, 40);
    const answers = await Promise.all(Array.from({ length: 10 }, () => secondWind(player)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) await expectError(answer, 400, MSG.energyAlreadyFull);
    expect(await profileOf(player)).toMatchObject({ cash: 40 - SECOND_WIND_CASH, energy: MAX_ENERGY });
    await setPlayer(player.uid, { energy: 0, energy_at: Date.now() });
    await expectError(await secondWind(player), 400, MSG.secondWindUsed);
    expect(await profileOf(player)).toMatchObject({ cash: 40 - SECOND_WIND_CASH, energy: 0 });
  });
});

describe('Field Kit', () => {
  it('finishes an equipped item for ceil(minutes left / 160) cash, once under a burst', async () => {
    const player = await newPlayer();
    const itemId = await giveItem(player.uid, { catalogId: 'compound-bow' });
    await setCash(player.uid, 50);
    const answers = await Promise.all(Array.from({ length: 10 }, () => fieldKit(player, itemId)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((one) => one.status !== 200)) await expectError(answer, 400, MSG.alreadyResearched);
    const price = fieldKitPrice(researchDurationMs('rare'));
    expect(price).toBe(Math.ceil(researchDurationMs('rare') / 60_000 / 160));
    const profile = await profileOf(player);
    expect(profile.cash).toBe(50 - price);
    expect(profile.inventory.find((item: Item) => item.id === itemId)?.research).toBe(100);
  });

  // A complete set makes research faster (docs/design.md section 9.6): the kit must still finish it, priced by the
  // equipped time left. Before issue #51 it banked that equipped time as research time, leaving 95 % at +5 %.
  it.each([0, 5, 25])('finishes research at a +%i percent set bonus, priced by the equipped time left', async (speed) => {
    const player = await newPlayer();
    const itemId = await giveItem(player.uid, { catalogId: 'compound-bow' });
    await env.DB.prepare('UPDATE items SET research_speed = ? WHERE id = ?').bind(speed, itemId).run();
    await setCash(player.uid, 50);
    const response = await fieldKit(player, itemId);
    expect(response.status, await response.clone().text()).toBe(200);
    const profile = await profileOf(player);
    expect(profile.inventory.find((item: Item) => item.id === itemId)?.research).toBe(100);
    expect(profile.cash).toBe(50 - fieldKitPrice(researchLeftMs('rare', { researchMs: 0, equippedAt: 0, researchSpeed: speed }, 0)));
    // Finished means the trophy case takes it.
    expect((await call(API.addTrophy.path, { body: { itemId }, token: player.token })).status).toBe(200);
  });

  it('is refused for an item not equipped, without enough cash, and after three a day', async () => {
    const player = await newPlayer();
    const inBag = await giveItem(player.uid, { catalogId: 'compound-bow', location: 'duffel' });
    expect((await fieldKit(player, inBag)).status).toBe(404);
    const items = await Promise.all(Array.from({ length: FIELD_KITS_PER_DAY + 1 }, () => giveItem(player.uid, { catalogId: 'kitchen-knife' })));
    await expectError(await fieldKit(player, items[0]!), 400, MSG.notEnoughCash);
    await setCash(player.uid, 100);
    for (const itemId of items.slice(0, FIELD_KITS_PER_DAY)) expect((await fieldKit(player, itemId)).status).toBe(200);
    const cash = (await profileOf(player)).cash;
    await expectError(await fieldKit(player, items[FIELD_KITS_PER_DAY]!), 400, MSG.fieldKitsUsed);
    expect((await profileOf(player)).cash).toBe(cash);
  });
});

describe('the Showcase', () => {
  const pin = (player: { token: string }, itemIds: string[]) => call('/api/cash/showcase', { body: { itemIds }, token: player.token });
  const cardOf = async (username: string, token: string) => json<PlayerCard>(await call(`/api/players/${username}`, { token }));

  it('pins trophies to the public card in order, buying each slot once at 30 cash; fewer later costs nothing', async () => {
    const player = await newPlayer();
    const viewer = await newPlayer();
    const radio = await giveItem(player.uid, { catalogId: 'radio-transceiver', quality: 7, location: 'trophy' });
    const feather = await giveItem(player.uid, { catalogId: 'feather', quality: 2, location: 'trophy' });
    await setCash(player.uid, 2 * SHOWCASE_SLOT_CASH + 5);
    const pinned = await pin(player, [feather, radio]);
    expect(pinned.status, await pinned.clone().text()).toBe(200);
    expect(await profileOf(player)).toMatchObject({ cash: 5, showcase: { slots: 2, itemIds: [feather, radio] } });
    expect((await cardOf(player.username, viewer.token)).showcase).toEqual([
      { catalogId: 'feather', name: 'Feather', rarity: 'verycommon', quality: 2 },
      { catalogId: 'radio-transceiver', name: 'Radio Transceiver', rarity: 'rare', quality: 7 },
    ]);
    expect((await pin(player, [radio])).status).toBe(200);
    expect(await profileOf(player)).toMatchObject({ cash: 5, showcase: { slots: 2, itemIds: [radio] } });
    expect((await cardOf(player.username, viewer.token)).showcase.map((entry) => entry.catalogId)).toEqual(['radio-transceiver']);
  });

  it("refuses a third slot without its cash, an item that is not the player's trophy, and four trophies, changing nothing", async () => {
    const player = await newPlayer();
    const stranger = await newPlayer();
    const trophies = await Promise.all([1, 2, 3, 4].map((quality) => giveItem(player.uid, { quality, location: 'trophy' })));
    const equipped = await giveItem(player.uid, { researched: true });
    const theirs = await giveItem(stranger.uid, { location: 'trophy' });
    await setCash(player.uid, 2 * SHOWCASE_SLOT_CASH);
    expect((await pin(player, trophies.slice(0, 2))).status).toBe(200);
    await expectError(await pin(player, trophies.slice(0, 3)), 400, MSG.notEnoughCash);
    await expectError(await pin(player, [equipped]), 400, MSG.showcaseNotTrophy);
    await expectError(await pin(player, [theirs]), 400, MSG.showcaseNotTrophy);
    await expectError(await pin(player, trophies), 400, MSG.showcaseTooMany);
    expect(await profileOf(player)).toMatchObject({ cash: 0, showcase: { slots: 2, itemIds: trophies.slice(0, 2) } });
  });

  it('ten parallel pins buy the slot once', async () => {
    const player = await newPlayer();
    const trophy = await giveItem(player.uid, { location: 'trophy' });
    await setCash(player.uid, SHOWCASE_SLOT_CASH + 10);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pin(player, [trophy])));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await profileOf(player)).toMatchObject({ cash: 10, showcase: { slots: 1, itemIds: [trophy] } });
  });
});
