/** Weekly leagues (docs/design.md section 9.5): the week, week points, ranks, moves and prizes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tierPoints } from '../../game/rules/rarity';
import { LEAGUE_TIERS, leagueMove, leaguePrize, leagueRanks, leagueZones, nextTier, tierName, weekBounds, weekName, weekOf, weekPoints } from '../../game/rules/league';
import { DAY_MS } from '../../game/time';

/** Monday 23 November 2026, 00:00 UTC. */
const MONDAY = Date.UTC(2026, 10, 23);

/** The moves of a league whose players have these points. */
const movesOf = (points: readonly number[]) => leagueRanks(points).map((rank) => leagueMove(rank, points.length));

describe('the week', () => {
  it('runs from Monday 00:00 UTC to the next: Sunday 23:59:59.999 is the week before', () => {
    expect(weekOf(MONDAY)).toBe('2026-11-23');
    expect(weekOf(MONDAY + 7 * DAY_MS - 1)).toBe('2026-11-23');
    expect(weekOf(MONDAY - 1)).toBe('2026-11-16');
    expect(weekBounds(MONDAY + 3 * DAY_MS)).toEqual({ week: '2026-11-23', startsAt: MONDAY, endsAt: MONDAY + 7 * DAY_MS });
    // Across a year's end.
    expect(weekOf(Date.UTC(2027, 0, 1))).toBe('2026-12-28');
    expect(weekName('2026-11-23')).toBe('23 Nov 2026');
  });

  it("counts a trophy's points only when the player researched it, this week", () => {
    const now = MONDAY + 2 * DAY_MS;
    expect(weekPoints('rare', 7, MONDAY, true, now)).toBe(tierPoints('rare') * 7);
    expect(weekPoints('rare', 7, MONDAY - 1, true, now)).toBe(0);
    expect(weekPoints('rare', 7, MONDAY + DAY_MS, false, now)).toBe(0);
    expect(weekPoints('rare', 7, now + 1, true, now)).toBe(0);
  });

  it('counts research of the 24 hours before Monday when the trophy is added in its first 24 hours, forward only', () => {
    const points = tierPoints('rare') * 7;
    expect(weekPoints('rare', 7, MONDAY - DAY_MS, true, MONDAY + DAY_MS - 1)).toBe(points);
    expect(weekPoints('rare', 7, MONDAY - 1, true, MONDAY)).toBe(points);
    expect(weekPoints('rare', 7, MONDAY - DAY_MS - 1, true, MONDAY + 60_000)).toBe(0);
    expect(weekPoints('rare', 7, MONDAY - 1, true, MONDAY + DAY_MS)).toBe(0);
    expect(weekPoints('rare', 7, MONDAY - 1, false, MONDAY + 60_000)).toBe(0);
    // Added before Monday, it counts in its own week only: the grace never reaches back into a week that ended.
    expect(weekPoints('rare', 7, MONDAY - 2 * DAY_MS, true, MONDAY - 1)).toBe(points);
  });
});

describe('ranks and moves', () => {
  it('ties share the better rank', () => {
    expect(leagueRanks([9, 7, 7, 3])).toEqual([1, 2, 2, 4]);
    expect(leagueRanks([3, 7, 9, 7])).toEqual([4, 2, 1, 2]);
  });

  it('a league of 15 or more moves ranks 1 to 5 up and the last 5 down', () => {
    const thirty = Array.from({ length: 30 }, (_, index) => 30 - index);
    expect(movesOf(thirty)).toEqual([...Array(5).fill('up'), ...Array(20).fill('stay'), ...Array(5).fill('down')]);
    const fifteen = Array.from({ length: 15 }, (_, index) => 15 - index);
    expect(movesOf(fifteen)).toEqual([...Array(5).fill('up'), ...Array(5).fill('stay'), ...Array(5).fill('down')]);
    expect(leagueZones(15)).toEqual({ promote: 5, demote: 5 });
  });

  it('a smaller league moves its top third (rounded down) up and nobody down', () => {
    expect(leagueZones(14)).toEqual({ promote: 4, demote: 0 });
    expect(movesOf([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1])).toEqual([...Array(4).fill('up'), ...Array(10).fill('stay')]);
    expect(movesOf([5, 4])).toEqual(['stay', 'stay']);
    expect(movesOf([5, 4, 3])).toEqual(['up', 'stay', 'stay']);
  });

  it('a tie at rank 5 moves every tied player up', () => {
    const points = [30, 29, 28, 27, 20, 20, 20, ...Array.from({ length: 23 }, (_, index) => 19 - index * 0.5)];
    expect(movesOf(points).slice(0, 8)).toEqual([...Array(7).fill('up'), 'stay']);
  });

  it('a tie reaching into the last 5 from above keeps every tied player; a tie inside them moves all down', () => {
    const above = Array.from({ length: 24 }, (_, index) => 100 - index);
    // Places 25, 26 and 27 tie (rank 25): the last 5 are those ranked below 25, so only places 28 to 30 go down.
    expect(movesOf([...above, 5, 5, 5, 3, 2, 1]).slice(24)).toEqual(['stay', 'stay', 'stay', 'down', 'down', 'down']);
    // Places 26 to 30 tie (rank 26): all of them go down.
    expect(movesOf([...above, 50, 5, 5, 5, 5, 5]).slice(24)).toEqual(['stay', 'down', 'down', 'down', 'down', 'down']);
  });

  it('none falls below scrap or rises above diamond', () => {
    expect(nextTier('scrap', 'down')).toBe('scrap');
    expect(nextTier('diamond', 'up')).toBe('diamond');
    expect(nextTier('bronze', 'up')).toBe('silver');
    expect(nextTier('bronze', 'down')).toBe('copper');
    expect(nextTier('gold', 'stay')).toBe('gold');
    expect(tierName('diamond')).toBe('Diamond');
  });

  it('in any league at least the zone moves up, at most the zone moves down, and a tie never costs a tier', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 30 }), (points) => {
        const moves = movesOf(points);
        const { promote, demote } = leagueZones(points.length);
        expect(moves.filter((move) => move === 'up').length).toBeGreaterThanOrEqual(promote);
        expect(moves.filter((move) => move === 'down').length).toBeLessThanOrEqual(demote);
        // Players level on points move alike.
        for (const [index, move] of moves.entries()) expect(moves[points.indexOf(points[index]!)]).toBe(move);
      }),
    );
  });
});

describe('prizes', () => {
  it('ranks 1, 2 and 3 win 8, 5 and 3 cash; the rest nothing', () => {
    expect([1, 2, 3, 4, 30].map(leaguePrize)).toEqual([8, 5, 3, 0, 0]);
    expect(LEAGUE_TIERS).toEqual(['scrap', 'copper', 'bronze', 'silver', 'gold', 'diamond']);
  });
});
