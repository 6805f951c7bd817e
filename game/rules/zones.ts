/**
 * Zones (docs/design.md section 8.3, docs/decisions/020-zones-and-the-drive.md): where a scavenge searches, a second choice per
 * scavenge. Each zone has its energy cost, the level it opens at and its own rarity table; the Drowned Coast also
 * turns a find into one of its tier's crafting parts half the time. No zone is the spec's table, unchanged: the
 * Streets. Every table keeps the spec's absolute odds of an Artifact and an Heirloom (5 and 1 in 100,006), and
 * sums to the same 100,006, so a zone only moves chance between the other tiers. Light on purpose (no catalogue):
 * the level line of every screen's header reads it. How a zone is rolled is ./rolls.ts.
 */
import { SCAVENGE_COST } from '../constants';
import { DROP_WEIGHT_PER_PERCENT, DROP_WEIGHT_TOTAL, DROP_WEIGHTS, DROPPABLE, type DroppableRarity } from './rarity';

export const ZONE_IDS = ['streets', 'rail-yard', 'drowned-coast', 'bunker-row'] as const;
export type ZoneId = (typeof ZONE_IDS)[number];

export interface Zone {
  readonly id: ZoneId;
  readonly name: string;
  /** Energy a scavenge here spends. */
  readonly energy: number;
  /** The level it opens at ('Reach level {n} to scavenge here.'). */
  readonly level: number;
  /** Drop weights out of 100,006, like DROP_WEIGHTS. */
  readonly weights: Readonly<Record<DroppableRarity, number>>;
  /** Half the finds of a tier with named crafting parts are one of those parts. */
  readonly parts: boolean;
  /** What it is for, in a player's words. */
  readonly pitch: string;
}

/** Tiers that keep the spec's absolute odds in every zone. */
const FIXED: readonly DroppableRarity[] = ['artifact', 'heirloom'];

/**
 * The spec's table with only the tiers from `lowest` up: the tiers dropped give their share to the tiers kept, in
 * their own proportions, and Artifact and Heirloom keep their weights. The spec's table makes these exact
 * integers (Uncommon and up ×4, Very Rare and up ×40); the module checks it below.
 */
function fromTier(lowest: DroppableRarity): Record<DroppableRarity, number> {
  const from = DROPPABLE.indexOf(lowest);
  const scaled = DROPPABLE.filter((rarity, rank) => rank >= from && !FIXED.includes(rarity));
  const free = DROPPABLE.filter((rarity) => !FIXED.includes(rarity)).reduce((sum, rarity) => sum + DROP_WEIGHTS[rarity], 0);
  const kept = scaled.reduce((sum, rarity) => sum + DROP_WEIGHTS[rarity], 0);
  const factor = free / kept;
  return Object.fromEntries(
    DROPPABLE.map((rarity, rank) => [rarity, FIXED.includes(rarity) ? DROP_WEIGHTS[rarity] : rank >= from ? DROP_WEIGHTS[rarity] * factor : 0]),
  ) as Record<DroppableRarity, number>;
}

export const ZONES: readonly Zone[] = Object.freeze([
  { id: 'streets', name: 'Streets', energy: SCAVENGE_COST, level: 1, weights: DROP_WEIGHTS, parts: false, pitch: 'The usual odds.' },
  { id: 'rail-yard', name: 'Rail Yard', energy: 2, level: 3, weights: fromTier('uncommon'), parts: false, pitch: 'Uncommon and up: nothing common.' },
  // 1 energy, not 2 (docs/decisions/022-every-find-counts.md): at 2 it was the best choice for no goal, crafting
  // included; the table and the coin are unchanged, so every stored roll still verifies.
  { id: 'drowned-coast', name: 'Drowned Coast', energy: 1, level: 5, weights: DROP_WEIGHTS, parts: true, pitch: 'The usual odds, and half the finds of a tier with crafting parts are parts.' },
  { id: 'bunker-row', name: 'Bunker Row', energy: 5, level: 10, weights: fromTier('veryrare'), parts: false, pitch: 'Very Rare and up only.' },
]);

export const DEFAULT_ZONE: Zone = ZONES[0]!;

export function zoneById(id: ZoneId | undefined): Zone {
  return ZONES.find((zone) => zone.id === id) ?? DEFAULT_ZONE;
}

/** The zones that open at exactly this level (for what a level brings). */
export const zonesOpeningAt = (level: number) => ZONES.filter((zone) => zone.level === level && zone.level > 1);

/** A tier's chance in percent in a zone. */
export const zonePercent = (zone: Zone, rarity: DroppableRarity) => zone.weights[rarity] / DROP_WEIGHT_PER_PERCENT;

// The tables are whole weights summing to the spec's total, with the fixed tiers untouched.
for (const zone of ZONES) {
  const total = DROPPABLE.reduce((sum, rarity) => sum + zone.weights[rarity], 0);
  const whole = DROPPABLE.every((rarity) => Number.isInteger(zone.weights[rarity]));
  if (total !== DROP_WEIGHT_TOTAL || !whole || FIXED.some((rarity) => zone.weights[rarity] !== DROP_WEIGHTS[rarity])) throw new Error(`zone ${zone.id}: its table must be whole weights summing to 100,006 with the spec's Artifact and Heirloom`);
}
