/** Weekly leagues (docs/design.md section 9.5): the week, week points, ranks, moves and prizes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tierPoints } from '../../game/rules/rarity';
import { LEAGUE_SIZE, LEAGUE_TIERS, leagueMove, leaguePrize, leagueRanks, leagueTables, leagueZones, MIN_TABLE, type LeagueTable, nextTier, PRIZE_POINTS, prizeBar, prizePlaces, prizeQualifies, tierName, weekBounds, weekName, weekOf, weekPoints } from '../../game/rules/league';
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
  it("a full table pays its tier's prizes to ranks 1, 2 and 3; the rest nothing", () => {
    expect([1, 2, 3, 4, 30].map((rank) => leaguePrize(rank, 2, 30))).toEqual([8, 5, 3, 0, 0]);
    expect([1, 2, 3].map((rank) => leaguePrize(rank, 0, 45))).toEqual([4, 2, 1]);
    expect(LEAGUE_TIERS).toEqual(['scrap', 'copper', 'bronze', 'silver', 'gold', 'diamond']);
  });

  it('grow with the tier and with the table, and a table of 3 pays less than a table of 30', () => {
    for (const rank of [1, 2, 3]) {
      for (let tier = 1; tier < LEAGUE_TIERS.length; tier += 1) expect(leaguePrize(rank, tier, 30)).toBeGreaterThan(leaguePrize(rank, tier - 1, 30));
      for (let players = 2; players <= 40; players += 1) expect(leaguePrize(rank, 5, players)).toBeGreaterThanOrEqual(leaguePrize(rank, 5, players - 1));
    }
    expect(leaguePrize(1, 5, 3)).toBe(2);
    expect(leaguePrize(1, 5, 3)).toBeLessThan(leaguePrize(1, 5, 30));
    expect(leaguePrize(3, 0, 1)).toBe(1);
  });
});

describe('a prize needs two steady weeks', () => {
  it('needs PRIZE_POINTS this week and, after a week played, PRIZE_POINTS then and no move down since', () => {
    const copper = LEAGUE_TIERS.indexOf('copper');
    expect(prizeBar(PRIZE_POINTS, copper, null)).toBeNull();
    expect(prizeBar(PRIZE_POINTS - 1, copper, null)).toBe('points');
    expect(prizeBar(PRIZE_POINTS, copper, { points: PRIZE_POINTS - 1, tier: copper })).toBe('last-week-points');
    expect(prizeBar(PRIZE_POINTS, copper, { points: PRIZE_POINTS, tier: copper + 1 })).toBe('moved-down');
    // Moving up, or staying, is no bar; this week's points are checked first.
    expect(prizeBar(PRIZE_POINTS, copper, { points: PRIZE_POINTS, tier: copper - 1 })).toBeNull();
    expect(prizeBar(0, copper, { points: 0, tier: copper + 1 })).toBe('points');
    expect(prizeQualifies(PRIZE_POINTS, copper, { points: PRIZE_POINTS, tier: copper })).toBe(true);
  });

  it('pays the first three places among those who qualify, ties sharing the better place', () => {
    expect(prizePlaces([90, 80, 70, 70, 60, 50], [false, true, true, true, true, false])).toEqual([null, 1, 2, 2, 4, null]);
  });
});

describe('full tables (docs/design.md section 9.5)', () => {
  const league = (id: number, tier: number, players: number) => ({ id, tier, players });

  it("ranks a tier's newest league under 10 with the one before it, and a tier under 10 with the tier below", () => {
    expect(leagueTables([league(1, 0, 30), league(2, 0, 30), league(3, 0, 9)])).toEqual([
      { tier: 0, leagues: [1], players: 30 },
      { tier: 0, leagues: [2, 3], players: 39 },
    ]);
    expect(leagueTables([league(1, 0, 30), league(2, 0, 10)]).map((table) => table.players)).toEqual([30, 10]);
    // Diamond (3) and gold (4) are 7 together, so both go on to silver's newest table.
    const sorted = (tables: LeagueTable[]) => tables.map((table) => ({ ...table, leagues: [...table.leagues].sort() }));
    expect(sorted(leagueTables([league(1, 5, 3), league(2, 4, 4), league(3, 3, 30), league(4, 3, 2), league(5, 0, 12)]))).toEqual([
      { tier: 3, leagues: [1, 2, 3, 4], players: 39 },
      { tier: 0, leagues: [5], players: 12 },
    ]);
    // The lowest tier under 10 goes up to the nearest tier's newest table; alone, it keeps what it has.
    expect(sorted(leagueTables([league(1, 2, 30), league(2, 2, 12), league(3, 0, 4)]))).toEqual([
      { tier: 2, leagues: [1], players: 30 },
      { tier: 2, leagues: [2, 3], players: 16 },
    ]);
    expect(sorted(leagueTables([league(1, 2, 2), league(2, 1, 3)]))).toEqual([{ tier: 1, leagues: [1, 2], players: 5 }]);
    expect(leagueTables([])).toEqual([]);
  });

  it('places every league in one table, and with 10 or more players in all leaves nobody in a table under 10', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 70 }), { minLength: 6, maxLength: 6 }), (scorers) => {
        // Each tier's scorers fill leagues of 30 one at a time, as the join does.
        let id = 0;
        const leagues = scorers.flatMap((count, tier) =>
          Array.from({ length: Math.ceil(count / LEAGUE_SIZE) }, (_, n) => league((id += 1), tier, Math.min(LEAGUE_SIZE, count - n * LEAGUE_SIZE))),
        );
        const tables = leagueTables(leagues);
        expect(tables.flatMap((table) => table.leagues).sort((a, b) => a - b)).toEqual(leagues.map((entry) => entry.id));
        const total = scorers.reduce((sum, count) => sum + count, 0);
        if (total >= MIN_TABLE) expect(Math.min(...tables.map((table) => table.players))).toBeGreaterThanOrEqual(MIN_TABLE);
        for (const table of tables) expect(table.players).toBe(table.leagues.reduce((sum, leagueId) => sum + leagues.find((entry) => entry.id === leagueId)!.players, 0));
      }),
    );
  });
});
