/**
 * Research (docs/design.md section 3): an item gains research only while equipped (in the inventory), reaching 100 after
 * its tier's duration of equipped time. Stored as accumulated equipped time plus the moment of the current
 * equip, so progress is computed lazily. All times are unix milliseconds.
 */
import { type Rarity, researchDurationMs } from './rarity';

export interface ResearchState {
  /** Research time accumulated before the current equip (equipped time at the speed of each equip). */
  researchMs: number;
  /** When the item was last equipped; null while it is not in the inventory. */
  equippedAt: number | null;
  /**
   * How much faster, in percent, research runs during the current equip: the owner's complete sets when it was
   * equipped (game/rules/sets.ts), fixed until the next equip (docs/design.md section 9.6); none when left out.
   */
  researchSpeed?: number;
}

/** New loot: nothing researched, not equipped. */
export const NEW_RESEARCH: ResearchState = Object.freeze({ researchMs: 0, equippedAt: null, researchSpeed: 0 });

/** Research time counted for `equipped` ms in the slots at `speed` percent faster. */
const atSpeed = (equipped: number, speed: number) => Math.floor((equipped * (100 + speed)) / 100);
/** Equipped ms it takes to count `research` ms at `speed` percent faster (atSpeed's inverse, rounded up). */
const equippedFor = (research: number, speed: number) => Math.ceil((research * 100) / (100 + speed));

/** Research time up to `now`; a future equippedAt (clock skew) adds nothing rather than subtracting. */
export function researchedMs(state: ResearchState, now: number): number {
  return state.researchMs + (state.equippedAt === null ? 0 : atSpeed(Math.max(0, now - state.equippedAt), state.researchSpeed ?? 0));
}

/** Whole percent 0..100, rounded down, so 100 means truly complete. */
export function researchPercent(rarity: Rarity, state: ResearchState, now: number): number {
  return Math.min(100, Math.floor((researchedMs(state, now) * 100) / researchDurationMs(rarity)));
}

export function isFullyResearched(rarity: Rarity, state: ResearchState, now: number): boolean {
  return researchPercent(rarity, state, now) === 100;
}

/**
 * Moving into the inventory starts the clock at the owner's set speed now (`speed`, game/rules/sets.ts
 * researchBonusPercent); equipping an equipped item changes nothing.
 */
export function equipResearch(state: ResearchState, now: number, speed: number): Required<ResearchState> {
  if (state.equippedAt !== null) return { researchMs: state.researchMs, equippedAt: state.equippedAt, researchSpeed: state.researchSpeed ?? 0 };
  return { researchMs: state.researchMs, equippedAt: now, researchSpeed: speed };
}

/** Leaving the inventory banks the research time and stops the clock. */
export function unequipResearch(state: ResearchState, now: number): ResearchState {
  return state.equippedAt === null ? state : { researchMs: researchedMs(state, now), equippedAt: null, researchSpeed: state.researchSpeed ?? 0 };
}

/** Equipped time still needed to reach 100 (0 once complete); it only runs down while the item is equipped. */
export function researchLeftMs(rarity: Rarity, state: ResearchState, now: number): number {
  return equippedFor(Math.max(0, researchDurationMs(rarity) - researchedMs(state, now)), state.researchSpeed ?? 0);
}

/**
 * An item's research as stored: the clock, and who first researched it and when (docs/design.md section 9.4).
 * Both are set once, the first time its research reaches 100 % in its owner's slots, and kept through every
 * move after: the duffel, the trophy case, the market and a sale. `researchedBy` is a player's uid; null with a
 * time set means nobody may score it (a craft from parts its crafter did not all research).
 */
export interface StoredResearch extends ResearchState {
  uid: string;
  researchedBy: string | null;
  researchedAt: number | null;
}

/** Who researched an item and when; `by` null when it scores for nobody. */
export interface ResearchRecord {
  by: string | null;
  at: number;
}

/**
 * Who researched the item and when, or null while its research is not complete. Exact while the owner's first
 * research of it runs (the clock runs from `equippedAt`); a time already recorded is never moved, so
 * re-equipping an old item does not make it new.
 */
export function researchRecord(rarity: Rarity, state: StoredResearch, now: number): ResearchRecord | null {
  if (state.researchedAt !== null) return { by: state.researchedBy, at: state.researchedAt };
  if (state.equippedAt === null || !isFullyResearched(rarity, state, now)) return null;
  return { by: state.uid, at: state.equippedAt + equippedFor(Math.max(0, researchDurationMs(rarity) - state.researchMs), state.researchSpeed ?? 0) };
}

/** Whether an item scores for `uid`: researched, and by them (docs/design.md section 9.4). */
export function researchedByPlayer(rarity: Rarity, state: StoredResearch, uid: string, now: number): boolean {
  return researchRecord(rarity, state, now)?.by === uid;
}

/** Leaving the inventory banks the equipped time and, once research is complete, records who and when (once). */
export function leaveInventory<T extends StoredResearch>(rarity: Rarity, state: T, now: number): T {
  if (state.equippedAt === null) return state;
  const record = researchRecord(rarity, state, now);
  return { ...state, ...unequipResearch(state, now), researchedBy: record?.by ?? null, researchedAt: record?.at ?? null };
}

/**
 * Duplicates teach (docs/design.md section 10.3): a pending find salvaged from the player's own scavenge teaches
 * an equipped item of the same catalogue item that is still researching a tenth of its tier's research time.
 */
export const DUPLICATE_LESSON_DIVISOR = 10;

/** The research time one salvaged duplicate teaches an item of `rarity`, before the cap at 100 %. */
export const duplicateLessonMs = (rarity: Rarity) => Math.floor(researchDurationMs(rarity) / DUPLICATE_LESSON_DIVISOR);

/**
 * `state` after one salvaged duplicate taught it: research time up to the tier's full time, and, when that finishes
 * it, its research recorded as finished now by its owner. Nothing for an item already finished. `gained` is the
 * research time it gained.
 */
export function learnFromDuplicate<T extends StoredResearch>(rarity: Rarity, state: T, now: number): { state: T; gained: number } {
  const duration = researchDurationMs(rarity);
  const done = researchedMs(state, now);
  const gained = Math.max(0, Math.min(duplicateLessonMs(rarity), duration - done));
  if (gained === 0 || state.researchedAt !== null) return { state, gained: 0 };
  const taught = { ...state, researchMs: state.researchMs + gained };
  return { state: done + gained >= duration ? { ...taught, researchedBy: state.uid, researchedAt: now } : taught, gained };
}
