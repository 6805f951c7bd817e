import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levelBrings, levelFor, newsworthyLevels, nextLevel, xpForLevel } from '../../game/rules/level';

describe('levels', () => {
  it('are 1 + floor(sqrt(xp / 25))', () => {
    expect([0, 24, 25, 99, 100, 224, 225, 2500].map(levelFor)).toEqual([1, 1, 2, 2, 3, 3, 4, 11]);
  });

  it('start at the XP xpForLevel names, and never go down as XP grows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 10_000_000 }), (level, xp) => {
        expect(levelFor(xpForLevel(level))).toBe(level);
        expect(levelFor(xpForLevel(level) - 1)).toBe(Math.max(1, level - 1));
        expect(levelFor(xp + 1)).toBeGreaterThanOrEqual(levelFor(xp));
      }),
    );
  });

  it('make the news every tenth level', () => {
    expect(newsworthyLevels(xpForLevel(9), xpForLevel(10))).toEqual([10]);
    expect(newsworthyLevels(xpForLevel(10), xpForLevel(11))).toEqual([]);
    expect(newsworthyLevels(0, xpForLevel(21))).toEqual([10, 20]);
  });
});

describe('what the next level brings', () => {
  it('names the level, the XP it starts at, the gold it protects and whether it makes the news', () => {
    expect(levelBrings(2)).toEqual({ level: 2, xpFrom: 25, protectedGold: 70, newsworthy: false, opens: [] });
    expect(levelBrings(3)).toMatchObject({ opens: ['Rail Yard'] });
    expect(levelBrings(10)).toEqual({ level: 10, xpFrom: 2025, protectedGold: 150, newsworthy: true, opens: ['Bunker Row'] });
  });

  it('is the level after the current one, with the XP still to go', () => {
    expect(nextLevel(0)).toEqual({ level: 2, xpFrom: 25, protectedGold: 70, newsworthy: false, opens: [], xpToGo: 25 });
    expect(nextLevel(30)).toEqual({ level: 3, xpFrom: 100, protectedGold: 80, newsworthy: false, opens: ['Rail Yard'], xpToGo: 70 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (xp) => {
        const next = nextLevel(xp);
        expect(next.level).toBe(levelFor(xp) + 1);
        expect(levelFor(xp + next.xpToGo)).toBe(next.level);
        expect(levelFor(xp + next.xpToGo - 1)).toBe(next.level - 1);
      }),
    );
  });
});
