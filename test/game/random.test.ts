import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomInt, type RandomSource, seededRandom, weightedPick } from '../../game/rules';
import { fits, tally } from './chi-square';

const TWO_POW_30 = 2 ** 30;
const TWO_POW_32 = 2 ** 32;

/** A source that replays fixed values, to steer randomInt into its rejection branch. */
function scripted(values: readonly number[]): RandomSource & { used: number } {
  const source = {
    used: 0,
    nextUint32() {
      const value = values[source.used];
      if (value === undefined) throw new Error('script exhausted');
      source.used += 1;
      return value;
    },
  };
  return source;
}

/** What randomInt must not do: plain modulo, biased whenever n does not divide 2^32. */
function moduloInt(src: RandomSource, n: number): number {
  return src.nextUint32() % n;
}

/**
 * Uniformity check for a range of 3 × 2^30: 2^32 mod n = 2^30, so plain modulo would make the lowest third twice
 * as likely as each other third. Counts which third each draw falls in.
 */
function fitsThirds(draw: () => number, draws: number): boolean {
  const counts = tally(draws, () => Math.floor(draw() / TWO_POW_30));
  return fits([0, 1, 2].map((third) => [counts.get(third) ?? 0, 1 / 3] as const));
}

describe('seededRandom', () => {
  it('replays the same stream for the same seed', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 100 }, () => a.nextUint32());
    expect(Array.from({ length: 100 }, () => b.nextUint32())).toEqual(first);
  });

  it('gives different streams for neighbouring seeds, including 0', () => {
    const streams = [0, 1, 2].map((seed) => {
      const source = seededRandom(seed);
      return Array.from({ length: 4 }, () => source.nextUint32()).join(',');
    });
    expect(new Set(streams).size).toBe(3);
  });

  it('yields unsigned 32-bit integers for any seed', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const source = seededRandom(seed);
        for (let i = 0; i < 50; i += 1) {
          const value = source.nextUint32();
          expect(Number.isInteger(value) && value >= 0 && value < TWO_POW_32).toBe(true);
        }
      }),
    );
  });

  it('sets its highest and lowest bits half of the time', () => {
    const source = seededRandom(7);
    const draws = 40_000;
    let high = 0;
    let low = 0;
    for (let i = 0; i < draws; i += 1) {
      const value = source.nextUint32();
      high += value >>> 31;
      low += value & 1;
    }
    // Within 4 standard deviations of draws / 2 (two-sided p ≈ 6e-5).
    const bound = 4 * Math.sqrt(draws / 4);
    expect(Math.abs(high - draws / 2)).toBeLessThan(bound);
    expect(Math.abs(low - draws / 2)).toBeLessThan(bound);
  });
});

describe('randomInt', () => {
  it('stays in [0, n) for every n from 1 to 2^32', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 32n }).map(Number), fc.integer(), (n, seed) => {
        const source = seededRandom(seed);
        for (let i = 0; i < 20; i += 1) {
          const value = randomInt(source, n);
          expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
        }
      }),
    );
  });

  it('rejects an n that is not an integer from 1 to 2^32', () => {
    for (const n of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, TWO_POW_32 + 1]) {
      expect(() => randomInt(seededRandom(1), n)).toThrow(RangeError);
    }
  });

  it('draws again when a value falls in the incomplete last block', () => {
    const source = scripted([TWO_POW_32 - 1, 3 * TWO_POW_30, 5]);
    expect(randomInt(source, 3 * TWO_POW_30)).toBe(5);
    expect(source.used).toBe(3);
  });

  it('accepts the last value of the complete blocks', () => {
    const source = scripted([3 * TWO_POW_30 - 1]);
    expect(randomInt(source, 3 * TWO_POW_30)).toBe(3 * TWO_POW_30 - 1);
    expect(source.used).toBe(1);
  });

  it('is uniform where plain modulo would be biased', () => {
    const source = seededRandom(2024);
    expect(fitsThirds(() => randomInt(source, 3 * TWO_POW_30), 30_000)).toBe(true);
  });

  it('passes a test that rejects plain modulo (sanity check of the test itself)', () => {
    const source = seededRandom(2024);
    expect(fitsThirds(() => moduloInt(source, 3 * TWO_POW_30), 30_000)).toBe(false);
  });

  it('rolls a fair die', () => {
    const source = seededRandom(6);
    const counts = tally(60_000, () => randomInt(source, 6));
    expect(fits([0, 1, 2, 3, 4, 5].map((face) => [counts.get(face) ?? 0, 1 / 6] as const))).toBe(true);
  });
});

describe('weightedPick', () => {
  const table = [
    ['a', 1],
    ['b', 2],
    ['c', 3],
    ['d', 4],
  ] as const;

  it('picks each value in proportion to its weight', () => {
    const source = seededRandom(99);
    const counts = tally(50_000, () => weightedPick(source, table));
    expect(fits(table.map(([value, weight]) => [counts.get(value) ?? 0, weight / 10] as const))).toBe(true);
  });

  it('never picks a value of weight 0', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 8 }), fc.integer(), (weights, seed) => {
        fc.pre(weights.some((weight) => weight > 0));
        const source = seededRandom(seed);
        const rows = weights.map((weight, index) => [index, weight] as const);
        for (let i = 0; i < 20; i += 1) expect(weights[weightedPick(source, rows)]).toBeGreaterThan(0);
      }),
    );
  });

  it('rejects negative, fractional and all-zero weights', () => {
    const source = seededRandom(1);
    expect(() => weightedPick(source, [['a', -1], ['b', 2]])).toThrow(RangeError);
    expect(() => weightedPick(source, [['a', 0.5], ['b', 2]])).toThrow(RangeError);
    expect(() => weightedPick(source, [['a', 0], ['b', 0]])).toThrow(RangeError);
    expect(() => weightedPick(source, [])).toThrow(RangeError);
  });
});
