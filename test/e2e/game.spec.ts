import type { Locator, Page } from '@playwright/test';
import { DUFFEL_SLOT_PRICE, INVENTORY_SIZE, LOOT_PER_SCAVENGE, SCAVENGE_ANIMATION_MS } from '../../game/constants';
import { MSG } from '../../game/messages';
import { itemsOfRarity, RARITY_NAMES, sortItems } from '../../game/rules';
import { apiGet, apiPost, expect, test } from './fixtures';
import { PHONE } from './screens';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const equipped = (page: Page) => region(page, 'Equipped:');
const lootPanel = (page: Page) => region(page, 'Scavenged Loot');
const duffelBag = (page: Page) => region(page, 'Duffel Bag');
/** The selectable row of one item (its id) or loot slot (`loot-<slot>`). */
const rowOf = (panel: Locator, key: string) => panel.locator(`[data-item-key="${key}"]`).getByTestId('item-row');
const popup = (page: Page, message: string) => page.getByRole('dialog', { name: message });
const stat = (page: Page, name: string) => page.getByTestId(`stat-${name}`);

/** A button that cannot succeed: disabled (aria-disabled) with its reason as its accessible description. */
async function expectBlocked(button: Locator, reason: string | RegExp) {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  await expect(button).toHaveAccessibleDescription(reason);
}

/** The server still refuses what the disabled button would have sent, with the spec's message. */
async function expectRefused(page: Page, baseURL: string, path: string, data: unknown, message: string) {
  const response = await apiPost(page.request, baseURL, path, data);
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain(message);
}

