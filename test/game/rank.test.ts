import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareBoard, compareRank, type RankStats, rankOf, sameRank, totalPower } from '../../game/rules';

function player(trophyCaseScore: number, totalAttack: number, totalDefense: number): RankStats {
  return { trophyCaseScore, totalAttack, totalDefense };
}

const stats = fc.record({
  trophyCaseScore: fc.nat({ max: 20 }),
  totalAttack: fc.nat({ max: 10 }),
  totalDefense: fc.nat({ max: 10 }),
});

describe('leaderboard rank', () => {
  it('counts total power as attack plus defense', () => {
    expect(totalPower(player(0, 12, 30))).toBe(42);
  });

  it('puts the higher trophy case score first', () => {
    expect(compareRank(player(10, 0, 0), player(9, 100, 100))).toBeLessThan(0);
  });

  it('breaks equal scores by higher total power', () => {
    expect(compareRank(player(10, 5, 6), player(10, 6, 4))).toBeLessThan(0);
    expect(compareRank(player(10, 6, 4), player(10, 5, 6))).toBeGreaterThan(0);
  });

  it('ranks 1 + the number of players strictly ahead, ties sharing a rank', () => {
    const alice = player(50, 10, 10);
    const bob = player(40, 30, 0);
    const carol = player(40, 20, 10);
    const dave = player(10, 0, 0);
    const everyone = [dave, carol, alice, bob];
    expect([alice, bob, carol, dave].map((p) => rankOf(p, everyone))).toEqual([1, 2, 2, 4]);
  });

  it('ranks first in an empty or one-player board', () => {
    const solo = player(0, 0, 0);
    expect(rankOf(solo, [])).toBe(1);
    expect(rankOf(solo, [solo])).toBe(1);
  });

  it('agrees with the position in the sorted leaderboard', () => {
    fc.assert(
      fc.property(fc.array(stats, { minLength: 1, maxLength: 30 }), (players) => {
        const sorted = [...players].sort(compareRank);
        sorted.forEach((p, index) => {
          const firstEqual = sorted.findIndex((other) => compareRank(other, p) === 0);
          expect(rankOf(p, players)).toBe(firstEqual + 1);
          expect(rankOf(p, players)).toBeLessThanOrEqual(index + 1);
        });
      }),
    );
  });
});

describe('leaderboard listing order', () => {
  const row = (username: string, trophyCaseScore: number, totalPower: number) => ({ username, trophyCaseScore, totalPower });

  it('lists by score, then power, then name ignoring case', () => {
    const rows = [row('bob', 5, 1), row('Carl', 5, 9), row('amy', 5, 1), row('Zed', 9, 0), row('Abe', 5, 1)];
    expect([...rows].sort(compareBoard).map((r) => r.username)).toEqual(['Zed', 'Carl', 'Abe', 'amy', 'bob']);
  });

  it('shares a rank exactly when the rank rule compares equal', () => {
    fc.assert(
      fc.property(stats, stats, (a, b) => {
        const entry = (s: RankStats, username: string) => ({ username, trophyCaseScore: s.trophyCaseScore, totalPower: totalPower(s) });
        expect(sameRank(entry(a, 'a'), entry(b, 'b'))).toBe(compareRank(a, b) === 0);
        expect(Math.sign(compareBoard(entry(a, 'a'), entry(b, 'b')))).toBe(compareRank(a, b) === 0 ? -1 : Math.sign(compareRank(a, b)));
      }),
    );
  });
});
