/**
 * Sparring (docs/design.md section 10.2, docs/decisions/030-arena-pays-like-play.md): a fight against a scrap-built
 * dummy, a second use for energy that no player loses to. The dummy's attack and defense follow the player's own
 * fight power (SPARRING_DUMMY_PERCENT of each), so it is a fair, winnable fight at every level and never a sure one;
 * it is drawn by the same verifiable fight roll (./fair.ts) and stored as a fight whose defender is the dummy, with
 * its stats, so its replay verifies after the player levels up. A win pays XP and minted gold, each what the same
 * energy earns scavenging in the player's best open zone, rounded down (./energy-pay.ts); a loss pays nothing.
 */
import { bestOpenZonePay } from './energy-pay';
import { FIGHT_ENERGY_COST, type Fighter } from './fight';

/** A spar costs what a fight costs. */
export const SPARRING_ENERGY_COST = FIGHT_ENERGY_COST;
/** The dummy's attack and defense, in percent of the player's fight stats (rounded down). */
export const SPARRING_DUMMY_PERCENT = 90;
/** The dummy as a fight's defender: a player number no player has (numbers start at 1), and its name. */
export const SPARRING_DUMMY_NUM = 0;
export const SPARRING_DUMMY_NAME = 'Scrap dummy';

/** The dummy a player of these fight stats spars with. */
export function sparringDummy(player: Fighter): Fighter {
  const scaled = (stat: number) => Math.floor((Math.max(0, stat) * SPARRING_DUMMY_PERCENT) / 100);
  return { attack: scaled(player.attack), defense: scaled(player.defense) };
}

/** What a won spar pays a player of this level: the XP and gold SPARRING_ENERGY_COST energy earns in their best open zone. */
export function sparringPays(level: number): { xp: number; gold: number } {
  const best = bestOpenZonePay(level);
  return { xp: Math.floor(SPARRING_ENERGY_COST * best.xp), gold: Math.floor(SPARRING_ENERGY_COST * best.gold) };
}
