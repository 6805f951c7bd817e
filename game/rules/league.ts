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
/**
 * Cash for ranks 1, 2 and 3 of a full table, by tier (scrap first), each with the week's ribbon. A table of fewer
 * than LEAGUE_SIZE players pays its share of these (leaguePrize), so a tiny top table is no prize farm, and a
 * higher tier pays more, so dropping a tier on purpose does not pay (docs/decisions/028-full-leagues.md).
 */
export const LEAGUE_PRIZES: readonly (readonly [number, number, number])[] = [
  [4, 2, 1],
  [6, 4, 2],
  [8, 5, 3],
  [10, 6, 4],
  [12, 8, 5],
  [16, 10, 6],
];
/** A league of fewer players is ranked with another (leagueTables): a table this size or larger stands alone. */
export const MIN_TABLE = 10;
/**
 * Week points a prize needs, this week and, if the player played it, last week too (prizeQualifies): a week
 * thrown to drop a tier, or scored in a league of late tiny scores, pays no prize (docs/decisions/028-full-leagues.md).
 */
export const PRIZE_POINTS = 1000;


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

/**
 * Cash for a final rank in a table of `players` settled in `tier` (an index in LEAGUE_TIERS): the tier's prize for
 * the first three, times the table's size over LEAGUE_SIZE (at most 1), rounded half up, at least 1; nothing below.
 * Integer arithmetic only, so the SQL of the week's end (worker/features/leagues/settle.ts) is the same sum.
 */
export function leaguePrize(rank: number, tier: number, players: number): number {
  const full = LEAGUE_PRIZES[tier]?.[rank - 1];
  if (full === undefined) return 0;
  return Math.max(1, Math.floor((2 * full * Math.min(players, LEAGUE_SIZE) + LEAGUE_SIZE) / (2 * LEAGUE_SIZE)));
}

/** A player's league of last week, as the prize rule reads it: their week points and their tier (an index) then. */
export interface LastWeek {
  points: number;
  tier: number;
}

/** Why a player may not win a prize this week (prizeBar); null when they may. */
export const PRIZE_BARS = ['points', 'last-week-points', 'moved-down'] as const;
export type PrizeBar = (typeof PRIZE_BARS)[number];

/**
 * Why a player in `tier` (an index) with `points` this week may not win a prize, or null when they may (docs/design.md
 * section 9.5, "a prize needs two steady weeks"): under PRIZE_POINTS this week; or, if they played last week
 * (`last`), under PRIZE_POINTS then, or a move down since. Sandbagging is a thrown week followed by a win one tier
 * lower; neither week pays.
 */
export function prizeBar(points: number, tier: number, last: LastWeek | null): PrizeBar | null {
  if (points < PRIZE_POINTS) return 'points';
  if (last && last.points < PRIZE_POINTS) return 'last-week-points';
  return last && last.tier > tier ? 'moved-down' : null;
}

/** Whether a player may win a prize this week: prizeBar finds nothing in the way. */
export const prizeQualifies = (points: number, tier: number, last: LastWeek | null): boolean => prizeBar(points, tier, last) === null;

/**
 * The prize places of a table: each qualifying player's rank among the qualifying ones (ties sharing the better
 * place), null for the rest. A place a player does not qualify for passes to the next who does; moves still go by
 * leagueRanks over everyone.
 */
export function prizePlaces(points: readonly number[], qualifies: readonly boolean[]): (number | null)[] {
  return points.map((mine, index) => (qualifies[index] ? 1 + points.filter((other, j) => qualifies[j] && other > mine).length : null));
}

/** A league of one week as the week's end sees it: its tier (an index in LEAGUE_TIERS) and how many joined it. */
export interface LeagueSize {
  id: number;
  tier: number;
  players: number;
}

/** Leagues ranked as one at the week's end, and the tier whose prizes the table pays. */
export interface LeagueTable {
  tier: number;
  leagues: number[];
  players: number;
}

/**
 * The tables one week's leagues are ranked in (docs/design.md section 9.5). Tiers are taken from the top: a tier
 * whose scorers, with any carried down to it, number fewer than MIN_TABLE is carried down to the next tier that
 * has leagues and is ranked with that tier's newest table. In a tier that stands, every league is a table, except
 * that its newest league with fewer than MIN_TABLE players joins the league before it. Leagues fill one at a time,
 * so only a tier's newest league can be short. The lowest tier, with none below, goes up instead. Each player
 * still moves from their own tier; the table pays its `tier`'s prizes.
 */
export function leagueTables(leagues: readonly LeagueSize[]): LeagueTable[] {
  const tables: LeagueTable[] = [];
  let carried = null as LeagueTable | null;
  for (let tier = LEAGUE_TIERS.length - 1; tier >= 0; tier -= 1) {
    const own = leagues.filter((league) => league.tier === tier).sort((a, b) => a.id - b.id);
    if (own.length === 0) continue;
    const players: number = own.reduce((sum, league) => sum + league.players, 0) + (carried?.players ?? 0);
    const below = leagues.some((league) => league.tier < tier);
    if (players < MIN_TABLE && below) {
      carried = { tier, leagues: [...(carried?.leagues ?? []), ...own.map((league) => league.id)], players };
      continue;
    }
    const ofTier = own.map((league): LeagueTable => ({ tier, leagues: [league.id], players: league.players }));
    const newest = ofTier.at(-1)!;
    if (ofTier.length > 1 && newest.players < MIN_TABLE) {
      ofTier.pop();
      const before = ofTier.at(-1)!;
      before.leagues.push(...newest.leagues);
      before.players += newest.players;
    }
    if (carried) {
      const last = ofTier.at(-1)!;
      last.leagues.push(...carried.leagues);
      last.players += carried.players;
      carried = null;
    }
    tables.push(...ofTier);
  }
  // The lowest tier has none below: under MIN_TABLE it is ranked with the nearest tier above's newest table.
  const lowest = tables.at(-1);
  if (tables.length > 1 && lowest && lowest.players < MIN_TABLE) {
    tables.pop();
    const above = tables.at(-1)!;
    above.leagues.push(...lowest.leagues);
    above.players += lowest.players;
  }
  return tables;
}

/** `Gold`, for a tier's name on screen. */
export function tierName(tier: LeagueTier): string {
  return tier.charAt(0).toUpperCase() + tier.slice(1);
}

/** `23 Nov 2026`, for a week's name on screen ("the week of …"). */
export function weekName(week: string): string {
  return new Date(`${week}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
}
