/** Trophy case score and average quality (docs/design.md section 3). */
import { type Rarity, tierPoints } from './rarity';
import { DAY_MS } from '../time';

export interface TrophyEntry {
  rarity: Rarity;
  quality: number;
}

/** What one item scores in a trophy case: tier points × quality. */
export const trophyPoints = (rarity: Rarity, quality: number) => tierPoints(rarity) * quality;

/** Sum over the case of tier points × quality: one heirloom of quality 1 is worth 256 very common ones. */
export function trophyScore(entries: readonly TrophyEntry[]): number {
  return entries.reduce((sum, entry) => sum + trophyPoints(entry.rarity, entry.quality), 0);
}

/** Mean quality of the case (unrounded); 0 for an empty case, as in the new-user record. */
export function averageQuality(entries: readonly { quality: number }[]): number {
  return entries.length === 0 ? 0 : entries.reduce((sum, entry) => sum + entry.quality, 0) / entries.length;
}

/** Research that finished this long before a week or season began still counts as new in its first as long. */
export const GRACE_MS = DAY_MS;

/**
 * Whether research that finished at `finishedAt` is new in the week or season that began at `startsAt`, for a
 * trophy added at `now` (docs/design.md section 9.4): finished in it, or in the GRACE_MS before it with the
 * trophy added in its first GRACE_MS, so a player's week does not end while they sleep. Forward only: the grace
 * never adds to a period already over, so a settled week is never reopened.
 */
export function newIn(startsAt: number, finishedAt: number, now: number): boolean {
  if (finishedAt > now) return false;
  return finishedAt >= startsAt || (finishedAt >= startsAt - GRACE_MS && now < startsAt + GRACE_MS);
}
