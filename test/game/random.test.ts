import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cryptoRandom, randomInt, type RandomSource, seededRandom, weightedPick } from '../../game/rules';
import { chiSquare, fits, tally } from './chi-square';

const TWO_POW_30 = 2 ** 30;

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

/** Which third of [0, 3 × 2^30) a value falls in: the bins where modulo bias would show. */
function thirdOf(value: number): number {
  return Math.floor(value / TWO_POW_30);
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

  it('yields unsigned 32-bit integers', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const source = seededRandom(seed);
        for (let i = 0; i < 50; i += 1) {
          const value = source.nextUint32();
          expect(Number.isInteger(value) && value >= 0 && value < 2 ** 32).toBe(true);
        }
      }),
    );
  });

  it('covers high and low bits evenly', () => {
    const source = seededRandom(7);
    const draws = 40_000;
    let high = 0;
    let low = 0;
    for (let i = 0; i < draws; i += 1) {
      const value = source.nextUint32();
      high += value >>> 31;
      low += value & 1;
    }
    expect(fits([[high, 0.5], [draws - high, 0.5]].length === 2 ? [[high, 0.5], [draws - high, 0.5], [0, 0]].slice(0, 2) as [number, number][] : [])).toBeDefined();
    expect(Math.abs(high - draws / 2)).toBeLessThan(4 * Math.sqrt(draws / 4));
    expect(Math.abs(low - draws / 2)).toBeLessThan(4 * Math.sqrt(draws / 4));
  });
});
