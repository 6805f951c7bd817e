/**
 * The gold shop (docs/design.md section 9.3): an energy refill, Torn's escalating refill, and the
 * research bench. The first refill of a UTC day costs REFILL_FIRST_GOLD, each next one that day twice the one
 * before; the bench keeps one item researching outside the slots for BENCH_GOLD a time. The numbers are tuned by
 * `npm run simulate:competition` (docs/decisions/028-full-leagues.md).
 */
import { GOLD_PER_SCAVENGE, LOOT_PER_SCAVENGE, MAX_ENERGY } from '../constants';
import { DROPPABLE } from './rarity';
import { QUALITY_TABLE, UNIFORM_QUALITY_MAX } from './rolls';
import { salvageGold } from './salvage';
import { ZONES, type Zone } from './zones';

export const REFILL_FIRST_GOLD = 300;

/** What the next refill costs after `boughtToday` refills this UTC day. */
export function refillPrice(boughtToday: number): number {
  return REFILL_FIRST_GOLD * 2 ** Math.max(0, boughtToday);
}

/**
 * Gold a point of energy can earn at most, as a multiple of the best zone's scavenging: a fight's gold is bounded
 * at 1.5× it and sparring's at 1× (the arena's bounds, issue #53; docs/decisions/028-full-leagues.md), so no use
 * of energy pays more.
 */
export const BEST_ENERGY_USE = 1.5;

/**
 * The gold a point of energy earns scavenging in `zone`, on average and at most: the spec's gold a scavenge and
 * every find salvaged (a find kept earns less gold now), exact from the zone's drop table and the quality table.
 */
export function scavengeGoldPerEnergy(zone: Zone): number {
  const total = DROPPABLE.reduce((sum, rarity) => sum + zone.weights[rarity], 0);
  const perFind = DROPPABLE.reduce((sum, rarity) => {
    const salvage = (quality: number) => salvageGold({ catalogId: '', rarity, quality });
    const byQuality = QUALITY_TABLE.reduce(
      (mean, [quality, percent]) =>
        mean +
        (percent / 100) * (quality === null ? Array.from({ length: UNIFORM_QUALITY_MAX }, (_, n) => salvage(n + 1)).reduce((a, b) => a + b, 0) / UNIFORM_QUALITY_MAX : salvage(quality)),
      0,
    );
    return sum + (zone.weights[rarity] / total) * byQuality;
  }, 0);
  return (GOLD_PER_SCAVENGE + LOOT_PER_SCAVENGE * perFind) / zone.energy;
}

/** The most gold a full bar (MAX_ENERGY) earns in its best use: what the day's first refill must cost more than. */
export const bestGoldOfABar = () => MAX_ENERGY * BEST_ENERGY_USE * Math.max(...ZONES.map(scavengeGoldPerEnergy));

/**
 * The research bench (docs/design.md section 9.3): an item under research moves from its inventory slot to the
 * bench in the duffel bag, where it keeps researching as it did, so the slot takes a new find. One item at a time.
 */
export const BENCH_GOLD = 75;
