/** Goodness-of-fit helpers for the roll tables. Not a test file: shared by the *.test.ts files next to it. */

/**
 * Upper critical values of the chi-square distribution at p = 0.001, by degrees of freedom (bins − 1).
 * From scipy.stats.chi2.isf(0.001, df). A correct generator fails a given seeded test with probability 0.1 %,
 * and since seeds are fixed, a passing test keeps passing.
 */
export const CHI2_CRITICAL_P001: Readonly<Record<number, number>> = {
  1: 10.828,
  2: 13.816,
  3: 16.266,
  4: 18.467,
  5: 20.515,
  6: 22.458,
  7: 24.322,
  8: 26.124,
  9: 27.877,
  19: 43.82,
};

/** Counts how often each value comes out of `draw` in `n` draws. */
export function tally<T>(n: number, draw: () => T): Map<T, number> {
  const counts = new Map<T, number>();
  for (let i = 0; i < n; i += 1) {
    const value = draw();
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/**
 * Pearson's statistic for observed counts against expected probabilities (one cell per bin). Refuses bins
 * whose expected count is below 5, where the chi-square approximation is not valid.
 */
export function chiSquare(cells: readonly (readonly [observed: number, probability: number])[]): number {
  const total = cells.reduce((sum, [observed]) => sum + observed, 0);
  const probabilitySum = cells.reduce((sum, [, probability]) => sum + probability, 0);
  if (Math.abs(probabilitySum - 1) > 1e-9) throw new Error(`Probabilities sum to ${probabilitySum}, not 1`);
  return cells.reduce((sum, [observed, probability]) => {
    const expected = total * probability;
    if (expected < 5) throw new Error(`Expected count ${expected} < 5: merge bins or roll more`);
    return sum + (observed - expected) ** 2 / expected;
  }, 0);
}

/** True when the counts are consistent with the probabilities at p = 0.001. */
export function fits(cells: readonly (readonly [observed: number, probability: number])[]): boolean {
  const critical = CHI2_CRITICAL_P001[cells.length - 1];
  if (critical === undefined) throw new Error(`No critical value for ${cells.length - 1} degrees of freedom`);
  return chiSquare(cells) < critical;
}
