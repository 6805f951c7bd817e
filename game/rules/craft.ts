/**
 * Crafting (docs/design.md section 7.3): every Assembled catalogue item has one recipe of named parts and "any N of
 * a tier", plus a gold cost. The server decides a craft with `matchRecipe`; the client and the public "How it
 * works" page read the same recipes.
 */
import { catalogueById, CATALOGUE } from './catalogue';
import { type Rarity } from './rarity';

export type RecipeInput =
  /** `count` copies of one catalogue item. */
  | { readonly kind: 'item'; readonly catalogId: string; readonly count: number }
  /** Any `count` items of a tier. */
  | { readonly kind: 'tier'; readonly rarity: Rarity; readonly count: number };

export interface Recipe {
  /** Stable key, the Assembled item's catalogue id. */
  readonly id: string;
  readonly resultId: string;
  readonly inputs: readonly RecipeInput[];
  readonly gold: number;
}

const item = (catalogId: string, count = 1): RecipeInput => ({ kind: 'item', catalogId, count });
const tier = (rarity: Rarity, count: number): RecipeInput => ({ kind: 'tier', rarity, count });
const recipe = (resultId: string, gold: number, inputs: readonly RecipeInput[]): Recipe => Object.freeze({ id: resultId, resultId, inputs, gold });

/**
 * Parts that tell each item's story (the catalogue's history lines) and cost a few days of play: named parts,
 * several of them common finds the Drowned Coast turns up, and the rest any items of a tier. A craft scores at
 * least 20 % more than its parts would researched apart (docs/design.md section 9.3, `npm run simulate:economy`,
 * docs/decisions/022-every-find-counts.md).
 */
export const RECIPES: readonly Recipe[] = Object.freeze([
  recipe('scrapforge-hammer', 150, [item('sledgehammer', 2), item('chainsaw'), item('road-flare', 2), tier('rare', 1), tier('veryrare', 1)]),
  recipe('skyhook-glider', 200, [item('harpoon-gun'), item('canvas-backpack', 3), tier('rare', 2), tier('veryrare', 1)]),
  recipe('citadel-walker', 250, [item('bunker-door'), item('exoskeleton-legs'), item('road-flare')]),
  recipe('junkyard-titan', 300, [item('scrap-gauntlets'), item('ballistic-armor'), item('sledgehammer', 2), tier('uncommon', 1), tier('rare', 1)]),
]);

export function recipeById(id: string): Recipe | undefined {
  return RECIPES.find((entry) => entry.id === id);
}

/** How many items a recipe takes in all. */
export const recipeSize = (entry: Recipe) => entry.inputs.reduce((sum, input) => sum + input.count, 0);

/**
 * Whether these parts (catalogue ids, one per item) are exactly the recipe's inputs. Named inputs take their
 * items first; what is left must fill each "any N of a tier" exactly. Named parts are checked first because an
 * item a named input needs could also count for its tier, never the other way round, so this order cannot
 * refuse a set that some other assignment would accept (tier inputs name distinct tiers).
 */
export function matchesRecipe(entry: Recipe, parts: readonly string[]): boolean {
  if (parts.length !== recipeSize(entry)) return false;
  const left = [...parts];
  for (const input of entry.inputs) {
    if (input.kind !== 'item') continue;
    for (let n = 0; n < input.count; n += 1) {
      const index = left.indexOf(input.catalogId);
      if (index < 0) return false;
      left.splice(index, 1);
    }
  }
  for (const input of entry.inputs) {
    if (input.kind !== 'tier') continue;
    const ofTier = left.filter((id) => catalogueById(id)?.rarity === input.rarity);
    if (ofTier.length !== input.count) return false;
  }
  return true;
}

/** The crafted item's quality: the rounded mean of its parts'. */
export function craftedQuality(qualities: readonly number[]): number {
  return Math.round(qualities.reduce((sum, quality) => sum + quality, 0) / qualities.length);
}

// Every recipe names real parts, makes an Assembled item and asks for each tier once (which `matchesRecipe`
// relies on); every Assembled item has a recipe. Checked once at load, so a bad edit fails every test.
for (const entry of RECIPES) {
  const result = catalogueById(entry.resultId);
  if (result?.rarity !== 'assembled') throw new Error(`recipe ${entry.id} must make an Assembled item`);
  const tiers = entry.inputs.flatMap((input) => (input.kind === 'tier' ? [input.rarity] : []));
  if (new Set(tiers).size !== tiers.length) throw new Error(`recipe ${entry.id} names a tier twice`);
  for (const input of entry.inputs) {
    if (input.kind === 'item' && !catalogueById(input.catalogId)) throw new Error(`recipe ${entry.id} needs unknown ${input.catalogId}`);
  }
}
for (const entry of CATALOGUE) {
  if (entry.rarity === 'assembled' && !recipeById(entry.id)) throw new Error(`no recipe makes ${entry.id}`);
}
