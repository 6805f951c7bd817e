/** Quality-adjusted stats, item power and the best-first item order (docs/spec.md section 3 "Power", section 9 "Sorting"). */
import { type Rarity, rarityRank } from './rarity';

/** A stat as it may arrive from storage or the network. */
export type MaybeNumber = number | null | undefined;

function isPresent(value: MaybeNumber): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * base × (1 + 0.2 × (quality − 1)), rounded, computed as base × (quality + 4) / 5. 0.2 has no exact binary
 * form, so the literal formula carries error (7 × (1 + 0.2 × 7) = 16.800000000000004); here integer inputs give
 * an exact product and a single division. The exact result is a multiple of 0.2, never a .5 tie, so Math.round
 * always lands on the mathematically correct integer.
 */
function applyQuality(base: number, quality: number): number {
  return Math.round((base * (quality + 4)) / 5);
}

/** What one quality step adds to an item's attack and defense, in percent (20), measured on the formula itself. */
export const QUALITY_STEP_PERCENT = applyQuality(100, 2) - 100;

/** The attack or defense shown for an item; '?' when the base stat or the quality is missing (spec). */
export function displayStat(base: MaybeNumber, quality: MaybeNumber): number | '?' {
  return isPresent(base) && isPresent(quality) ? applyQuality(base, quality) : '?';
}

/**
 * Effective power = round((attack + defense) × (1 + 0.2 × (quality − 1))). An item with any missing value has
 * unknown power, which counts as 0: it sorts after every known item instead of poisoning comparisons with NaN.
 */
export function itemPower(attack: MaybeNumber, defense: MaybeNumber, quality: MaybeNumber): number {
  return isPresent(attack) && isPresent(defense) && isPresent(quality) ? applyQuality(attack + defense, quality) : 0;
}

/** The fields sorting looks at; the wire `Item` (game/wire.ts) has them all, so it sorts as it is. */
export interface SortableItem {
  id: string;
  itemName: string;
  rarity: Rarity;
  attack: MaybeNumber;
  defense: MaybeNumber;
  quality: MaybeNumber;
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Best first: power descending; ties by higher rarity first (spec), then higher quality, then name and id in
 * code-unit order (not locale order, which differs between runtimes). With unique ids the order is total, so a
 * sorted list never depends on the order items were stored in.
 */
export function compareItems(a: SortableItem, b: SortableItem): number {
  return (
    itemPower(b.attack, b.defense, b.quality) - itemPower(a.attack, a.defense, a.quality) ||
    rarityRank(b.rarity) - rarityRank(a.rarity) ||
    (isPresent(b.quality) ? b.quality : 0) - (isPresent(a.quality) ? a.quality : 0) ||
    byCodeUnits(a.itemName, b.itemName) ||
    byCodeUnits(a.id, b.id)
  );
}

/** A sorted copy; the input is left untouched. */
export function sortItems<T extends SortableItem>(items: readonly T[]): T[] {
  return [...items].sort(compareItems);
}
