/**
 * Salvage (docs/design.md section 9.1): nothing found is worth nothing. Every item breaks down for some gold,
 * rising with its tier and quality; a find left untaken is salvaged at the next scavenge, and a deleted or
 * dropped item pays its salvage. The numbers are tuned by `npm run simulate:economy` (ADR 022).
 */
import { catalogueById } from './catalogue';
import { recipeById } from './craft';
import { rarityRank, type Rarity } from './rarity';

/** Gold for one item of the tier at quality 1, commonest first (very common … heirloom). */
const DROPPABLE_BASE = [1, 1, 1, 2, 4, 10, 25, 80, 250] as const;
/** Each quality point above 1 adds this share of the base (quality 10 is worth twice quality 1). */
const QUALITY_SHARE = 1 / 9;

function baseOf(rarity: Rarity): number {
  const rank = rarityRank(rarity);
  return DROPPABLE_BASE[Math.min(rank, DROPPABLE_BASE.length - 1)] ?? 1;
}

const byQuality = (base: number, quality: number) => Math.max(1, Math.floor(base * (1 + (Math.max(1, quality) - 1) * QUALITY_SHARE)));

/**
 * The least gold a recipe's parts could salvage for: each part at quality 1 (named parts at their tier, "any N
 * of a tier" at that tier). An Assembled item never salvages for more, so crafting then deleting never makes gold.
 */
function leastPartsSalvage(catalogId: string): number {
  const recipe = recipeById(catalogId);
  if (!recipe) return 1;
  return recipe.inputs.reduce((sum, input) => {
    const rarity = input.kind === 'tier' ? input.rarity : (catalogueById(input.catalogId)?.rarity ?? 'verycommon');
    return sum + input.count * byQuality(baseOf(rarity), 1);
  }, 0);
}

/** Gold an item salvages for: at least 1 for every item of every tier. */
export function salvageGold(item: { catalogId: string; rarity: Rarity; quality: number }): number {
  if (item.rarity === 'assembled') return Math.max(1, Math.min(byQuality(baseOf('legendary'), item.quality), leastPartsSalvage(item.catalogId)));
  return byQuality(baseOf(item.rarity), item.quality);
}

/** The market's floor (section 9.3): a listing's price is at least twice what the item salvages for. */
export const floorPrice = (item: { catalogId: string; rarity: Rarity; quality: number }) => 2 * salvageGold(item);
