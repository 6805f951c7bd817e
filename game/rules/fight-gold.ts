/**
 * What a won fight pays (docs/design.md section 10.1, docs/decisions/030-arena-pays-like-play.md): a purse that grows
 * with the defender's level up to a cap, half of it taken from the defender and half minted, so a win is worth about
 * what the same energy earns scavenging and never more than FARMING_LIMIT times it (./energy-pay.ts). The defender's
 * half is bounded by their savings rules: the gold above a protected 50 + 10 × level, at most 2 % of their gold in a
 * UTC day to fights, and at most 100 gold in all to fights in their first 7 days. What the defender cannot give is
 * not made up: the winner gains what the defender lost plus what was minted (taken = lost + minted), and the fight's
 * record keeps both. Pure: no I/O, no clock of its own.
 */
import { DAY_MS } from '../time';
import { protectedGold, utcDay } from './fight';

/** The purse against a level-1 defender, what each level adds, and the most any win pays. */
export const FIGHT_PURSE_BASE = 6;
export const FIGHT_PURSE_PER_LEVEL = 2;
export const FIGHT_PURSE_CAP = 24;
/** The share of the purse taken from the defender, in percent (rounded up); the rest is minted. */
export const FIGHT_PURSE_TAKEN_PERCENT = 50;
/** At most this percent of a defender's gold goes to fights in one UTC day, whatever they hold. */
export const DAILY_FIGHT_LOSS_PERCENT = 2;
/** A player's first days, counted from choosing a username, and the most gold fights take from them in all then. */
export const NEWCOMER_DAYS = 7;
export const NEWCOMER_FIGHT_LOSS_CAP = 100;

/** The most a win against a defender of this level pays: FIGHT_PURSE_BASE + FIGHT_PURSE_PER_LEVEL × level, capped. */
export const fightPurse = (level: number) => Math.min(FIGHT_PURSE_CAP, FIGHT_PURSE_BASE + FIGHT_PURSE_PER_LEVEL * Math.max(1, Math.floor(level)));

/** The purse's two parts: what may be taken from the defender (at most), and what the game mints. */
export function purseParts(level: number): { fromDefender: number; minted: number } {
  const purse = fightPurse(level);
  const fromDefender = Math.ceil((purse * FIGHT_PURSE_TAKEN_PERCENT) / 100);
  return { fromDefender, minted: purse - fromDefender };
}

/** What a defender has lost to fights, as their row keeps it. */
export interface FightLosses {
  /** The UTC day `today` counts (the day of their last lost defence), and the gold lost to fights on it. */
  day: number;
  today: number;
  /** Gold lost to fights in their first NEWCOMER_DAYS days. */
  firstWeek: number;
}

/** Whether a player who chose their name at `createdAt` is still in their first NEWCOMER_DAYS days at `now`. */
export const isNewcomer = (createdAt: number, now: number) => now < createdAt + NEWCOMER_DAYS * DAY_MS;

/**
 * The most a fight at `now` may take from this defender: their gold above the protected amount, what the 2 % a day
 * leaves (2 % of what they held before today's losses), and in their first week what the 100 leaves.
 */
export function defenderAllowance(defender: { gold: number; level: number; createdAt: number }, losses: FightLosses, now: number): number {
  const today = losses.day === utcDay(now) ? losses.today : 0;
  const daily = Math.floor(((defender.gold + today) * DAILY_FIGHT_LOSS_PERCENT) / 100) - today;
  const newcomer = isNewcomer(defender.createdAt, now) ? NEWCOMER_FIGHT_LOSS_CAP - losses.firstWeek : Infinity;
  return Math.max(0, Math.min(defender.gold - protectedGold(defender.level), daily, newcomer));
}

/** A win's gold: what the defender lost, what was minted, and the winner's gain, their sum. */
export interface FightGold {
  lost: number;
  minted: number;
  taken: number;
}

export const NO_FIGHT_GOLD: FightGold = { lost: 0, minted: 0, taken: 0 };

/** What a won, paying fight moves: the defender's share up to their allowance, and the minted share. */
export function winGold(defender: { gold: number; level: number; createdAt: number }, losses: FightLosses, now: number): FightGold {
  const { fromDefender, minted } = purseParts(defender.level);
  const lost = Math.min(fromDefender, defenderAllowance(defender, losses, now));
  return { lost, minted, taken: lost + minted };
}

/** The defender's losses after losing `lost` at `now`: the day's count starts again on a new UTC day. */
export function lossesAfter(losses: FightLosses, createdAt: number, lost: number, now: number): FightLosses {
  const day = utcDay(now);
  return {
    day,
    today: (losses.day === day ? losses.today : 0) + lost,
    firstWeek: losses.firstWeek + (isNewcomer(createdAt, now) ? lost : 0),
  };
}
