/**
 * The collection's sets (docs/design.md section 9.6): every tier's catalogue items are a set, complete when the
 * trophy case holds each of them at least once (any quality, researched by anyone), so a bought item has a use
 * a score cannot give it. Each complete set makes research in the player's slots faster, up to a cap.
 */
import { itemsOfRarity } from './catalogue';
import { RARITIES, type Rarity } from './rarity';

/** The tiers that are sets: every tier with catalogue items a trophy case can hold (medals are not items). */
export const SET_TIERS: readonly Rarity[] = RARITIES.filter((rarity) => rarity !== 'limited');

/** Research speed each complete set adds, in percent, and the most all sets together give. */
export const SET_RESEARCH_BONUS_PERCENT = 5;
export const MAX_RESEARCH_BONUS_PERCENT = 25;

export interface SetProgress {
  tier: Rarity;
  owned: number;
  total: number;
  complete: boolean;
}

/** Each set's progress, commonest tier first, from the catalogue ids in a trophy case (repeats count once). */
export function setsOf(trophyCatalogIds: Iterable<string>): SetProgress[] {
  const held = new Set(trophyCatalogIds);
  return SET_TIERS.map((tier) => {
    const ids = itemsOfRarity(tier).map((entry) => entry.id);
    const owned = ids.filter((id) => held.has(id)).length;
    return { tier, owned, total: ids.length, complete: ids.length > 0 && owned === ids.length };
  });
}

/** The research speed bonus, in percent, of a trophy case: 5 per complete set, at most 25. */
export function researchBonusPercent(trophyCatalogIds: Iterable<string>): number {
  const complete = setsOf(trophyCatalogIds).filter((set) => set.complete).length;
  return Math.min(MAX_RESEARCH_BONUS_PERCENT, complete * SET_RESEARCH_BONUS_PERCENT);
}
