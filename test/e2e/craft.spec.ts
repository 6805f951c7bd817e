/**
 * Crafting through the profile's Craft button (docs/design.md section 7.3): the recipes with owned, researching and
 * missing parts, the parts picked and named before they are destroyed, the server's refusals, and the crafted
 * item on its way to the trophy case's Assembled tier. Parts come from the development fixtures.
 */
import type { Page } from '@playwright/test';
import type { SalvageResult } from '../../game/wire';
import { MSG } from '../../game/messages';
import { catalogueById, craftedQuality, DROP_WEIGHTS, itemsOfRarity, RARITY_NAMES, RECIPES, XP, type DroppableRarity, type Recipe } from '../../game/rules';
import { grantItem, partsOf, resultName, SMALLEST } from './craft-helpers';
import { apiPost, expect, test } from './fixtures';

const craftDialog = (page: Page) => page.getByRole('dialog', { name: 'Craft', exact: true });
const recipeCard = (page: Page, recipe: Recipe) =>
  craftDialog(page)
    .getByTestId('recipe')
    .filter({ has: page.getByRole('heading', { name: resultName(recipe), exact: true }) });
const craftButton = (page: Page, recipe: Recipe) => craftDialog(page).getByRole('button', { name: `Craft ${resultName(recipe)}`, exact: true });
const equippedNames = (page: Page) => page.getByRole('region', { name: 'Equipped:' }).getByTestId('item-name');

async function openCraft(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Craft', exact: true }).click();
  await expect(craftDialog(page).getByTestId('recipe')).toHaveCount(RECIPES.length);
}

