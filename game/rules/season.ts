/**
 * Seasons (docs/design.md section 8.4, docs/decisions/017-seasons.md): a season is a UTC calendar month with its
 * own board. A trophy scores for a season when it is added in that season from research finished in that season,
 * so a stockpile researched last month is worth nothing on the new board (it still counts all-time), and a
 * newcomer who starts on the 1st races veterans on what both do this month.
 */
import type { Rarity } from './rarity';
import { newIn, trophyPoints } from './trophy';

/** `2026-11`: the UTC month of `at`. */
export function seasonOf(at: number): string {
  return new Date(at).toISOString().slice(0, 7);
}

/** When the season holding `at` began and ends (the next month's first millisecond). */
export function seasonBounds(at: number): { season: string; startsAt: number; endsAt: number } {
  const date = new Date(at);
  const startsAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  const endsAt = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return { season: seasonOf(at), startsAt, endsAt };
}

/** The season before the one holding `at`: the one the payout on the 1st settles. */
export function previousSeason(at: number): string {
  return seasonOf(seasonBounds(at).startsAt - 1);
}

/**
 * What a trophy added at `now` adds to the season's score: its trophy points, if its research finished this
 * season, or in the 24 hours before it with the trophy added on the 1st (docs/design.md section 9.4, `newIn`).
 * ADR 017 first chose no grace (a day's grace was worth a veteran's held-back finds); ADR 028 gives one day, the
 * same as the week's, because without it 11.5 % of a casual player's research counted for no week.
 */
export function seasonPoints(rarity: Rarity, quality: number, finishedAt: number, now: number): number {
  const counted = newIn(seasonBounds(now).startsAt, finishedAt, now);
  return counted ? trophyPoints(rarity, quality) : 0;
}

/** The payout on the 1st (design 8.4): rank prizes by share of the board, and one for taking part. */
export const SEASON_PRIZES = {
  /** Cash for a rank within the top 1 % of the board (at least rank 1). */
  top1: 40,
  /** Cash for a rank within the top 10 % (and not the top 1 %). */
  top10: 20,
  /**
   * Cash for SEASON_TROPHIES_FOR_PRIZE trophies or more that scored in the season, on top of a rank prize; it pays no
   * medal (docs/design.md section 9.4: 98.5 % of players reached it, so a medal for it meant nothing).
   */
  trophies: 5,
} as const;
export const SEASON_TROPHIES_FOR_PRIZE = 30;

/** The last rank within `percent` % of a board of `players`: ties share the better rank, so a tie at the edge is in. */
export const lastRankWithin = (players: number, percent: number) => Math.max(1, Math.ceil((players * percent) / 100));

/** The cash of a rank in the top 1 % or 10 % of a board of `players`; 0 below them. */
export function seasonRankPrize(rank: number, players: number): number {
  return rank <= lastRankWithin(players, 1) ? SEASON_PRIZES.top1 : rank <= lastRankWithin(players, 10) ? SEASON_PRIZES.top10 : 0;
}

/** Cash for one player's season (`trophies`: those that scored in it); the medal comes only with a rank prize. */
export function seasonPrize(rank: number, players: number, trophies: number): { cash: number; medal: boolean } {
  const rankPrize = seasonRankPrize(rank, players);
  return { cash: rankPrize + (trophies >= SEASON_TROPHIES_FOR_PRIZE ? SEASON_PRIZES.trophies : 0), medal: rankPrize > 0 };
}

/** The Limited-tier medal of a season: one per calendar month (game/rules/catalogue.ts, `medal-01` … `medal-12`). */
export function seasonMedal(season: string): string {
  return `medal-${season.slice(5, 7)}`;
}

/** `November 2026`, for a season's name on screen. */
export function seasonName(season: string): string {
  return new Date(`${season}-01T00:00:00Z`).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
