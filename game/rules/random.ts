/**
 * Randomness behind every roll: a source of 32-bit draws and the unbiased ways to use it. Production rolls
 * draw from the player's verifiable seeds (./fair.ts); tests and simulations use a seeded generator so
 * statistical checks are reproducible.
 */

/** A source of independent, uniformly distributed 32-bit unsigned integers. */
export interface RandomSource {
  nextUint32(): number;
}

/** splitmix32 step: spreads any seed (even 0 or small integers) over the whole state space. */
function splitmix32(state: number): number {
  let z = state;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * Deterministic sfc32 generator for tests and simulations (not for production rolls). Uses the low 32 bits of
 * the integer part of `seed`.
 */
export function seededRandom(seed: number): RandomSource {
  const base = Math.trunc(seed) >>> 0;
  let a = splitmix32(base + 0x9e3779b9);
  let b = splitmix32(base + 2 * 0x9e3779b9);
  let c = splitmix32(base + 3 * 0x9e3779b9);
  let d = 1; // sfc32's counter; starting it at 1 keeps the state away from all zeros.
  const source: RandomSource = {
    nextUint32() {
      const t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (c << 21) | (c >>> 11);
      c = (c + t) | 0;
      return t >>> 0;
    },
  };
  // Warm-up recommended for sfc32 so that nearby seeds give unrelated streams.
  for (let i = 0; i < 12; i += 1) source.nextUint32();
  return source;
}

const UINT32_RANGE = 2 ** 32;

/** Uniform integer in [0, n), for integer n in 1..2^32. */
export function randomInt(src: RandomSource, n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > UINT32_RANGE) {
    throw new RangeError(`randomInt needs an integer n in 1..2^32, got ${n}`);
  }
  // A plain `x % n` favours small results when n does not divide 2^32. Drawing again whenever x falls in the
  // incomplete last block removes that bias; at most half of the draws are rejected, usually almost none.
  const limit = UINT32_RANGE - (UINT32_RANGE % n);
  for (;;) {
    const x = src.nextUint32();
    if (x < limit) return x % n;
  }
}

/** Rows of (value, non-negative integer weight). */
export type WeightedTable<T> = readonly (readonly [value: T, weight: number])[];

/** Picks a value with probability weight / total weight, exactly (integer weights, unbiased randomInt). */
export function weightedPick<T>(src: RandomSource, table: WeightedTable<T>): T {
  let total = 0;
  for (const [, weight] of table) {
    if (!Number.isInteger(weight) || weight < 0) throw new RangeError(`Invalid weight: ${weight}`);
    total += weight;
  }
  let ticket = randomInt(src, total);
  for (const [value, weight] of table) {
    if (ticket < weight) return value;
    ticket -= weight;
  }
  throw new Error('unreachable: ticket < total weight');
}
