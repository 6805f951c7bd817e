/**
 * Salvage and the loop in one tap on the scavenge and profile screens (issue #40, docs/design.md sections 9.1 and
 * 9.2): what the details and the delete dialog say an item salvages for, when "Take best" and "Keep for research"
 * ask before completing the step and what they send, what an answer's `salvaged` becomes on screen (a line and
 * the announcement, no toast), the "New" badge, and a second Take/Swap tap that does nothing. The screen reads
 * and sends through the app's own data layer; the server's answers are given at the network.
 */
import { describe, expect, test, vi } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import { count } from '../../client/components/count';
import { ItemDetailsDialog } from '../../client/components/item-dialogs';
import { DeleteDialog } from '../../client/features/profile/delete-dialog';
import { oneTapPicks } from '../../client/features/scavenge/one-tap';
import { ConfirmSwapDialog } from '../../client/features/scavenge/scavenge-dialogs';
import { ScavengePage } from '../../client/features/scavenge/scavenge-page';
import { playerCache } from '../../client/lib/player';
import { INVENTORY_SIZE } from '../../game/constants';
import { MSG } from '../../game/messages';
import { CATALOGUE, type Rarity } from '../../game/rules';
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
  await commands.answer('/api/market/mine', { listings: [], uncollected: 0 });
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
    // Research just started on every equipped item: nothing to lose yet.
    const inventory = equipped('uncommon', { quality: 10, equippedAt: Date.now() });
    const loot = [aFind(ofTier('rare'), 0, 10), ...[1, 2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    const { best } = oneTapPicks(inventory, loot, new Set(), Date.now());
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

  test('asks first when it would lose 10 minutes of research or a Very Rare find, naming the research lost and the gold; Cancel sends nothing', async () => {
    // Twelve minutes of research on every equipped Rare (under half done); a Very Rare find too weak to be taken.
    const inventory = equipped('rare', { quality: 10, equippedAt: Date.now() - 12 * 60_000 });
    const veryRare = aFind(ofTier('veryrare'), 5, 1);
    const loot = [aFind(ofTier('epic'), 0, 10), ...[1, 2, 3, 4].map((slot) => aFind(ofTier('verycommon', slot), slot, 1)), veryRare];
    const profile = aProfile({ uid: newUid(), inventory });
    const { best } = oneTapPicks(inventory, loot, new Set(), Date.now());
    const rest = loot.filter((find) => !best.take.includes(find));
    expect(best.drop, 'the Epic replaces one Rare under research').toHaveLength(1);
    expect(rest, 'the Very Rare is not among the best six').toContain(veryRare);
    await answerSwap(profile, { count: rest.length + best.drop.length, gold: gold([...rest, ...best.drop]) });
    const posts = await renderScavenge(profile, loot);

    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: 'Take 1 find, drop 1 equipped item and salvage the rest?' });
    await expect.element(ask).toBeVisible();
    await expect.element(ask.getByTestId('research-lost')).toMatchTextContent(/^12 m \d+ s of research lost\.$/);
    await expect.element(ask.getByText(new RegExp(`^${best.drop[0]!.itemName} · Rare · quality 10 · equipped, 29 % researched$`))).toBeVisible();
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

  test('does not ask for a few minutes of research, nor for a new find it passes by', async () => {
    const inventory = equipped('rare', { quality: 10, equippedAt: Date.now() - 3 * 60_000 });
    const loot = [aFind(ofTier('epic'), 0, 10), ...[1, 2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    const { best } = oneTapPicks(inventory, loot, new Set(), Date.now());
    expect(slotsOf(best.take), 'Take best takes the Epic alone').toEqual([0]);
    await answerSwap(profile, { count: 6, gold: gold([...loot.slice(1), ...best.drop]) });
    const posts = await renderScavenge(profile, loot);
    await page.getByRole('button', { name: 'Take best', exact: true }).click();
    await expect.poll(() => posts).toHaveLength(1);
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Keep for research', () => {
  test('beside a new Very Rare with every slot researching, is the suggestion and keeps it in one tap, in place of the least researched', async () => {
    // Six Uncommons researching (1 to 6 minutes), each already in the trophy case; the other finds are weaker copies.
    const inventory = Array.from({ length: INVENTORY_SIZE }, (_, n) => anItem(ofTier('uncommon', n), { id: `eq-${n}`, equippedAt: Date.now() - (n + 1) * 60_000 }));
    const trophies = inventory.map((item) => ({ item: { ...item, id: `t-${item.id}` }, addedAt: 0 }));
    const veryRare = aFind(ofTier('veryrare'), 0, 2);
    const loot = [veryRare, ...[1, 2, 3, 4, 5].map((slot) => aFind(inventory[slot]!.catalogId, slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    await answerSwap(profile, { count: 6, gold: gold([...loot.slice(1), inventory[0]!]) });
    const posts = await renderScavenge(profile, loot, trophies);
    const keep = page.getByRole('button', { name: 'Keep for research' });
    await expect.element(keep).toHaveAttribute('data-suggested', 'true');
    await keep.click();
    await expect.poll(() => posts).toEqual([{ path: '/api/scavenge/swap', body: { take: [0], drop: ['eq-0'], salvageRest: true } }]);
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('the keys s, b and r (WCAG 2.1.4)', () => {
  test('act only while the focus is inside the scavenge screen, say so with aria-keyshortcuts, and leave the focus on Scavenge', async () => {
    const inventory = equipped('uncommon', { quality: 10, equippedAt: Date.now() });
    const loot = [aFind(ofTier('rare'), 0, 10), ...[1, 2, 3, 4, 5].map((slot) => aFind(ofTier('verycommon', slot), slot, 1))];
    const profile = aProfile({ uid: newUid(), inventory });
    await answerSwap(profile, { count: 6, gold: 6 });
    const posts = await renderScavenge(profile, loot);
    const bar = page.getByTestId('action-bar');
    await expect.element(bar.getByRole('button', { name: /^Scavenge/ })).toHaveAttribute('aria-keyshortcuts', 's');
    await expect.element(bar.getByRole('button', { name: 'Take best', exact: true })).toHaveAttribute('aria-keyshortcuts', 'b');
    await expect.element(bar.getByRole('button', { name: 'Keep for research' })).toHaveAttribute('aria-keyshortcuts', 'r');
    // Outside the screen (the focus on the page's body), a key does nothing.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('r');
    await userEvent.keyboard('b');
    expect(posts).toEqual([]);
    // Inside it, on a find: `b` takes best (nothing here is worth a slot for research), and the focus then waits on
    // Scavenge.
    (page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').first().element() as HTMLElement).focus();
    await userEvent.keyboard('r');
    await userEvent.keyboard('b');
    await expect.poll(() => posts.length).toBe(1);
    await expect.element(bar.getByRole('button', { name: /^Scavenge/ })).toHaveFocus();
  });
});

describe('the manual swap dialog', () => {
  test('says the dropped item is salvaged for its gold, never destroyed', async () => {
    const dropped = anItem(ofTier('rare'), { id: 'gone', quality: 4 });
    await render(<ConfirmSwapDialog swap={{ take: [0], drop: [dropped] }} clockOffset={0} busy={false} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = page.getByRole('alertdialog', { name: 'Take 1 find and salvage 1 equipped item?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(dialog.getByText(`This item is salvaged for ${dropped.salvage} gold:`)).toBeVisible();
    await expect.element(dialog.getByRole('button', { name: 'Yes, salvage and take' })).toBeVisible();
    expect(dialog.element().textContent).not.toMatch(/destroy/i);
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
    const inventory = equipped('uncommon', { quality: 10, equippedAt: Date.now() });
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
