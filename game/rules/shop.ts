/**
 * The gold shop (docs/design.md section 9.3): an energy refill, Torn's escalating refill, and the
 * research bench. The first refill of a UTC day costs REFILL_FIRST_GOLD, each next one that day twice the one
 * before; the bench keeps one item researching outside the slots for BENCH_GOLD a time. The numbers are tuned by
 * `npm run simulate:competition` (docs/decisions/028-full-leagues.md).
 */
import { MAX_ENERGY } from '../constants';
import { BEST_ZONE_GOLD_PER_ENERGY, FARMING_LIMIT } from './energy-pay';

export const REFILL_FIRST_GOLD = 300;

/** What the next refill costs after `boughtToday` refills this UTC day. */
export function refillPrice(boughtToday: number): number {
  return REFILL_FIRST_GOLD * 2 ** Math.max(0, boughtToday);
}

/**
 * The most gold a full bar (MAX_ENERGY) earns in its best use: what the day's first refill must cost more than. No
 * use of energy pays more than FARMING_LIMIT times the best zone's scavenging (a fight's purse is held to it,
 * sparring to 1×: ./energy-pay.ts, docs/decisions/030-arena-pays-like-play.md).
 */
export const bestGoldOfABar = () => MAX_ENERGY * FARMING_LIMIT * BEST_ZONE_GOLD_PER_ENERGY;

/**
 * The research bench (docs/design.md section 9.3): an item under research moves from its inventory slot to the
 * bench in the duffel bag, where it keeps researching as it did, so the slot takes a new find. One item at a time.
 */
export const BENCH_GOLD = 75;
