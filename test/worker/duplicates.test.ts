/**
 * Duplicates teach (docs/design.md section 10.3): a pending find from the player's own scavenge, salvaged by the next
 * scavenge or by a one-tap step, teaches the equipped item of its catalogue item still researching a tenth of its
 * tier's research time, in research time, at most to 100 % (then recorded as finished now). A deleted item, a
 * bought one or one in the duffel bag teaches nothing. Salvage gold is paid as well.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { API } from '../../game/api';
import { catalogueById, duplicateLessonMs, researchDurationMs, salvageGold } from '../../game/rules';
import type { SalvageResult } from '../../game/wire';
import { call, giveItem, json, newPlayer, setPlayer } from './helpers';

type Player = Awaited<ReturnType<typeof newPlayer>>;

const BOW = 'compound-bow';
const RARITY = catalogueById(BOW)!.rarity;

/** The stored research of an item: the banked time, whether it is finished, and by whom. */
const researchOf = (itemId: string) =>
  env.DB.prepare('SELECT research_ms AS researchMs, researched_by AS researchedBy, researched_at AS researchedAt FROM items WHERE id = ?')
    .bind(itemId)
    .first<{ researchMs: number; researchedBy: string | null; researchedAt: number | null }>();

/** An equipped bow with `researchMs` of research banked and its clock stopped, so the test reads exact figures. */
async function equippedBow(player: Player, researchMs: number) {
  const id = await giveItem(player.uid, { catalogId: BOW });
  await env.DB.prepare('UPDATE items SET research_ms = ?, equipped_at = ? WHERE id = ?').bind(researchMs, Date.now() + 3_600_000, id).run();
  return id;
}

/** Pending finds of the player's own scavenge, as the scavenge stores them. */
const setFinds = (player: Player, finds: [catalogId: string, quality: number][]) =>
  env.DB.prepare('UPDATE players SET finds = ? WHERE uid = ?')
    .bind(JSON.stringify(finds.map(([catalogId, quality], slot) => [slot, catalogId, quality])), player.uid)
    .run();

const act = async (player: Player, path: string, body: unknown = {}) => {
  const response = await call(path, { body, token: player.token });
  expect(response.status, await response.clone().text()).toBe(200);
  return json<SalvageResult>(response);
};

describe('duplicates teach', () => {
  it('a pending find salvaged by the next scavenge teaches the equipped item a tenth of its research time, and pays its salvage', async () => {
    const player = await newPlayer();
    await setPlayer(player.uid, { energy: 10 });
    const bow = await equippedBow(player, 60_000);
    await setFinds(player, [
      [BOW, 3],
      [BOW, 1],
      ['feather', 1],
    ]);
    const answer = await act(player, API.scavenge.path);
    expect((await researchOf(bow))!.researchMs).toBe(60_000 + 2 * duplicateLessonMs(RARITY));
    const gold = salvageGold({ catalogId: BOW, rarity: RARITY, quality: 3 }) + salvageGold({ catalogId: BOW, rarity: RARITY, quality: 1 }) + salvageGold({ catalogId: 'feather', rarity: 'verycommon', quality: 1 });
    expect(answer.salvaged).toEqual({ count: 3, gold });
    expect(answer.profile.inventory.find((item) => item.id === bow)!.researchMs).toBe(60_000 + 2 * duplicateLessonMs(RARITY));
  });

  it('a one-tap step teaches with the rest it salvages, at most to 100 %, recorded as finished now by the player', async () => {
    const player = await newPlayer();
    const almost = researchDurationMs(RARITY) - 1_000;
    const bow = await equippedBow(player, almost);
    await setFinds(player, [
      ['feather', 1],
      [BOW, 2],
    ]);
    const before = Date.now();
    await act(player, API.takeLoot.path, { take: [0], drop: [], salvageRest: true });
    const stored = (await researchOf(bow))!;
    expect(stored.researchMs).toBe(researchDurationMs(RARITY));
    expect(stored.researchedBy).toBe(player.uid);
    expect(stored.researchedAt).toBeGreaterThanOrEqual(before);
  });

  it('an item dropped in the same step, a finished one, or another catalogue item learns nothing', async () => {
    const player = await newPlayer();
    const dropped = await equippedBow(player, 0);
    const finished = await giveItem(player.uid, { catalogId: 'machete', researched: true });
    const finishedBefore = (await researchOf(finished))!;
    await setFinds(player, [
      ['feather', 1],
      [BOW, 2],
      ['machete', 2],
    ]);
    const answer = await act(player, API.takeLoot.path, { take: [0], drop: [dropped], salvageRest: true });
    expect(answer.profile.inventory.map((item) => item.id)).not.toContain(dropped);
    expect(await researchOf(dropped)).toBeNull();
    expect(await researchOf(finished)).toEqual(finishedBefore);
  });

  it('a deleted, bought or duffel item teaches nothing', async () => {
    const player = await newPlayer();
    const bow = await equippedBow(player, 60_000);
    const inDuffel = await giveItem(player.uid, { catalogId: BOW, location: 'duffel' });
    const bought = await giveItem(player.uid, { catalogId: BOW, researchedBy: 'someone-else' });
    await act(player, API.deleteItems.path, { itemIds: [inDuffel, bought] });
    expect((await researchOf(bow))!.researchMs).toBe(60_000);
    // Finds taken without salvaging the rest stay pending and teach nothing yet.
    await setFinds(player, [
      ['feather', 1],
      [BOW, 2],
    ]);
    await act(player, API.takeLoot.path, { take: [0], drop: [] });
    expect((await researchOf(bow))!.researchMs).toBe(60_000);
  });
});
