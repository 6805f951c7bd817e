/** Trophy case score and average quality (docs/design.md section 3). */
import { type Rarity, tierPoints } from './rarity';

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
