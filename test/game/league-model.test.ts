/**
 * The targets of docs/design.md sections 9.3 to 9.5, each asserted on scripts/league-model.ts at a fixed seed
 * (docs/decisions/028-full-leagues.md has the tables and the margins' reasons): casual players win league
 * prizes, nobody is ranked in a table under 10 at 200 or 1,000 players, casual players spend their gold on sinks,
 * a ring's main scores little more than one account spending its own gold the same way, and a sandbagger's
 * prizes against a casual player's. CPU-bound: about 15 s of one core, so the `rules` project's timeout is sized
 * for a loaded 2-core machine (vitest.config.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MIN_TABLE } from '../../game/rules/league';
import { CASUAL, population, ringRatios, sinkShare, type LeagueRun } from '../../scripts/league-model';

const SEED = 54_000_000;
let small: LeagueRun;
let large: LeagueRun;

beforeAll(() => {
  small = population({ persons: 200, seed: SEED, sandbaggers: 5, rings: 2 });
  large = population({ persons: 1000, seed: SEED, sandbaggers: 5, rings: 2 });
});

const casualOf = (run: LeagueRun) => run.entries.filter((entry) => entry.habit === CASUAL && entry.kind === 'lone');
const cashOf = (run: LeagueRun, kind: 'lone' | 'sandbagger') => {
  const list = kind === 'lone' ? casualOf(run) : run.entries.filter((entry) => entry.kind === kind);
  return list.reduce((sum, entry) => sum + (run.cash.get(entry.account) ?? 0), 0) / list.length;
};

describe('the league model at a fixed seed (ADR 028)', () => {
  it('with 10 or more scorers in a tier nobody is in a table under 10, at 200 players and at 1,000', () => {
    for (const run of [small, large]) {
      expect(run.inSmallTables).toBe(0);
      expect(run.smallestTable).toBeGreaterThanOrEqual(MIN_TABLE);
    }
  });

  it('at least 25 % of casual players win a league prize in 8 weeks (measured 70 %: asserted with a margin of 15 points)', () => {
    for (const run of [small, large]) {
      const casual = casualOf(run);
      expect(casual.filter((entry) => run.prizes.has(entry.account)).length / casual.length).toBeGreaterThanOrEqual(0.25 + 0.15);
    }
  });

  it('casual players spend at least 30 % of their gold on sinks (measured 42 %: a margin of 8 points)', () => {
    expect(sinkShare(casualOf(large).map((entry) => entry.account))).toBeGreaterThanOrEqual(0.3 + 0.08);
  });

  it("a ring's main scores at most 1.3× one account spending its own gold the same way, in every habit (measured at most 1.14×)", () => {
    for (const { habit, ratio } of ringRatios(4, SEED + 100_000)) expect(ratio, habit.name).toBeLessThanOrEqual(1.3 - 0.1);
  });

  // Before the prize rule (game/rules/league.ts `prizeQualifies`) a sandbagger won 1.78× (200) and 1.93× (1,000).
  it("a sandbagger wins at most 1.1× a casual player's league cash, at 200 players and at 1,000 (measured 0×; asserted at most 0.5×)", () => {
    for (const run of [small, large]) expect(cashOf(run, 'sandbagger') / cashOf(run, 'lone')).toBeLessThanOrEqual(1.1 - 0.6);
  });
});
