// Closed-loop HTTP load: `concurrency` requests in flight, each worker sending its next request as soon as
// the last one is answered, for a fixed time or until the request budget is spent.
import { agent, request } from '../lib/http.mjs';
import { summarize } from '../lib/stats.mjs';

/**
 * @param {string} base
 * @param {{ concurrency: number, durationMs: number, warmup?: number, budget?: number,
 *   next: (i: number) => { method?: string, path: string, headers?: Record<string, string>, body?: unknown } }} options
 *   `next(i)` describes request i. `budget` caps all requests, warm-up included (players' energy is finite).
 */
export async function load(base, { concurrency, durationMs, warmup = 0, budget = Infinity, next }) {
  const via = agent(concurrency);
  let issued = 0;
  const take = (limit) => (issued < Math.min(limit, budget) ? next(issued++) : null);
  const workers = (body) => Promise.all(Array.from({ length: concurrency }, body));
  try {
    // Unmeasured requests first: open the keep-alive connections, warm the isolate and its caches.
    await workers(async () => {
      for (let spec = take(warmup); spec; spec = take(warmup)) await request(base, { ...spec, agent: via });
    });
    const latencies = [];
    const statuses = {};
    const start = performance.now();
    const deadline = start + durationMs;
    await workers(async () => {
      while (performance.now() < deadline) {
        const spec = take(Infinity);
        if (!spec) break;
        const sent = performance.now();
        const res = await request(base, { ...spec, agent: via });
        latencies.push(performance.now() - sent);
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    });
    const elapsedMs = performance.now() - start;
    return {
      concurrency,
      requests: latencies.length,
      elapsedMs,
      rps: latencies.length / (elapsedMs / 1000),
      statuses,
      budgetSpent: issued >= budget,
      latency: summarize(latencies),
      latencies,
    };
  } finally {
    via.destroy();
  }
}
