// Small statistics helpers shared by every scenario.

/** Nearest-rank percentile of an ascending-sorted array (p in 0..100). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Latency summary in milliseconds. Takes a plain array or a typed array of samples. */
export function summarize(samples) {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (const value of sorted) sum += value;
  return {
    count: sorted.length,
    mean: sorted.length ? sum / sorted.length : NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length ? sorted[sorted.length - 1] : NaN,
  };
}

/** Rounds for the report: figures carry no more precision than the noise allows. */
export function round(value, digits = 1) {
  if (!Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** A ratio that stays null (not Infinity or NaN) when either side is missing. */
export function ratio(ours, theirs) {
  return Number.isFinite(ours) && Number.isFinite(theirs) && theirs > 0 ? round(ours / theirs, 2) : null;
}

/** Median of a few repeated figures: a single noisy repetition cannot move it. */
export function median(values) {
  const finite = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return NaN;
  const middle = Math.floor(finite.length / 2);
  return finite.length % 2 ? finite[middle] : (finite[middle - 1] + finite[middle]) / 2;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
