/**
 * Salvage and the loop in one tap on the scavenge and profile screens (issue #40, docs/design.md sections 9.1 and
 * 9.2): what the details and the delete dialog say an item salvages for, when "Take best" and "Keep for research"
 * ask before completing the step and what they send, what an answer's `salvaged` becomes on screen (a line and
 * the announcement, no toast), the "New" badge, and a second Take/Swap tap that does nothing. The screen reads
 * and sends through the app's own data layer; the server's answers are given at the network.
 */
import { describe, expect, test, vi } from 'vitest';
import { commands, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import { count } from '../../client/components/count';
import { ItemDetailsDialog } from '../../client/components/item-dialogs';
import { DeleteDialog } from '../../client/features/profile/delete-dialog';
import { ScavengePage } from '../../client/features/scavenge/scavenge-page';
import { playerCache } from '../../client/lib/player';
import { INVENTORY_SIZE } from '../../game/constants';
import { MSG } from '../../game/messages';
import { bestSwap, CATALOGUE, type Rarity } from '../../game/rules';
import type { Item, Profile, SalvageResult, TrophyEntry } from '../../game/wire';
import { anItem, aProfile, expectAxeClean } from './fixtures';
import { newUid, renderSignedIn } from './signed-in';

/** The n-th catalogue item of a tier. */
const ofTier = (rarity: Rarity, n = 0) => CATALOGUE.filter((entry) => entry.rarity === rarity)[n]!.id;
/** A pending find in a loot slot, as GET /api/scavenge answers it. */
const aFind = (catalogId: string, slot: number, quality = 5): Item => ({ ...anItem(catalogId, { id: `loot-${slot}`, quality, equippedAt: null }), slot });
/** Six equipped items, fully researched unless `equippedAt` says research is under way. */
const equipped = (rarity: Rarity, options: { quality?: number; equippedAt?: number; research?: number } = { research: 100 }) =>
  Array.from({ length: INVENTORY_SIZE }, (_, n) => anItem(ofTier(rarity, n), { id: `eq-${n}`, ...options }));

/** The scavenge screen for `profile` with `loot` pending and `trophies` in the case; POSTs are recorded. */
async function renderScavenge(profile: Profile, loot: Item[], trophies: TrophyEntry[] = []) {
  await commands.answer('/api/scavenge', { loot });
  await commands.answer(`/api/trophycase/${profile.uid}`, trophies);
  const posts: { path: string; body: unknown }[] = [];
  const fetch = window.fetch.bind(window);
  vi.spyOn(window, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (init?.method === 'POST') posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    return fetch(input, init);
  });
  await renderSignedIn(
    <MemoryRouter>
      <ScavengePage />
    </MemoryRouter>,
    profile,
  );
  await expect.element(page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').first()).toBeVisible();
  await expect.element(page.getByRole('button', { name: 'Keep for research' })).not.toHaveAccessibleDescription('Reading your trophy case…');
  return posts;
}

/** The swap's answer: the profile after it, nothing pending, and what was salvaged. */
async function answerSwap(profile: Profile, salvaged: SalvageResult['salvaged']) {
  await commands.answer('/api/scavenge/swap', { profile, loot: [], salvaged } satisfies SalvageResult);
}

const slotsOf = (finds: readonly Item[]) => finds.map((find) => find.slot);
const gold = (items: readonly Item[]) => items.reduce((sum, item) => sum + item.salvage, 0);

describe('the item details', () => {
  test('show the salvage beside the spec\'s Value', async () => {
    const item = anItem(ofTier('rare'), { quality: 7 });
    await render(<ItemDetailsDialog item={item} clockOffset={0} onClose={() => {}} />);
    await expect.element(page.getByTestId('detail-value')).toHaveTextContent(String(item.value));
    await expect.element(page.getByTestId('detail-salvage')).toHaveTextContent(`${item.salvage} gold`);
    expect(item.salvage).toBeGreaterThanOrEqual(1);
  });
});

describe('the delete dialog', () => {
  test("keeps the spec's words and adds what the selected items salvage for, all of them", async () => {
    const [a, b, c] = [anItem(ofTier('rare'), { id: 'a', quality: 9 }), anItem(ofTier('common'), { id: 'b' }), anItem(ofTier('epic'), { id: 'c', research: 100 })];
    await commands.colorScheme('dark');
    await render(<DeleteDialog inventory={[a, b]} duffel={[c]} clockOffset={0} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure you want to delete the selected items?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Yes, Delete', exact: true })).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Cancel', exact: true })).toHaveFocus();
    await expect.element(dialog.getByTestId('salvage-line')).toHaveTextContent(MSG.salvageLine(a.salvage + b.salvage + c.salvage));
    await expectAxeClean('the delete dialog, dark');
  });
});

