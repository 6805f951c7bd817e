import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { levelFor, newsworthyLevels, xpForLevel } from '../../game/rules/level';

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