async function closePopup(page: Page, message: string) {
  const dialog = popup(page, message);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('scavenging', () => {
  test('a scavenge searches for 2 seconds, then shows 6 finds, for 1 energy and 1 gold', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/scavenge');
    await expect(stat(page, 'energy')).toHaveText('20');
    await expect(page.getByTestId('energy-timer')).toHaveText('(max)');
    await expect(stat(page, 'gold')).toHaveText('100');
    await expect(lootPanel(page)).toBeHidden();

    // The dots grow every 500 ms while the search runs. Recorded in the page as they change: polling from
    // here can miss a 500 ms step on a loaded machine.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { dotsSeen: string[] }).dotsSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="scavenging-dots"]')?.textContent;
        if (text != null && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const started = Date.now();
    await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
    await expect(page.getByRole('status').filter({ hasText: MSG.scavenging })).toBeVisible();

    await expect(lootPanel(page)).toBeVisible({ timeout: SCAVENGE_ANIMATION_MS + 5_000 });
    const dotsSeen = await page.evaluate(() => (window as unknown as { dotsSeen: string[] }).dotsSeen);
    expect(dotsSeen.filter((text) => text !== '').slice(0, 3)).toEqual(['.', '..', '...']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SCAVENGE_ANIMATION_MS - 100);
    await expect(page.getByText(MSG.scavenging)).toBeHidden();
    await expect(lootPanel(page).getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE);
    // Each find's drawing is its own file (public/item-art), painted through the tile's mask.
    const arts = lootPanel(page).locator('[data-item-art]');
    await expect(arts).toHaveCount(LOOT_PER_SCAVENGE);
    for (const { id, mask } of await arts.evaluateAll((nodes) => nodes.map((node) => ({ id: node.getAttribute('data-item-art'), mask: getComputedStyle(node).maskImage })))) {
      expect(mask).toContain(`/item-art/${id}.svg`);
      const drawing = await apiGet(page.request, `/item-art/${id}.svg`);
      expect(drawing.status(), `${id}`).toBe(200);
      expect(drawing.headers()['content-type']).toContain('image/svg+xml');
    }

    await expect(stat(page, 'energy')).toHaveText('19');
    await expect(stat(page, 'gold')).toHaveText('101');
    // Below the maximum a countdown in seconds runs next to energy.
    const timer = page.getByTestId('energy-timer');
    await expect(timer).toHaveText(/^\(\d+s\)$/);
    const first = await timer.textContent();
    await expect(timer).not.toHaveText(first!, { timeout: 20_000 });
  });

  test('Take/Swap with no find selected says so and sends nothing; the server refuses it with the spec message', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    await game.scavenge();
    await page.goto('/scavenge');
    await expect(lootPanel(page).getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE);

    await expectBlocked(page.getByRole('button', { name: 'Take/Swap' }), 'Select a find to take.');
    await expectRefused(page, baseURL!, '/api/scavenge/swap', { take: [], drop: [] }, MSG.noLootSelected);
    await expect(lootPanel(page).getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE);
  });

  test('a taken find moves into Equipped: and leaves an empty slot that cannot be selected', async ({ page, signUp, game }) => {
    await signUp();
    const { loot } = await game.scavenge();
    await page.goto('/scavenge');
    await expect(equipped(page).getByTestId('empty-slot')).toHaveCount(INVENTORY_SIZE);

    const find = loot[2]!;
    const row = rowOf(lootPanel(page), `loot-${find.slot}`);
    await row.click();
    await expect(row).toHaveAttribute('aria-pressed', 'true');
    await row.click();
    await expect(row).toHaveAttribute('aria-pressed', 'false');
    await row.click();
    await page.getByRole('button', { name: 'Take/Swap' }).click();

    await expect(equipped(page).getByTestId('item-name')).toHaveText([find.itemName]);
    await expect(equipped(page).getByTestId('empty-slot')).toHaveCount(INVENTORY_SIZE - 1);
    await expect(lootPanel(page).getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE - 1);
    await expect(lootPanel(page).getByTestId('empty-slot')).toHaveCount(1);
    await expect(lootPanel(page).getByTestId('empty-slot').getByRole('button')).toHaveCount(0);
    // The selections were cleared with the refresh.
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(0);
    expect((await game.profile()).inventory.map((item) => item.catalogId)).toEqual([find.catalogId]);
  });

  test('equipped items become selectable after a scavenge, and a full inventory must drop to take', async ({ page, signUp, game }) => {
    await signUp();
    await game.scavenge();
    await game.take([0, 1, 2, 3, 4, 5]);
    await page.goto('/scavenge');
    const equippedRows = equipped(page).getByTestId('item-row');
    await expect(equippedRows).toHaveCount(INVENTORY_SIZE);
    for (const row of await equippedRows.all()) await expect(row).toBeDisabled();

    await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
    await expect(lootPanel(page).getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE, { timeout: SCAVENGE_ANIMATION_MS + 5_000 });
    for (const row of await equippedRows.all()) await expect(row).toBeEnabled();

    const [find] = await game.pendingLoot();
    // Picked into a full inventory, a find brings the weakest equipped item into the drops (issue #24); taken
    // back out, Take/Swap says a drop is missing, and pressed anyway shows the spec's refusal.
    const before = (await game.profile()).inventory;
    const weakest = sortItems(before).at(-1)!;
    await rowOf(lootPanel(page), `loot-${find!.slot}`).click();
    await expect(rowOf(equipped(page), weakest.id)).toHaveAttribute('aria-pressed', 'true');
    await rowOf(equipped(page), weakest.id).click();
    const takeSwap = page.getByRole('button', { name: 'Take/Swap' });
    await expectBlocked(takeSwap, `All ${INVENTORY_SIZE} slots are full: select 1 equipped item to drop.`);
    await takeSwap.click({ force: true });
    await closePopup(page, MSG.inventoryFull);

    // Dropping one equipped item makes room, once confirmed: the find comes in, the dropped item is gone.
    const dropped = before[0]!;
    await rowOf(equipped(page), dropped.id).click();
    await page.getByRole('button', { name: 'Take/Swap' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Take 1 find and salvage 1 equipped item?' });
    await expect(confirm.getByTestId('item-to-destroy')).toHaveText([new RegExp(`^${dropped.itemName} · `)]);
    await confirm.getByRole('button', { name: 'Yes, salvage and take' }).click();
    await expect(equipped(page).locator(`[data-item-key="${dropped.id}"]`)).toHaveCount(0);
    await expect(equippedRows).toHaveCount(INVENTORY_SIZE);
    const after = (await game.profile()).inventory;
    expect(after.map((item) => item.id)).not.toContain(dropped.id);
    expect(after.filter((item) => !before.some((old) => old.id === item.id)).map((item) => item.catalogId)).toEqual([find!.catalogId]);
  });

  test('a player without energy is told so and nothing is spent', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    await game.setEnergy(0);
    await page.goto('/scavenge');
    await expect(stat(page, 'energy')).toHaveText('0');
    await expectBlocked(page.getByRole('button', { name: 'Scavenge (1 energy)' }), /^No energy\. The next point comes in /);
    await expectRefused(page, baseURL!, '/api/scavenge', {}, MSG.notEnoughEnergy);
    await expect(lootPanel(page)).toBeHidden();
    await expect(stat(page, 'gold')).toHaveText('100');
    expect(await game.pendingLoot()).toEqual([]);
  });

  test('the odds page shows the published drop and quality tables', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/scavenge');
    await page.getByRole('link', { name: 'See the odds' }).click();
    await expect(page).toHaveURL(/\/odds$/);
    await expect(page.getByRole('heading', { name: 'Odds', exact: true })).toBeVisible();
    const expected: [string, string][] = [
      ['verycommon', '50%'],
      ['common', '25%'],
      ['uncommon', '15%'],
      ['rare', '7.5%'],
      ['veryrare', '2.2%'],
      ['epic', '0.25%'],
      ['legendary', '0.05%'],
      ['artifact', '0.005%'],
      ['heirloom', '0.001%'],
    ];
    for (const [rarity, percent] of expected) await expect(page.getByTestId(`odds-${rarity}`)).toContainText(percent);
    await expect(page.getByTestId('quality-10')).toContainText('3%');
    await expect(page.getByTestId('quality-6')).toContainText('20%');
    await expect(page.getByTestId('quality-1–5')).toContainText('50%');
  });
});

