/** Crafting set-ups shared by craft.spec.ts, a11y.spec.ts and keyboard.spec.ts. */
import type { Page } from '@playwright/test';
import { catalogueById, itemsOfRarity, RECIPES, recipeSize, type Recipe } from '../../game/rules';
import { apiPost, expect } from './fixtures';

/** The recipe with the fewest parts: all of them fit in the inventory, where the item fixture puts them. */
export const SMALLEST: Recipe = [...RECIPES].sort((a, b) => recipeSize(a) - recipeSize(b))[0]!;

export const resultName = (recipe: Recipe) => catalogueById(recipe.resultId)!.name;

/** One catalogue id per part the recipe takes: its named items, and the first item of each tier it asks for. */
export const partsOf = (recipe: Recipe): string[] =>
  recipe.inputs.flatMap((input) => Array<string>(input.count).fill(input.kind === 'item' ? input.catalogId : itemsOfRarity(input.rarity)[0]!.id));

/** A fully researched item in the signed-in player's inventory (POST /dev/fixtures/item); answers its id. */
export async function grantItem(page: Page, baseURL: string, catalogId: string, quality: number): Promise<string> {
  const response = await apiPost(page.request, baseURL, '/dev/fixtures/item', { catalogId, quality });
  expect(response.status(), `/dev/fixtures/item answered ${await response.text()}`).toBe(200);
  return ((await response.json()) as { id: string }).id;
}
