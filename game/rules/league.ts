/**
 * Weekly leagues (docs/design.md section 9.5, docs/decisions/023-leagues.md): a week runs from Monday 00:00 UTC
 * to the next. The first time a player scores in a week they join a league of at most LEAGUE_SIZE players of
 * their tier, ranked by the week's points; at the week's end the top move up a tier, the last move down, and the
 * first three win cash and the week's ribbon.
 *
 * The worker settles a week in SQL (worker/features/leagues/moves.ts); these functions are the rule it follows,
 * and test/worker/leagues.test.ts holds the SQL to them.
 */
import type { Rarity } from './rarity';
import { newIn, trophyPoints } from './trophy';
import { WEEK_MS } from '../time';

/** Lowest first: everyone starts in `scrap`. */
export const LEAGUE_TIERS = ['scrap', 'copper', 'bronze', 'silver', 'gold', 'diamond'] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];

/** Players in one league at most. */
export const LEAGUE_SIZE = 30;
/** A league this size or larger moves LEAGUE_MOVES players up and as many down; a smaller one, its top third up only. */
export const FULL_LEAGUE_FROM = 15;
export const LEAGUE_MOVES = 5;
/** Cash for ranks 1, 2 and 3, each with the week's ribbon. */
export const LEAGUE_PRIZES = [8, 5, 3] as const;


/** The Monday 00:00 UTC at or before `at` (unix ms). */
function mondayOf(at: number): number {
  const day = new Date(at);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() - sinceMonday);
}

/** `2026-11-23`: the Monday (UTC) of the week holding `at`. */
export function weekOf(at: number): string {
  return new Date(mondayOf(at)).toISOString().slice(0, 10);
}

/** When the week holding `at` began, and when it ends (the next Monday's first millisecond). */
export function weekBounds(at: number): { week: string; startsAt: number; endsAt: number } {
  const startsAt = mondayOf(at);
  return { week: weekOf(at), startsAt, endsAt: startsAt + WEEK_MS };
}

/**
 * What a trophy added at `now` adds to the week's points: its trophy points, if the player adding it researched
 * it (`scores`, docs/design.md section 9.4) and its research finished this week (or in the 24 hours of grace
 * before it, game/rules/trophy.ts `newIn`), so a stockpile counts nothing.
 */
export function weekPoints(rarity: Rarity, quality: number, researchedAt: number, scores: boolean, now: number): number {
  const counted = scores && newIn(weekBounds(now).startsAt, researchedAt, now);
  return counted ? trophyPoints(rarity, quality) : 0;
}

/** Ranks of a league by points, best first: players level on points share the better rank (1, 2, 2, 4). */
export function leagueRanks(points: readonly number[]): number[] {
  return points.map((mine) => 1 + points.filter((other) => other > mine).length);
}

/**
 * How many places move up and down in a league of `players` (banned players left out): 5 and 5 from
 * FULL_LEAGUE_FROM players on; below that the top third (rounded down) up and nobody down.
 */
export function leagueZones(players: number): { promote: number; demote: number } {
  return players >= FULL_LEAGUE_FROM ? { promote: LEAGUE_MOVES, demote: LEAGUE_MOVES } : { promote: Math.floor(players / 3), demote: 0 };
}

export type LeagueMove = 'up' | 'down' | 'stay';

/**
 * Where a player of this rank moves at the week's end. Ties share the better rank, so a tie at the last place
 * up moves every tied player up, and a tie reaching into the last `demote` places from above keeps all of them
 * (the last 5 are the players ranked below the 5th from last place): a tie never costs anyone a tier.
 */
export function leagueMove(rank: number, players: number): LeagueMove {
  const { promote, demote } = leagueZones(players);
  if (rank <= promote) return 'up';
  return rank > players - demote ? 'down' : 'stay';
}

/** The tier after a move: none below `scrap`, none above `diamond`. */
export function nextTier(tier: LeagueTier, move: LeagueMove): LeagueTier {
  const index = LEAGUE_TIERS.indexOf(tier) + (move === 'up' ? 1 : move === 'down' ? -1 : 0);
  return LEAGUE_TIERS[Math.min(LEAGUE_TIERS.length - 1, Math.max(0, index))]!;
}

/** Cash for a final rank: 8, 5 and 3 for the first three (with the week's ribbon), nothing below. */
export function leaguePrize(rank: number): number {
  return LEAGUE_PRIZES[rank - 1] ?? 0;
}

/** `Gold`, for a tier's name on screen. */
export function tierName(tier: LeagueTier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** `23 Nov 2026`, for a week's name on screen ("the week of …"). */
export function weekName(week: string): string {
  return new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