test.describe('the profile screen', () => {
  test('shows the header, Log, Craft, and empty slots', async ({ page, signUp, game }) => {
    const { username } = await signUp();
    await game.scavenge();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: username })).toBeVisible();
    for (const name of ['attack', 'defense', 'rank', 'energy', 'gold', 'cash']) await expect(stat(page, name)).toBeVisible();
    await expect(stat(page, 'energy')).toHaveText('19');
    await expect(stat(page, 'gold')).toHaveText('101');
    await expect(stat(page, 'cash')).toHaveText('0');
    // Crafting itself is tested in craft.spec.ts.
    await expect(page.getByRole('button', { name: 'Craft', exact: true })).toBeEnabled();
    await expect(equipped(page).getByText('Empty Slot')).toHaveCount(INVENTORY_SIZE);
    await expect(page.getByTestId('duffel-capacity')).toHaveText('0/0');

    await page.getByRole('button', { name: 'Log', exact: true }).click();
    const log = page.getByRole('dialog', { name: 'Log' });
    await expect(log.getByText(/^Scavenged 6 finds/)).toBeVisible();
    // How long ago, not a date; the exact time is the entry's title.
    await expect(log.locator('time').first()).toHaveText('just now');
    await expect(log.locator('time').first()).toHaveAttribute('title', /\d\d:\d\d/);
    await page.keyboard.press('Escape');
    await expect(log).toBeHidden();
    await expect(page.getByRole('button', { name: 'Log', exact: true })).toBeFocused();
  });

  test('the profile swap refuses nothing, unresearched items and a full duffel bag, then works after an upgrade', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    await game.scavenge();
    const { profile } = await game.take([0]);
    const item = profile.inventory[0]!;
    await page.goto('/profile');
    const swap = page.getByRole('button', { name: 'Swap (2 energy)' });

    await expectBlocked(swap, 'Tap items to select them.');
    await expectBlocked(page.getByRole('button', { name: 'Delete selected items' }), 'Nothing to delete.');
    await expectRefused(page, baseURL!, '/api/swap', { toDuffel: [], toInventory: [] }, MSG.nothingToSwap);

    const row = rowOf(equipped(page), item.id);
    await row.click();
    await expect(row).toHaveAttribute('aria-pressed', 'true');
    // Blocked, and saying why; pressed anyway (force: Playwright waits on an aria-disabled button), the spec's popup.
    await expectBlocked(swap, 'Only fully researched items go in the duffel bag.');
    await swap.click({ force: true });
    await closePopup(page, MSG.mustBeResearched);
    await expect(row).toHaveAttribute('aria-pressed', 'false');

    await game.research(item.id);
    await page.reload();
    await expect(equipped(page).locator(`[data-item-key="${item.id}"]`).getByTestId('item-research')).toHaveText(/100%/);
    await row.click();
    await swap.click({ force: true });
    await closePopup(page, MSG.duffelFull(0));

    await expect(stat(page, 'gold')).toHaveText('101');
    expect(profile.duffelUpgradeCost).toBe(DUFFEL_SLOT_PRICE);
    await page.getByRole('button', { name: `Upgrade (+1 slot) — ${profile.duffelUpgradeCost} gold` }).click();
    await expect(stat(page, 'gold')).toHaveText(String(101 - profile.duffelUpgradeCost));
    await expect(page.getByTestId('duffel-capacity')).toHaveText('0/1');
    await expect(page.getByRole('button', { name: `Upgrade (+1 slot) — ${2 * DUFFEL_SLOT_PRICE} gold` })).toBeVisible();

    await expect(row).toHaveAttribute('aria-pressed', 'true');
    await expect(stat(page, 'energy')).toHaveText('19');
    await swap.click();
    await expect(rowOf(duffelBag(page), item.id)).toBeVisible();
    await expect(equipped(page).getByTestId('empty-slot')).toHaveCount(INVENTORY_SIZE);
    await expect(page.getByTestId('duffel-capacity')).toHaveText('1/1');
    // A full bag is not an error: it says 'full', and its bar is not red (issue 17).
    await expect(page.getByTestId('duffel-full')).toHaveText('full');
    await expect(duffelBag(page).locator('.bar-fill').first()).not.toHaveClass(/red/);
    await expect(stat(page, 'energy')).toHaveText('17');
    await expect(page.locator('[aria-pressed="true"]')).toHaveCount(0);

    // And back again.
    await rowOf(duffelBag(page), item.id).click();
    await swap.click();
    await expect(rowOf(equipped(page), item.id)).toBeVisible();
    await expect(page.getByTestId('duffel-capacity')).toHaveText('0/1');
    await expect(stat(page, 'energy')).toHaveText('15');
  });

  test('an upgrade without enough gold is refused', async ({ page, signUp, game }) => {
    await signUp();
    await game.setGold(5);
    await page.goto('/profile');
    await page.getByRole('button', { name: /^Upgrade \(\+1 slot\)/ }).click();
    await closePopup(page, MSG.notEnoughGold);
    await expect(page.getByTestId('duffel-capacity')).toHaveText('0/0');
    await expect(stat(page, 'gold')).toHaveText('5');
  });

  test('the trash asks first: Cancel keeps the items, Yes, Delete removes them', async ({ page, signUp, game }) => {
    await signUp();
    await game.scavenge();
    const { profile } = await game.take([0, 1]);
    const [doomed, kept] = profile.inventory;
    await page.goto('/profile');
    await rowOf(equipped(page), doomed!.id).click();

    const trash = page.getByRole('button', { name: 'Delete selected items' });
    await trash.click();
    const confirm = page.getByRole('alertdialog', { name: MSG.deleteConfirm });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('item-to-destroy')).toHaveText([new RegExp(`^${doomed!.itemName} · .* % researched`)]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(trash).toBeFocused();
    await expect(equipped(page).getByTestId('item-row')).toHaveCount(2);

    await trash.click();
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(equipped(page).locator(`[data-item-key="${doomed!.id}"]`)).toHaveCount(0);
    await expect(rowOf(equipped(page), kept!.id)).toBeVisible();
    expect((await game.profile()).inventory.map((item) => item.id)).toEqual([kept!.id]);
  });
});