describe('Take best', () => {
  test('with nothing worth keeping at stake, completes the step in one tap and says what was salvaged, not in a toast', async () => {
    const inventory = equipped('uncommon', { quality: 10, research: 100 });
    const loot = [aFind(ofTier('rare'), 0, 10), ...[1, 2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    const best = bestSwap(inventory, loot);
    expect(best.take.length, 'the Rare beats an Uncommon').toBeGreaterThan(0);
    const rest = loot.filter((find) => !best.take.includes(find));
    await answerSwap(profile, { count: rest.length + best.drop.length, gold: gold([...rest, ...best.drop]) });
    const posts = await renderScavenge(profile, loot);

    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    const said = `Took ${count(best.take.length, 'find')}, dropped ${count(best.drop.length, 'item')}. Salvaged ${count(rest.length + best.drop.length, 'item')} for ${gold([...rest, ...best.drop])} gold.`;
    await expect.element(page.getByTestId('action-line')).toHaveTextContent(said);
    expect(posts).toEqual([{ path: '/api/scavenge/swap', body: { take: slotsOf(best.take), drop: best.drop.map((item) => item.id), salvageRest: true } }]);
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
    await expect.element(page.getByTestId('scavenge-announcer')).toHaveTextContent(said);
    await expect.element(page.getByTestId('toast')).not.toBeInTheDocument();
  });

  test('asks first when it would drop research in progress or salvage a Very Rare find, naming them and the gold; Cancel sends nothing', async () => {
    // Research under way for a minute on every equipped item; a Very Rare find too weak to be taken.
    const inventory = equipped('rare', { quality: 10, equippedAt: Date.now() - 60_000 });
    const veryRare = aFind(ofTier('veryrare'), 5, 1);
    const loot = [aFind(ofTier('epic'), 0, 10), ...[1, 2, 3, 4].map((slot) => aFind(ofTier('verycommon', slot), slot, 1)), veryRare];
    const profile = aProfile({ uid: newUid(), inventory });
    const best = bestSwap(inventory, loot);
    const rest = loot.filter((find) => !best.take.includes(find));
    expect(best.drop.length, 'the Epic replaces an item under research').toBeGreaterThan(0);
    expect(rest, 'the Very Rare is not among the best six').toContain(veryRare);
    await answerSwap(profile, { count: rest.length + best.drop.length, gold: gold([...rest, ...best.drop]) });
    const posts = await renderScavenge(profile, loot);

    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: /^Take \d+ finds?, drop \d+ equipped items? and salvage the rest\?$/ });
    await expect.element(ask).toBeVisible();
    await expect.element(ask.getByTestId('item-worth-keeping').first()).toBeVisible();
    expect(ask.getByTestId('item-worth-keeping').elements()).toHaveLength(best.drop.length + 1);
    await expect.element(ask.getByText(new RegExp(`^${veryRare.itemName} · Very Rare · quality 1 · a find$`))).toBeVisible();
    await expect.element(ask.getByTestId('salvage-line')).toHaveTextContent(MSG.salvageLine(gold([...rest, ...best.drop])));
    await expectAxeClean('the one-tap confirmation');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(posts).toEqual([]);

    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, take and salvage' }).click();
    await expect
      .element(page.getByTestId('action-line'))
      .toHaveTextContent(`Took ${count(best.take.length, 'find')}, dropped ${count(best.drop.length, 'item')}. Salvaged ${count(rest.length + best.drop.length, 'item')} for ${gold([...rest, ...best.drop])} gold.`);
    expect(posts).toEqual([{ path: '/api/scavenge/swap', body: { take: slotsOf(best.take), drop: best.drop.map((item) => item.id), salvageRest: true } }]);
  });

  test('asks first when it would salvage a find "Keep for research" would keep', async () => {
    // Every equipped item is fully researched and its trophy is in the case: "Keep for research" would give them
    // up for the finds new to the collection, which Take best passes by for the stronger Epic.
    const inventory = equipped('rare', { quality: 10, research: 100 });
    const loot = [aFind(ofTier('epic'), 0, 10), ...[1, 2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    const trophies = inventory.map((item) => ({ item: { ...item, id: `t-${item.id}` }, addedAt: 0 }));
    const best = bestSwap(inventory, loot);
    expect(slotsOf(best.take), 'Take best takes the Epic alone').toEqual([0]);
    const posts = await renderScavenge(profile, loot, trophies);
    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Take 1 find, drop 1 equipped item and salvage the rest?' });
    await expect.element(ask.getByText(new RegExp(`^${loot[1]!.itemName} · Very Common · quality 1 · a find$`))).toBeVisible();
    expect(posts).toEqual([]);
  });
});

describe('the scavenge screen', () => {
  test('marks a find new to the collection, and leaving finds worth keeping asks with "Stay and take them"', async () => {
    const inventory = equipped('uncommon', { research: 100 });
    const known = aFind(inventory[0]!.catalogId, 0, 3);
    const veryRare = aFind(ofTier('veryrare'), 1, 2);
    const loot = [known, veryRare, ...[2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    const posts = await renderScavenge(profile, loot);
    const rowOf = (find: Item) => page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item').filter({ has: page.getByText(find.itemName, { exact: true }) });
    await expect.element(rowOf(known).getByTestId('new-badge')).not.toBeInTheDocument();
    await expect.element(rowOf(veryRare).getByTestId('new-badge')).toHaveTextContent('New');
    await expectAxeClean('finds with a New badge');

    await page.getByRole('button', { name: /^Scavenge \(/ }).click();
    const ask = page.getByRole('alertdialog', { name: `Leave ${veryRare.itemName} (Very Rare) behind?` });
    await expect.element(ask.getByTestId('salvage-line')).toHaveTextContent(MSG.salvageLine(gold(loot)));
    await expect.element(ask.getByRole('button', { name: 'Stay and take them' })).toHaveFocus();
    await ask.getByRole('button', { name: 'Stay and take them' }).click();
    expect(posts).toEqual([]);
  });

  test('a second Take/Swap tap that lands after the first one did nothing: no refusal', async () => {
    const loot = [0, 1, 2, 3, 4, 5].map((slot) => aFind(ofTier('common', slot), slot));
    const profile = aProfile({ uid: newUid() });
    await commands.answer('/api/scavenge/swap', { profile: { ...profile, inventory: [anItem(loot[0]!.catalogId, { id: 'taken' })] }, loot: loot.slice(1), salvaged: { count: 0, gold: 0 } });
    const posts = await renderScavenge(profile, loot);
    await page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').first().click();
    const takeSwap = page.getByRole('button', { name: 'Take/Swap', exact: true });
    await takeSwap.click();
    await expect.element(page.getByTestId('action-line')).toHaveTextContent('Took 1 find.');
    await takeSwap.click({ force: true });
    await takeSwap.click({ force: true });
    await expect.element(page.getByRole('dialog', { name: MSG.noLootSelected })).not.toBeInTheDocument();
    expect(posts.map((post) => post.body)).toEqual([{ take: [0], drop: [] }]);
  });

  test('the lists hold still while a step is under way, whatever the profile read meanwhile', async () => {
    const inventory = equipped('uncommon', { quality: 10, research: 100 });
    const loot = [aFind(ofTier('rare'), 0, 10), ...[1, 2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    await answerSwap(profile, { count: 0, gold: 0 });
    await renderScavenge(profile, loot);
    // The swap's answer waits until the test lets it go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const through = vi.mocked(window.fetch).getMockImplementation()!;
    vi.mocked(window.fetch).mockImplementation(async (input, init) => {
      if (String(input instanceof Request ? input.url : input).endsWith('/api/scavenge/swap')) await held;
      return through(input, init);
    });
    const names = () => page.getByRole('region', { name: 'Equipped:' }).getByTestId('item-name').elements().map((element) => element.textContent);
    const shown = names();
    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    await expect.element(page.getByRole('button', { name: 'Take best', exact: true })).toBeDisabled();
    // Another read of the profile lands meanwhile, its items in another order: the list does not move.
    playerCache.apply({ profile: { ...profile, inventory: [...inventory].reverse(), serverTime: Date.now() + 1 } });
    // An external store's update renders before the next frame is drawn: two frames on, the list had its chance to move.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    expect(names()).toEqual(shown);
    release();
    await expect.element(page.getByTestId('action-line')).toHaveTextContent('Took 1 find, dropped 1 item.');
  });
});
