/**
 * Research (docs/design.md section 3): an item gains research only while equipped (in the inventory), reaching 100 after
 * its tier's duration of equipped time. Stored as accumulated equipped time plus the moment of the current
 * equip, so progress is computed lazily. All times are unix milliseconds.
 */
import { type Rarity, researchDurationMs } from './rarity';

export interface ResearchState {
  /** Equipped time accumulated before the current equip. */
  researchMs: number;
  /** When the item was last equipped; null while it is not in the inventory. */
  equippedAt: number | null;
}

/** New loot: nothing researched, not equipped. */
export const NEW_RESEARCH: ResearchState = Object.freeze({ researchMs: 0, equippedAt: null });

/** Total equipped time up to `now`; a future equippedAt (clock skew) adds nothing rather than subtracting. */
export function researchedMs(state: ResearchState, now: number): number {
  return state.researchMs + (state.equippedAt === null ? 0 : Math.max(0, now - state.equippedAt));
}

/** Whole percent 0..100, rounded down, so 100 means truly complete. */
export function researchPercent(rarity: Rarity, state: ResearchState, now: number): number {
  return Math.min(100, Math.floor((researchedMs(state, now) * 100) / researchDurationMs(rarity)));
}

export function isFullyResearched(rarity: Rarity, state: ResearchState, now: number): boolean {
  return researchPercent(rarity, state, now) === 100;
}

/** Moving into the inventory starts the clock; equipping an equipped item changes nothing. */
export function equipResearch(state: ResearchState, now: number): ResearchState {
  return state.equippedAt === null ? { researchMs: state.researchMs, equippedAt: now } : state;
}

/** Leaving the inventory banks the equipped time and stops the clock. */
export function unequipResearch(state: ResearchState, now: number): ResearchState {
  return state.equippedAt === null ? state : { researchMs: researchedMs(state, now), equippedAt: null };
}

/** Equipped time still needed to reach 100 (0 once complete); it only runs down while the item is equipped. */
export function researchLeftMs(rarity: Rarity, state: ResearchState, now: number): number {
  return Math.max(0, researchDurationMs(rarity) - researchedMs(state, now));
}

/** An item's research as stored: the clock, and when research reached 100 % if it left the inventory complete. */
export interface StoredResearch extends ResearchState {
  researchedAt: number | null;
}

/**
 * When the item's research reached 100 %: exact while it is equipped (the clock runs from `equippedAt`), else
 * the time kept when it left the inventory researched, or 0 when nobody knows (items from before seasons).
 */
export function researchFinishedAt(rarity: Rarity, state: StoredResearch): number {
  if (state.equippedAt !== null) return state.equippedAt + Math.max(0, researchDurationMs(rarity) - state.researchMs);
  return state.researchedAt ?? 0;
}

/** Leaving the inventory banks the equipped time and, once research is complete, keeps when it finished. */
export function leaveInventory(rarity: Rarity, state: StoredResearch, now: number): StoredResearch {
  if (state.equippedAt === null) return state;
  const finished = isFullyResearched(rarity, state, now);
  return { ...unequipResearch(state, now), researchedAt: finished ? researchFinishedAt(rarity, state) : null };
}