test.describe('the trophy case', () => {
  test('an unresearched item is refused; a researched one goes in and shows in the modal', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    await game.scavenge();
    const { profile } = await game.take([0]);
    const item = profile.inventory[0]!;
    await page.goto('/profile');

    await equipped(page).getByRole('button', { name: `Details of ${item.itemName}` }).click();
    const details = page.getByRole('dialog', { name: item.itemName });
    await expect(details.getByTestId('detail-quality')).toHaveText(String(item.quality));
    await expect(details.getByTestId('detail-percentage')).toHaveText(/^\d+%$/);
    await expect(details.getByTestId('detail-rarity')).toHaveText(RARITY_NAMES[item.rarity]);
    await expect(details.getByTestId('detail-value')).toHaveText('100');
    for (const label of ['Quality', 'Attack', 'Defense', 'Percentage', 'Rarity', 'Value']) await expect(details.getByText(label, { exact: true })).toBeVisible();
    // Not the main button inviting a refusal: it waits, saying how long (issue 17); the server still refuses.
    await expectBlocked(details.getByRole('button', { name: 'Add to Trophy Case' }), /^Research \d+ % — (\d+ [dhms] )+\d+ [dhms] to go\.$/);
    await expectRefused(page, baseURL!, '/api/trophycase', { itemId: item.id }, MSG.trophyNeedsResearch);
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    await game.research(item.id);
    await page.reload();
    await equipped(page).getByRole('button', { name: `Details of ${item.itemName}` }).click();
    await expect(details.getByTestId('detail-percentage')).toHaveText('100%');
    await details.getByRole('button', { name: 'Add to Trophy Case' }).click();
    await expect(details).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `${item.itemName} was added to your trophy case.` })).toBeVisible();
    await expect(equipped(page).getByTestId('empty-slot')).toHaveCount(INVENTORY_SIZE);

    await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Trophy Case' });
    const total = itemsOfRarity(item.rarity).length;
    await expect(modal.getByTestId(`trophy-count-${item.rarity}`)).toHaveText(`1/${total}`);
    await modal.getByRole('button', { name: new RegExp(`^${RARITY_NAMES[item.rarity]} `) }).click();
    await expect(modal.locator('[data-owned="true"]')).toHaveText([new RegExp(`^${item.itemName}`)]);
    await expect(modal.locator('[data-owned="false"]')).toHaveCount(total - 1);
  });
});

test.describe('the leaderboard', () => {
  test('shows the signed-in player highlighted with their rank', async ({ page, signUp }) => {
    const { username } = await signUp();
    await page.goto('/leaderboard?tab=alltime');
    await expect(page.getByRole('heading', { name: 'Leaderboard' })).toBeVisible();
    const me = page.getByTestId('leaderboard-me');
    await expect(me).toContainText(username!);
    await expect(me).toHaveAttribute('aria-current', 'true');
    await expect(me.getByRole('cell').first()).toHaveText(/^=?\d+$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the top bar stats follow a scavenge, and the profile has a Sign Out button', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/scavenge');
    const stats = page.getByLabel('Your stats');
    await expect(stats).toContainText('Energy20');
    await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
    await expect(lootPanel(page)).toBeVisible({ timeout: SCAVENGE_ANIMATION_MS + 5_000 });
    await expect(stats).toContainText('Energy19');
    const take = page.getByRole('button', { name: 'Take/Swap' });
    const box = await take.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Home' }).click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/(login)?$/);
    await expect(page.getByRole('navigation', { name: 'Game' })).toBeHidden();
  });
});
