/**
 * Arena fights (docs/design.md section 7.1): decided by a source of draws, so the same draws always give the
 * same rounds. Production fights draw from the attacker's verifiable seeds (./fair.ts), so the attacker can
 * check every fight; simulations pass a seeded generator. Pure: no I/O, no clock.
 *
 * The model: both fighters start at FIGHT_HP. The attacker strikes first, then they alternate, FIGHT_MAX_ROUNDS
 * strikes at most. A strike does FIGHT_HIT × roll × attack / (attack + target's defense), where roll is uniform
 * in [0.5, 1.5] and both stats carry a base, so a player with bare hands still fights. A fighter at 0 HP
 * loses; after the last strike the one with more HP left wins, and the defender holds on a tie.
 *
 * Why this shape: every roll is drawn whether or not the fight has ended, so the same draws give the same
 * rolls to every pair of fighters, which makes the outcome monotonic in attack and defense for each source (more
 * attack never turns a win into a loss), not just on average. FIGHT_HIT keeps five strikes of even the best
 * attack against no defense at 90 HP on average, so a knockout needs unusually high rolls and the first
 * strike is worth little: equal fighters win about half their attacks, whatever their stats.
 * "Power" in the arena's promises counts the base too: twice the power is 2 × (stat + base).
 */
import { randomInt, type RandomSource } from './random';

export const FIGHT_HP = 100;
export const FIGHT_MAX_ROUNDS = 10;
export const FIGHT_HIT = 18;
/** Added to both stats: a new player with nothing equipped still hits and is still hit. */
export const FIGHT_STAT_BASE = 10;
/** Energy a fight costs the attacker. */
export const FIGHT_ENERGY_COST = 2;
/** The share of the defender's gold a winning attacker takes (rounded down). */
export const FIGHT_GOLD_SHARE = 0.1;
/** How long a player who lost a fight cannot be attacked. */
export const FIGHT_RECOVERY_MS = 10 * 60 * 1000;
export const STARTING_RATING = 1000;
export const ELO_K = 32;

export interface Fighter {
  attack: number;
  defense: number;
}

export type Side = 'attacker' | 'defender';

export interface Round {
  by: Side;
  damage: number;
  attackerHp: number;
  defenderHp: number;
}

export interface FightResult {
  winner: Side;
  rounds: Round[];
}

/** A roll in [0.5, 1.5] in steps of 0.001, unbiased. */
function roll(src: RandomSource): number {
  return 0.5 + randomInt(src, 1001) / 1000;
}

function strike(hitter: Fighter, target: Fighter, rolled: number): number {
  const attack = Math.max(0, hitter.attack) + FIGHT_STAT_BASE;
  const defense = Math.max(0, target.defense) + FIGHT_STAT_BASE;
  return Math.round((FIGHT_HIT * rolled * attack) / (attack + defense));
}

/** The fight these two have with these draws: the same draws always give the same rounds. */
export function fight(attacker: Fighter, defender: Fighter, src: RandomSource): FightResult {
  const rolls = Array.from({ length: FIGHT_MAX_ROUNDS }, () => roll(src));
  const rounds: Round[] = [];
  let attackerHp = FIGHT_HP;
  let defenderHp = FIGHT_HP;
  for (const [index, rolled] of rolls.entries()) {
    if (attackerHp === 0 || defenderHp === 0) break;
    const by: Side = index % 2 === 0 ? 'attacker' : 'defender';
    const damage = by === 'attacker' ? strike(attacker, defender, rolled) : strike(defender, attacker, rolled);
    if (by === 'attacker') defenderHp = Math.max(0, defenderHp - damage);
    else attackerHp = Math.max(0, attackerHp - damage);
    rounds.push({ by, damage, attackerHp, defenderHp });
  }
  return { winner: attackerHp > defenderHp ? 'attacker' : 'defender', rounds };
}

/** Elo: the attacker's rating change (the defender's is its negative), K = 32. */
export function ratingChange(attackerRating: number, defenderRating: number, attackerWon: boolean): number {
  const expected = 1 / (1 + 10 ** ((defenderRating - attackerRating) / 400));
  return Math.round(ELO_K * ((attackerWon ? 1 : 0) - expected));
}

/** Gold a winning attacker takes from the defender. */
export function goldTaken(defenderGold: number): number {
  return Math.floor(Math.max(0, defenderGold) * FIGHT_GOLD_SHARE);
}

/** A fighter's power, for telling an upset: total attack plus total defense. */
export const fightPower = (fighter: Fighter) => Math.max(0, fighter.attack) + Math.max(0, fighter.defense);

/** A win against someone at least twice as strong makes the news. */
export function isUpset(winner: Fighter, loser: Fighter): boolean {
  return fightPower(loser) > 0 && fightPower(loser) >= 2 * fightPower(winner);
}
