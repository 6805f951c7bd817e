// The API scenario: POST /api/scavenge from many players at a fixed concurrency and at saturation, each next
// to GET /api/health at the same concurrency on the same server. The four phases repeat in rounds, so a
// change in the shared machine's load hits the intent and its baseline alike.
import { MAX_ENERGY } from '../../game/constants.ts';
import { request } from '../lib/http.mjs';
import { refillEnergy } from '../lib/players.mjs';
import { cpuDelta, cpuOf } from '../lib/proc.mjs';
import { median, summarize } from '../lib/stats.mjs';
import { load } from './load.mjs';

/**
 * Round-robin over the players: with fewer requests in flight than players, no two concurrent intents are
 * the same player's, so none of them loses the write-token race and retries. Energy is refilled (a
 * development fixture, outside the measured time) before each scavenge phase, and a phase never asks more
 * of a player than MAX_ENERGY scavenges, so every intent is a real one, never a refusal.
 */
// Body-less intents take an empty JSON object, as the app sends it (anything else is a 415).
const scavenges = (players) => (i) => ({ method: 'POST', path: '/api/scavenge', body: {}, headers: { cookie: players[i % players.length].cookie } });
const health = () => ({ path: '/api/health' });

/** Rounds of one phase, merged: median req/s, percentiles over every request, CPU per request. */
function merge(runs) {
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const statuses = {};
  for (const r of runs) for (const [status, n] of Object.entries(r.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const byRole = {};
  for (const r of runs) for (const [role, ms] of Object.entries(r.serverCpu.byRole)) byRole[role] = (byRole[role] ?? 0) + ms;
  return {
    concurrency: runs[0].concurrency,
    rps: median(runs.map((r) => r.rps)),
    rounds: runs.map((r) => Math.round(r.rps)),
    requests,
    statuses,
    latency: summarize(runs.flatMap((r) => r.latencies)),
    serverCpuMsPerRequest: runs.reduce((sum, r) => sum + r.serverCpu.totalMs, 0) / requests,
    serverCpuMsPerRequestByRole: Object.fromEntries(Object.entries(byRole).map(([role, ms]) => [role, ms / requests])),
  };
}

/**
 * Runs the phases in order, `rounds` times over, and merges each phase's rounds.
 * @param {{ key: string, concurrency: number, next: (i: number) => object, scavenges?: boolean }[]} phases
 */
async function interleaved({ base, handle, players, durationMs, rounds, log }, phases) {
  const budget = players.length * MAX_ENERGY;
  const runs = Object.fromEntries(phases.map((p) => [p.key, []]));
  for (let round = 0; round < rounds; round += 1) {
    for (const phase of phases) {
      if (phase.scavenges) await refillEnergy(base, players, MAX_ENERGY);
      const before = cpuOf(handle);
      const result = await load(base, { concurrency: phase.concurrency, durationMs, warmup: 2 * phase.concurrency, next: phase.next, budget: phase.scavenges ? budget : Infinity });
      result.serverCpu = cpuDelta(before, cpuOf(handle));
      runs[phase.key].push(result);
      const bad = Object.keys(result.statuses).filter((status) => Number(status) >= 400);
      log(`${phase.key} c=${phase.concurrency}: ${Math.round(result.rps)} req/s, p50 ${result.latency.p50.toFixed(1)} ms, p99 ${result.latency.p99.toFixed(1)} ms${bad.length ? ` ERRORS ${JSON.stringify(result.statuses)}` : ''}`);
    }
  }
  return Object.fromEntries(Object.entries(runs).map(([key, list]) => [key, merge(list)]));
}

/** Scavenge and health, at a fixed concurrency and at saturation. */
export async function apiBenchmark({ concurrency, saturation, ...options }) {
  if (saturation >= options.players.length) throw new Error('saturation concurrency must stay below the number of players');
  const r = await interleaved(options, [
    { key: 'scavenge', concurrency, next: scavenges(options.players), scavenges: true },
    { key: 'health', concurrency, next: health },
    { key: 'scavengeSaturated', concurrency: saturation, next: scavenges(options.players), scavenges: true },
    { key: 'healthSaturated', concurrency: saturation, next: health },
  ]);
  return { fixed: { scavenge: r.scavenge, health: r.health }, saturated: { scavenge: r.scavengeSaturated, health: r.healthSaturated } };
}

/**
 * D1 round trips of one scavenge and of one profile read, from the `X-Bench-D1` header of the counting entry
 * (bench/worker/entry.js). Sequential requests, so the D1 share of the time is not queueing. A player has
 * MAX_ENERGY scavenges: `samples` must stay below it.
 */
export async function countD1(base, player, { samples = 10 } = {}) {
  const requests = { scavenge: { method: 'POST', path: '/api/scavenge', body: {} }, profile: { path: `/api/users/${player.uid}` } };
  const figures = {};
  for (const [key, spec] of Object.entries(requests)) {
    const counts = [];
    for (let i = 0; i < samples; i += 1) {
      const res = await request(base, { ...spec, headers: { cookie: player.cookie } });
      const header = res.headers['x-bench-d1'];
      if (res.status !== 200 || typeof header !== 'string') throw new Error(`D1 count of ${spec.path}: ${res.status} ${res.body}`);
      counts.push(JSON.parse(header));
    }
    const pick = (name) => median(counts.map((count) => count[name]));
    figures[key] = { roundTrips: pick('calls'), batches: pick('batches'), statements: pick('statements'), d1Ms: pick('ms'), handlerMs: pick('totalMs'), samples };
  }
  return figures;
}
