/**
 * What a unit of energy pays scavenging, by zone (docs/design.md sections 10.1 and 10.2): the expected gold of a
 * scavenge (its gold and the salvage of all six finds, ./salvage.ts, over the zone's tiers and the quality table)
 * and its XP, each divided by the zone's energy. It is the yardstick the arena's pay is held to: a fight may pay at
 * most FARMING_LIMIT times the best zone's gold per energy, sparring at most the player's best open zone's. Counting
 * every find as salvaged is an upper bound on what a player who keeps finds sees (npm run simulate:economy measures
 * 8.4 to 8.8 at the Streets; this says 8.79), so a rule held under it holds under play.
 */
import { GOLD_PER_SCAVENGE, LOOT_PER_SCAVENGE } from '../constants';
import { XP } from './level';
import { DROP_WEIGHT_TOTAL, DROPPABLE } from './rarity';
import { QUALITY_TABLE, UNIFORM_QUALITY_MAX } from './rolls';
import { salvageGold } from './salvage';
import { ZONES, type Zone } from './zones';

/** The best farming strategy may earn at most this many times the best zone's gold per energy (section 10.1). */
export const FARMING_LIMIT = 1.5;

/** Each quality's chance (0 to 1), from the quality table: its named qualities, the rest spread over 1 to 5. */
const QUALITY_CHANCES: readonly (readonly [number, number])[] = QUALITY_TABLE.flatMap(([quality, percent]) =>
  quality === null
    ? Array.from({ length: UNIFORM_QUALITY_MAX }, (_, n) => [n + 1, percent / 100 / UNIFORM_QUALITY_MAX] as const)
    : [[quality, percent / 100] as const],
);

/** The expected salvage of one find in the zone. */
function findGold(zone: Zone): number {
  return DROPPABLE.reduce((sum, rarity) => {
    const tier = zone.weights[rarity] / DROP_WEIGHT_TOTAL;
    return sum + tier * QUALITY_CHANCES.reduce((of, [quality, chance]) => of + chance * salvageGold({ catalogId: '', rarity, quality }), 0);
  }, 0);
}

/** Expected gold and XP a unit of energy earns scavenging in the zone. */
export const zonePay = (zone: Zone) => ({
  gold: (GOLD_PER_SCAVENGE + LOOT_PER_SCAVENGE * findGold(zone)) / zone.energy,
  xp: XP.scavenge / zone.energy,
});

/** The most gold and the most XP a unit of energy earns in the zones open at this level (each its own best zone). */
export function bestOpenZonePay(level: number): { gold: number; xp: number } {
  const open = ZONES.filter((zone) => zone.level <= Math.max(1, level)).map(zonePay);
  return { gold: Math.max(...open.map((pay) => pay.gold)), xp: Math.max(...open.map((pay) => pay.xp)) };
}

/** The best zone's gold per energy at any level: what the arena's pay is held to. */
export const BEST_ZONE_GOLD_PER_ENERGY = Math.max(...ZONES.map((zone) => zonePay(zone).gold));
