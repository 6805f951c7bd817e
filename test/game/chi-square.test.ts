import { describe, expect, it } from 'vitest';
import { chiSquare, fits, tally } from './chi-square';

describe('the chi-square helper used by the roll tests', () => {
  it('computes Pearson\'s statistic', () => {
    // (60 − 50)² / 50 + (40 − 50)² / 50 = 4
    expect(chiSquare([[60, 0.5], [40, 0.5]])).toBe(4);
  });

  it('accepts counts that match and rejects counts that do not', () => {
    expect(fits([[1010, 0.25], [990, 0.25], [2000, 0.5]])).toBe(true);
    expect(fits([[1300, 0.25], [700, 0.25], [2000, 0.5]])).toBe(false);
  });

  it('refuses bins whose expected count is below 5', () => {
    expect(() => chiSquare([[100, 0.99], [0, 0.01]])).toThrow(/below 5|< 5/);
  });

  it('refuses probabilities that do not add up to 1', () => {
    expect(() => chiSquare([[50, 0.5], [50, 0.4]])).toThrow(/not 1/);
  });

  it('has no critical value for an untabulated number of bins', () => {
    expect(() => fits(Array.from({ length: 11 }, () => [10, 1 / 11] as const))).toThrow(/degrees of freedom/);
  });

  it('tallies draws', () => {
    const values = ['a', 'b', 'a'];
    let i = 0;
    expect(tally(3, () => values[i++])).toEqual(new Map([['a', 2], ['b', 1]]));
  });
});
