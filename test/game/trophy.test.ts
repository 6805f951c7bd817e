import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageQuality, DROPPABLE, type TrophyEntry, trophyScore } from '../../game/rules';

const entry = fc.record({ rarity: fc.constantFrom(...DROPPABLE), quality: fc.integer({ min: 1, max: 10 }) });

describe('trophyScore', () => {
  it('is 0 for an empty trophy case', () => {
    expect(trophyScore([])).toBe(0);
  });

  it('sums tier points times quality', () => {
    const entries: TrophyEntry[] = [
      { rarity: 'verycommon', quality: 1 }, // 1 × 1
      { rarity: 'common', quality: 3 }, // 2 × 3
      { rarity: 'rare', quality: 10 }, // 8 × 10
    ];
    expect(trophyScore(entries)).toBe(87);
  });

  it('values an heirloom of quality 10 at 2,560', () => {
    expect(trophyScore([{ rarity: 'heirloom', quality: 10 }])).toBe(2560);
  });

  it('adds up over any split of the case', () => {
    fc.assert(
      fc.property(fc.array(entry), fc.array(entry), (a, b) => {
        expect(trophyScore([...a, ...b])).toBe(trophyScore(a) + trophyScore(b));
      }),
    );
  });
});

describe('averageQuality', () => {
  it('is 0 for an empty trophy case', () => {
    expect(averageQuality([])).toBe(0);
  });

  it('is the mean quality', () => {
    expect(averageQuality([{ quality: 1 }, { quality: 3 }, { quality: 10 }])).toBeCloseTo(14 / 3, 12);
    expect(averageQuality([{ quality: 7 }])).toBe(7);
  });

  it('lies between the lowest and highest quality', () => {
    fc.assert(
      fc.property(fc.array(entry, { minLength: 1 }), (entries) => {
        const qualities = entries.map((e) => e.quality);
        expect(averageQuality(entries)).toBeGreaterThanOrEqual(Math.min(...qualities));
        expect(averageQuality(entries)).toBeLessThanOrEqual(Math.max(...qualities));
      }),
    );
  });
});
