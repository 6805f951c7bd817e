/** Loot rolls (docs/spec.md section 9: rarity drop chances, quality roll, loot per scavenge). */
import { catalogueById, itemsOfRarity } from './catalogue';
import { RECIPES } from './craft';
import { type RandomSource, type WeightedTable, randomInt, weightedPick } from './random';
import { DROPPABLE, type DroppableRarity, type Rarity } from './rarity';
import { DEFAULT_ZONE, type Zone } from './zones';
import { LOOT_PER_SCAVENGE } from '../constants';

export interface LootRoll {
  catalogId: string;
  quality: number;
}

const rarityTable = (zone: Zone): WeightedTable<DroppableRarity> => DROPPABLE.map((rarity) => [rarity, zone.weights[rarity]]);

const isDroppable = (rarity: Rarity): rarity is DroppableRarity => (DROPPABLE as readonly Rarity[]).includes(rarity);

/** The named crafting parts of each tier (catalogue ids, once each): what the Drowned Coast turns finds into. */
export const PARTS_BY_TIER: ReadonlyMap<DroppableRarity, readonly string[]> = (() => {
  const parts = new Map<DroppableRarity, string[]>();
  for (const input of RECIPES.flatMap((entry) => entry.inputs)) {
    if (input.kind !== 'item') continue;
    const rarity = catalogueById(input.catalogId)?.rarity;
    if (!rarity || !isDroppable(rarity)) continue;
    const ofTier = parts.get(rarity) ?? [];
    if (!ofTier.includes(input.catalogId)) ofTier.push(input.catalogId);
    parts.set(rarity, ofTier);
  }
  return parts;
})();

/** The qualities 1 to this share the quality table's rest (`null`) evenly. */
export const UNIFORM_QUALITY_MAX = 5;

/**
 * Percent weights; `null` is the remaining 50 %, which is then split evenly over qualities 1 to 5.
 * Exported for the odds page, which publishes exactly what the server rolls.
 */
export const QUALITY_TABLE: WeightedTable<number | null> = [
  [10, 3],
  [9, 5],
  [8, 7],
  [7, 15],
  [6, 20],
  [null, 50],
];

/** A tier from the zone's table (the spec's table by default). */
export function rollRarity(src: RandomSource, zone: Zone = DEFAULT_ZONE): DroppableRarity {
  return weightedPick(src, rarityTable(zone));
}

/** Quality 1..10: 10 (3 %), 9 (5 %), 8 (7 %), 7 (15 %), 6 (20 %), otherwise uniform 1..5 (10 % each). */
export function rollQuality(src: RandomSource): number {
  return weightedPick(src, QUALITY_TABLE) ?? (1 + randomInt(src, UNIFORM_QUALITY_MAX));
}

/**
 * Rarity first, then a uniformly chosen catalogue item of that rarity, then quality. In a zone with parts, a tier
 * with named crafting parts first flips a coin: heads, the item is one of those parts. The default zone draws
 * exactly as before zones existed, so every stored roll still verifies.
 */
export function rollItem(src: RandomSource, zone: Zone = DEFAULT_ZONE): LootRoll {
  const rarity = rollRarity(src, zone);
  const parts = zone.parts ? PARTS_BY_TIER.get(rarity) : undefined;
  const candidates = parts && randomInt(src, 2) === 0 ? parts.map((id) => ({ id })) : itemsOfRarity(rarity);
  const item = candidates.length > 0 ? candidates[randomInt(src, candidates.length)] : undefined;
  if (item === undefined) throw new Error(`No catalogue item of rarity ${rarity}`);
  return { catalogId: item.id, quality: rollQuality(src) };
}

export function rollLoot(src: RandomSource, n: number = LOOT_PER_SCAVENGE, zone: Zone = DEFAULT_ZONE): LootRoll[] {
  return Array.from({ length: n }, () => rollItem(src, zone));
}
