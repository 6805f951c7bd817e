/**
 * What cash buys (docs/design.md section 8.2). Cash comes from the daily contracts (./contracts.ts); each buy
 * is a one-player intent refused with the shop's own message when the player cannot have it.
 */

/** Second Wind: energy to the maximum, once per UTC day. */
export const SECOND_WIND_CASH = 4;
/** Field Kit: one equipped item's research finished; each started 160 minutes of research left costs 1 cash. */
export const FIELD_KIT_MINUTES_PER_CASH = 160;
export const FIELD_KITS_PER_DAY = 3;

/**
 * A Field Kit's price for research still `msLeft`, which callers take from the research table in force
 * (researchLeftMs over researchDurationMs), so when the table changes the price follows.
 */
export function fieldKitPrice(msLeft: number): number {
  return Math.max(1, Math.ceil(msLeft / 60_000 / FIELD_KIT_MINUTES_PER_CASH));
}

/** Showcase: up to SHOWCASE_SLOTS trophies pinned to the public player card; each slot is bought once. */
export const SHOWCASE_SLOTS = 3;
export const SHOWCASE_SLOT_CASH = 30;

/** What pinning `pinned` trophies costs a player who has bought `slots` slots: only the slots still to buy. */
export function showcaseCost(slots: number, pinned: number): number {
  return Math.max(0, pinned - slots) * SHOWCASE_SLOT_CASH;
}
