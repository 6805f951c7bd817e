/**
 * The gold shop (docs/design.md section 9.3): an energy refill, Torn's escalating refill. The first of a UTC day
 * costs REFILL_FIRST_GOLD, each next one that day twice the one before.
 */
export const REFILL_FIRST_GOLD = 100;

/** What the next refill costs after `boughtToday` refills this UTC day. */
export function refillPrice(boughtToday: number): number {
  return REFILL_FIRST_GOLD * 2 ** Math.max(0, boughtToday);
}
