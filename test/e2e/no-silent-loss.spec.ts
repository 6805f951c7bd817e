/**
 * No silent loss (issue 17, point 1): before anything is destroyed, a confirmation names each item with its
 * rarity, quality and research. Take/Swap that drops equipped items asks first; Cancel sends nothing. The
 * trash's confirmation lists what it deletes. On a phone, and axe clean.
 */
import type { Locator, Page } from '@playwright/test';
import { LOOT_PER_SCAVENGE, SCAVENGE_ANIMATION_MS } from '../../game/constants';
import { MSG } from '../../game/messages';
import { RARITY_NAMES } from '../../game/rules';
import type { Item } from '../../game/wire';
import { grantItem } from './craft-helpers';
import { expect, test } from './fixtures';
import { expectAxeClean } from './screens';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const rowOf = (panel: Locator, key: string) => panel.locator(`[data-item-key="${key}"]`).getByTestId('item-row');
/** What the confirmation says of one item, e.g. "Geiger Counter · Rare · quality 7 · 100 % researched". */
const described = (item: Item, research: number) => `${item.itemName} · ${RARITY_NAMES[item.rarity]} · quality ${item.quality} · ${research} % researched`;

/** A scavenge through the API, then /scavenge with its finds dealt and the first one selected. */
async function selectFirstFind(page: Page, game: { scavenge: () => Promise<unknown> }) {
  await game.scavenge();
  await page.goto('/scavenge');
  const loot = region(page, 'Scavenged Loot');
  await expect(loot.getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE);
  await loot.getByTestId('item-row').first().click();
}

test.describe('no silent loss, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });

  test('Take/Swap that drops an equipped item names it with its research; Cancel keeps it, confirming drops it', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    const geigerId = await grantItem(page, baseURL!, 'geiger-counter', 7);
    const keptId = await grantItem(page, baseURL!, 'geiger-counter', 2);
    const geiger = (await game.profile()).inventory.find((item) => item.id === geigerId)!;
    await page.goto('/scavenge');
    await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
    const loot = region(page, 'Scavenged Loot');
    await expect(loot.getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE, { timeout: SCAVENGE_ANIMATION_MS + 5_000 });
    const [find] = await game.pendingLoot();
    const equipped = region(page, 'Equipped:');

    await rowOf(loot, `loot-${find!.slot}`).click();
    await rowOf(equipped, geigerId).click();
    const takeSwap = page.getByRole('button', { name: 'Take/Swap', exact: true });
    await takeSwap.click();
    const confirm = page.getByRole('alertdialog', { name: 'Take 1 find and salvage 1 equipped item?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByTestId('item-to-destroy')).toHaveText([described(geiger, 100)]);
    await expect(confirm.getByTestId('item-to-destroy')).toContainText('Geiger Counter · Rare · quality 7 · 100 % researched');
    // Cancel has the focus: Enter by mistake destroys nothing.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAxeClean(page, '/scavenge, drop confirmation');
    const box = await confirm.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

    // Cancel: nothing is sent, the item stays equipped, the find stays pending, the choices stay made.
    let swapsSent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/scavenge/swap')) swapsSent += 1;
    });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(takeSwap).toBeFocused();
    await expect(rowOf(equipped, geigerId)).toBeVisible();
    await expect(rowOf(equipped, geigerId)).toHaveAttribute('aria-pressed', 'true');
    expect(swapsSent).toBe(0);
    expect((await game.profile()).inventory.map((item) => item.id).sort()).toEqual([geigerId, keptId].sort());
    expect(await game.pendingLoot()).toHaveLength(LOOT_PER_SCAVENGE);

    // Escape cancels too.
    await takeSwap.click();
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    expect(swapsSent).toBe(0);

    // Confirming drops exactly the named item and takes the find.
    await takeSwap.click();
    await confirm.getByRole('button', { name: 'Yes, salvage and take' }).click();
    await expect(confirm).toBeHidden();
    await expect(equipped.locator(`[data-item-key="${geigerId}"]`)).toHaveCount(0);
    await expect(rowOf(equipped, keptId)).toBeVisible();
    const after = (await game.profile()).inventory;
    expect(after.map((item) => item.id)).not.toContain(geigerId);
    expect(after.map((item) => item.id)).toContain(keptId);
    expect(after.map((item) => item.catalogId).sort()).toEqual(['geiger-counter', find!.catalogId].sort());
    expect(swapsSent).toBe(1);
  });

  test('Take/Swap with nothing to drop asks nothing', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    const keptId = await grantItem(page, baseURL!, 'geiger-counter', 5);
    await selectFirstFind(page, game);
    await page.getByRole('button', { name: 'Take/Swap', exact: true }).click();
    await expect(region(page, 'Equipped:').getByTestId('item-row')).toHaveCount(2);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect((await game.profile()).inventory.map((item) => item.id)).toContain(keptId);
  });

  test('the trash confirmation names every selected item with its research and where it is', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    const geigerId = await grantItem(page, baseURL!, 'geiger-counter', 7);
    const otherId = await grantItem(page, baseURL!, 'geiger-counter', 3);
    const keptId = await grantItem(page, baseURL!, 'geiger-counter', 1);
    const inventory = (await game.profile()).inventory;
    const byId = (id: string) => inventory.find((item) => item.id === id)!;
    await page.goto('/profile');
    const equipped = region(page, 'Equipped:');
    await rowOf(equipped, geigerId).click();
    await rowOf(equipped, otherId).click();

    const trash = page.getByRole('button', { name: 'Delete selected items' });
    await trash.click();
    const confirm = page.getByRole('alertdialog', { name: MSG.deleteConfirm });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('These 2 items will be destroyed for good:')).toBeVisible();
    const listed = confirm.getByTestId('item-to-destroy');
    await expect(listed).toHaveCount(2);
    for (const id of [geigerId, otherId]) {
      await expect(confirm.locator(`[data-item-key="${id}"]`)).toContainText(described(byId(id), 100));
      await expect(confirm.locator(`[data-item-key="${id}"]`)).toContainText('Equipped');
    }
    await expect(confirm.locator(`[data-item-key="${keptId}"]`)).toHaveCount(0);
    await expectAxeClean(page, '/profile, delete confirmation');

    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    expect((await game.profile()).inventory).toHaveLength(3);

    await trash.click();
    await confirm.getByRole('button', { name: 'Yes, Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(equipped.getByTestId('item-row')).toHaveCount(1);
    expect((await game.profile()).inventory.map((item) => item.id)).toEqual([keptId]);
  });
});

test.describe('no silent loss, on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });

  test('the drop confirmation is named and axe clean in the dark theme', async ({ page, signUp, game, baseURL }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await signUp();
    const geigerId = await grantItem(page, baseURL!, 'geiger-counter', 9);
    // Inventory rows are selectable once this screen has loot to take.
    await selectFirstFind(page, game);
    await rowOf(region(page, 'Equipped:'), geigerId).click();
    await page.getByRole('button', { name: 'Take/Swap', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Take 1 find and salvage 1 equipped item?' });
    await expect(confirm.getByTestId('item-to-destroy')).toContainText('Geiger Counter · Rare · quality 9 · 100 % researched');
    await expectAxeClean(page, '/scavenge, drop confirmation, desktop dark');
  });
});