test.describe('crafting', () => {
  test('a player crafts an Assembled item from the cheapest parts, sees it equipped and puts it in the trophy case', async ({ page, signUp, game, baseURL }) => {
    // Parts and a spare granted, a craft, a trophy and the case: more than the default time on a busy machine.
    test.slow();
    await signUp();
    const recipe = SMALLEST;
    const name = resultName(recipe);
    const parts = partsOf(recipe);
    // Distinct qualities, so the rounded mean is checked and the cheapest pick shows.
    const qualities = parts.map((_, index) => 2 + ((index * 3) % 7));
    for (const [index, catalogId] of parts.entries()) await grantItem(page, baseURL!, catalogId, qualities[index]!);
    // One more of the last part's tier at the best quality: the pick leaves it, taking the cheaper one.
    const spare = parts.at(-1)!;
    await grantItem(page, baseURL!, spare, 10);
    await game.setGold(recipe.gold + 7);

    await openCraft(page);
    const card = recipeCard(page, recipe);
    await expect(card.getByTestId('recipe-input')).toHaveCount(recipe.inputs.length);
    for (const input of await card.getByTestId('recipe-input').all()) await expect(input).toHaveAttribute('data-state', 'ready');
    await expect(card.getByTestId('recipe-reason')).toHaveCount(0);
    await expect(craftButton(page, recipe)).toBeEnabled();
    // The other recipes lack parts and say so.
    for (const other of RECIPES.filter((entry) => entry !== recipe)) {
      await expect(craftButton(page, other)).toBeDisabled();
      await expect(recipeCard(page, other).getByTestId('recipe-reason')).toContainText('Missing');
    }

    await craftButton(page, recipe).click();
    const confirm = page.getByRole('alertdialog', { name: `Craft ${name} for ${recipe.gold} gold?` });
    await expect(confirm).toBeVisible();
    const consumed = confirm.getByTestId('craft-consumes').getByRole('listitem');
    await expect(consumed).toHaveCount(parts.length);
    const quality = craftedQuality(qualities);
    await expect(confirm).toContainText(`You get ${name} at quality ${quality}, fully researched, and ${XP.craft} XP.`);
    // Named, with their qualities: the spare (quality 10) is not among them.
    const listed = await consumed.allTextContents();
    expect(listed.some((text) => text.includes('Q10'))).toBe(false);
    for (const [index, catalogId] of parts.entries()) {
      const partName = catalogueById(catalogId)!.name;
      expect(listed.some((text) => text.includes(partName) && text.includes(`Q${qualities[index]}`)), `${partName} Q${qualities[index]} in ${listed.join(' | ')}`).toBe(true);
    }
    await confirm.getByRole('button', { name: 'Yes, Craft' }).click();

    await expect(page.getByRole('status').filter({ hasText: `You crafted ${name} (quality ${quality}).` })).toBeVisible();
    await expect(craftDialog(page)).toBeHidden();
    // The parts are gone, the spare stays, and the crafted item is equipped, fully researched.
    await expect(equippedNames(page)).toHaveCount(2);
    await expect(equippedNames(page).filter({ hasText: name })).toHaveCount(1);
    const crafted = page.getByRole('region', { name: 'Equipped:' }).getByTestId('item').filter({ has: page.getByText(name, { exact: true }) });
    await expect(crafted.getByTestId('item-research')).toHaveText(/100%/);
    await expect(crafted).toContainText(`Q${quality}`);
    await expect(page.getByTestId('stat-gold')).toHaveText('7');

    await crafted.getByRole('button', { name: `Details of ${name}` }).click();
    await page.getByRole('dialog', { name }).getByRole('button', { name: 'Add to Trophy Case' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${name} was added to your trophy case.` })).toBeVisible();
    await expect(equippedNames(page).filter({ hasText: name })).toHaveCount(0);

    await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
    const trophyCase = page.getByRole('dialog', { name: 'Trophy Case' });
    await expect(trophyCase.getByTestId('trophy-count-assembled')).toHaveText(`1/${itemsOfRarity('assembled').length}`);
    await trophyCase.getByRole('button', { name: new RegExp(`^${RARITY_NAMES.assembled}`) }).click();
    await expect(trophyCase.locator('[data-owned="true"]')).toHaveText(new RegExp(`^${name}Best quality ${quality}$`));
  });

  test('a recipe waits for gold and for missing parts, and says why', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    const recipe = SMALLEST;
    for (const catalogId of partsOf(recipe)) await grantItem(page, baseURL!, catalogId, 5);
    await game.setGold(recipe.gold - 1);

    await openCraft(page);
    await expect(craftDialog(page).getByTestId('craft-summary')).toHaveText(
      `You have ${recipe.gold - 1} gold. Nothing can be crafted yet: each recipe says what it still needs.`,
    );
    const button = craftButton(page, recipe);
    await expect(button).toBeDisabled();
    await expect(recipeCard(page, recipe).getByTestId('recipe-reason')).toHaveText(`Costs ${recipe.gold} gold; you have ${recipe.gold - 1}.`);
    await expect(button).toHaveAccessibleDescription(`Costs ${recipe.gold} gold; you have ${recipe.gold - 1}.`);
    // A click on a recipe that waits (forced past Playwright's own check of aria-disabled) asks nothing.
    await button.click({ force: true });
    await expect(page.getByRole('alertdialog', { name: /^Craft .* gold\?$/ })).toHaveCount(0);

    // The other recipes name the parts that are missing.
    for (const other of RECIPES.filter((entry) => entry !== recipe)) {
      const reason = recipeCard(page, other).getByTestId('recipe-reason');
      for (const input of other.inputs) {
        if (input.kind === 'item' && !partsOf(recipe).includes(input.catalogId)) await expect(reason).toContainText(catalogueById(input.catalogId)!.name);
      }
      await expect(recipeCard(page, other).locator('[data-state="missing"]')).not.toHaveCount(0);
    }
  });

  test('a part still being researched shows its progress', async ({ page, signUp, game }) => {
    await signUp();
    // The commonest tier any recipe asks for, found by scavenging (which never finishes research).
    const [wanted] = RECIPES.flatMap((recipe) => recipe.inputs.flatMap((input) => (input.kind === 'tier' ? [{ recipe, rarity: input.rarity as DroppableRarity }] : []))).sort(
      (a, b) => DROP_WEIGHTS[b.rarity] - DROP_WEIGHTS[a.rarity],
    );
    let found: string | undefined;
    for (let n = 0; n < 20 && !found; n += 1) {
      const { loot } = await game.scavenge();
      const find = loot.find((item) => item.rarity === wanted!.rarity);
      if (find) found = (await game.take([find.slot!])).profile.inventory[0]!.itemName;
    }
    expect(found, `no ${wanted!.rarity} find in 20 scavenges`).toBeDefined();

    await openCraft(page);
    const card = recipeCard(page, wanted!.recipe);
    await expect(card.getByTestId('part-researching')).toHaveText(`${found} researching 0%`);
    await expect(card.getByTestId('recipe-reason')).toContainText(`Still researching ${found} (0%).`);
    await expect(craftButton(page, wanted!.recipe)).toBeDisabled();
  });

  test('a refusal from the server shows its message, and the recipe catches up', async ({ page, signUp, game, baseURL }) => {
    await signUp();
    const recipe = SMALLEST;
    const ids: string[] = [];
    for (const catalogId of partsOf(recipe)) ids.push(await grantItem(page, baseURL!, catalogId, 4));
    await game.setGold(recipe.gold);
    await openCraft(page);
    await expect(craftButton(page, recipe)).toBeEnabled();

    // Another tab throws a part away after this screen read the profile.
    const deleted = await apiPost(page.request, baseURL!, '/api/items/delete', { itemIds: [ids[0]] });
    expect(deleted.status()).toBe(200);
    // The delete paid the part's salvage (docs/design.md section 9.1): the one gold that may change.
    const { salvaged } = (await deleted.json()) as SalvageResult;
    expect(salvaged.gold).toBeGreaterThan(0);

    await craftButton(page, recipe).click();
    await page.getByRole('alertdialog', { name: `Craft ${resultName(recipe)} for ${recipe.gold} gold?` }).getByRole('button', { name: 'Yes, Craft' }).click();
    const popup = page.getByRole('dialog', { name: MSG.itemNotFound });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();

    // Nothing was spent; the dialog stays, now knowing the part is gone.
    await expect(craftDialog(page)).toBeVisible();
    await expect(craftButton(page, recipe)).toBeDisabled();
    await expect(recipeCard(page, recipe).getByTestId('recipe-reason')).toContainText('Missing ');
    expect((await game.profile()).gold).toBe(recipe.gold + salvaged.gold);
    expect((await game.profile()).inventory).toHaveLength(ids.length - 1);
  });
});
