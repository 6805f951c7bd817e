/**
 * Fight power (docs/design.md section 9.6): the equipped items' attack and defense, as the spec's header shows
 * them, plus a tenth of each trophy's that its owner researched, so a trophy no longer only weakens a player by
 * leaving their slots. The header's totals stay the equipped items'.
 */
import { displayStat } from './power';

/** The share of a self-researched trophy's attack and defense a fight adds, in percent. */
export const TROPHY_FIGHT_PERCENT = 10;

export interface Stats {
  attack: number;
  defense: number;
}

/** An item's attack and defense at its quality, as the header counts them. */
export function statsOf(item: { attack: number; defense: number; quality: number }): Stats {
  return { attack: Number(displayStat(item.attack, item.quality)), defense: Number(displayStat(item.defense, item.quality)) };
}

/** Fight power from the equipped totals and the stats of the trophies the player researched themselves. */
export function fightStats(equipped: Stats, ownTrophies: readonly Stats[]): Stats {
  const share = (stat: keyof Stats) => Math.floor((ownTrophies.reduce((sum, trophy) => sum + trophy[stat], 0) * TROPHY_FIGHT_PERCENT) / 100);
  return { attack: equipped.attack + share('attack'), defense: equipped.defense + share('defense') };
}

/**
 * Fight power after one more trophy (the 'Add to Trophy Case' dialog): it leaves the slots if it was equipped, and
 * adds its tenth if the player researched it. `ownTrophies` are the case's self-researched trophies now.
 */
export function fightStatsWithTrophy(equipped: Stats, ownTrophies: readonly Stats[], trophy: Stats & { equipped: boolean; ownResearch: boolean }): Stats {
  const slots = trophy.equipped ? { attack: equipped.attack - trophy.attack, defense: equipped.defense - trophy.defense } : equipped;
  return fightStats(slots, trophy.ownResearch ? [...ownTrophies, trophy] : ownTrophies);
}
