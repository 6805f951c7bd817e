/**
 * Arena fights (docs/design.md section 7.1, section 8.1): decided by a source of draws, so the same draws always
 * give the same rounds. Production fights draw from the attacker's verifiable seeds (./fair.ts), so the attacker
 * can check every fight; simulations pass a seeded generator. Pure: no I/O, no clock.
 *
 * The model (rules version 2, docs/decisions/015-rules-that-teach.md): both fighters start at FIGHT_HP. The
 * first draw decides who strikes first (a fair coin), then they alternate, FIGHT_MAX_ROUNDS strikes at most. A
 * strike does FIGHT_HIT × roll × attack / (attack + target's defense), where roll is uniform in [0.5, 1.5] and
 * both stats carry a base, so a player with bare hands still fights. The fight ends at once when a side reaches
 * 0 HP (a knockout); after the last strike the one with more HP left wins, and the defender holds on a tie.
 *
 * Why this shape: every draw is taken whether or not the fight has ended, so the same draws give the same
 * order and rolls to every pair of fighters, which makes the outcome monotonic in attack and defense for each
 * source (more attack never turns a win into a loss), not just on average. FIGHT_HIT is large enough that
 * fights between balanced builds end by knockout (at twice the power, nearly always), and the coin for the
 * first strike keeps equal fighters even: with hits this large, always striking first was worth 70 % of wins.
 * Version 1 (./fight-v1.ts: 18 per hit, 10 strikes, attacker first) almost never knocked anyone out.
 * "Power" in the arena's promises counts the base too: twice the power is 2 × (stat + base).
 */
import { randomInt, type RandomSource } from './random';
import { DAY_MS, HOUR_MS } from '../time';

export const FIGHT_HP = 100;
export const FIGHT_MAX_ROUNDS = 30;
export const FIGHT_HIT = 40;
/** Added to both stats: a new player with nothing equipped still hits and is still hit. */
export const FIGHT_STAT_BASE = 10;
/** Energy a fight costs the attacker. */
export const FIGHT_ENERGY_COST = 2;
/** Gold no fight can take: PROTECTED_GOLD_BASE + PROTECTED_GOLD_PER_LEVEL × level (docs/design.md section 8.1). */
export const PROTECTED_GOLD_BASE = 50;
export const PROTECTED_GOLD_PER_LEVEL = 10;
/** How long a player who lost a defence cannot be attacked. */
export const FIGHT_RECOVERY_MS = 10 * 60 * 1000;
/** Lost defences in one UTC day after which the player recovers until the day ends. */
export const DAILY_DEFENCES_LOST_CAP = 3;
export const STARTING_RATING = 1000;
/** How long a new player cannot be attacked after choosing a username, unless they attack first (docs/design.md section 9.10). */
export const NEW_PLAYER_PROTECTION_MS = 72 * HOUR_MS;
/** Opponents within this many levels of the player are suggested first. */
export const SUGGESTED_LEVEL_SPREAD = 3;
/** No rating falls below this. */
export const RATING_FLOOR = 100;
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
  const first: Side = randomInt(src, 2) === 0 ? 'attacker' : 'defender';
  const rolls = Array.from({ length: FIGHT_MAX_ROUNDS }, () => roll(src));
  const rounds: Round[] = [];
  let attackerHp = FIGHT_HP;
  let defenderHp = FIGHT_HP;
  for (const [index, rolled] of rolls.entries()) {
    if (attackerHp === 0 || defenderHp === 0) break;
    const by: Side = (index % 2 === 0) === (first === 'attacker') ? 'attacker' : 'defender';
    const damage = by === 'attacker' ? strike(attacker, defender, rolled) : strike(defender, attacker, rolled);
    if (by === 'attacker') defenderHp = Math.max(0, defenderHp - damage);
    else attackerHp = Math.max(0, attackerHp - damage);
    rounds.push({ by, damage, attackerHp, defenderHp });
  }
  return { winner: attackerHp > defenderHp ? 'attacker' : 'defender', rounds };
}

/** Whether a fight ended by knockout: a side at 0 HP. */
export function isKnockout(result: FightResult): boolean {
  const last = result.rounds.at(-1);
  return last !== undefined && (last.attackerHp === 0 || last.defenderHp === 0);
}

/** Elo: the attacker's rating change (the defender's is its negative), K = 32. */
export function ratingChange(attackerRating: number, defenderRating: number, attackerWon: boolean): number {
  const expected = 1 / (1 + 10 ** ((defenderRating - attackerRating) / 400));
  return Math.round(ELO_K * ((attackerWon ? 1 : 0) - expected));
}

/** A rating after a change, never below RATING_FLOOR. */
export const ratingAfter = (rating: number, change: number) => Math.max(RATING_FLOOR, rating + change);

/** The gold no fight can take from a player of this level: 50 + 10 × level. */
export const protectedGold = (level: number) => PROTECTED_GOLD_BASE + PROTECTED_GOLD_PER_LEVEL * Math.max(1, Math.floor(level));

// What a win takes and mints: ./fight-gold.ts (docs/design.md section 10.1).

/** The UTC day of a moment, as a day number (days since 1970-01-01 UTC). */
export const utcDay = (at: number) => Math.floor(at / DAY_MS);
/** The 00:00 UTC that began the day of `at`. */
export const utcDayStart = (at: number) => utcDay(at) * DAY_MS;
/** The next 00:00 UTC after `at`. */
export const nextUtcMidnight = (at: number) => (utcDay(at) + 1) * DAY_MS;

/** Whole hours of protection left at `now`, rounded up, so a protection still running never says 0. */
export const protectionHoursLeft = (protectedUntil: number, now: number) => Math.max(1, Math.ceil((protectedUntil - now) / HOUR_MS));

/**
 * Whether a fight at `now` pays gold and XP: only the first of a UTC day between the same two players, whichever
 * attacked (docs/design.md section 9.10). `earlier` are the times of fights between them already recorded.
 */
export const isRematch = (earlier: readonly number[], now: number) => earlier.some((at) => utcDay(at) === utcDay(now));

/** A player's lost defences so far on one UTC day. */
export interface DefencesLost {
  /** The UTC day (utcDay) the count is for. */
  day: number;
  count: number;
}

/**
 * A lost defence at `now`: the day's count with this loss, and until when the player recovers. 10 minutes; from
 * the DAILY_DEFENCES_LOST_CAP-th loss of a UTC day, until the next 00:00 UTC (docs/design.md section 8.1). The
 * day is the server's clock at the commit, never the client's. Attacking ends a recovery, whatever its length.
 */
export function defenceLost(before: DefencesLost, now: number): { lost: DefencesLost; recoveringUntil: number } {
  const day = utcDay(now);
  const count = (before.day === day ? before.count : 0) + 1;
  const short = now + FIGHT_RECOVERY_MS;
  return { lost: { day, count }, recoveringUntil: count >= DAILY_DEFENCES_LOST_CAP ? Math.max(short, nextUtcMidnight(now)) : short };
}

/** A fighter's power, for telling an upset: total attack plus total defense. */
export const fightPower = (fighter: Fighter) => Math.max(0, fighter.attack) + Math.max(0, fighter.defense);

/** A win against someone at least twice as strong makes the news. */
export function isUpset(winner: Fighter, loser: Fighter): boolean {
  return fightPower(loser) > 0 && fightPower(loser) >= 2 * fightPower(winner);
}
