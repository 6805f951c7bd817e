// The chat scenario, identical for every server. All servers get their clients first; then saturation
// bursts go to each server in turn, round after round, so that a change in the shared machine's load
// affects every server alike; then each gets its steady run.
import { burst, closeClients, joinCost, openClients, steady } from './harness.mjs';
import { cpuDelta, cpuOf } from '../lib/proc.mjs';
import { median, sleep } from '../lib/stats.mjs';

/**
 * @typedef {{ key: string, name: string, protocol: 'scavenger' | 'ws' | 'socketio', base: string, handle: object,
 *   identities: { username: string, cookie?: string }[], spare: { username: string, cookie?: string }, deflate: boolean,
 *   rateLimitWindowMs: number, rounds?: number }} ChatTarget
 */

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Runs `body` and adds the server's and this process's CPU time to its result. */
async function metered(handle, body) {
  const server = cpuOf(handle);
  const client = cpuMs();
  const result = await body();
  return { ...result, serverCpu: cpuDelta(server, cpuOf(handle)), clientCpuMs: cpuMs() - client };
}

/** Microseconds of CPU per delivery, by process role, over several measurements. */
function perDelivery(results) {
  const delivered = results.reduce((sum, r) => sum + r.delivered, 0);
  const byRole = {};
  for (const r of results) for (const [role, ms] of Object.entries(r.serverCpu.byRole)) byRole[role] = (byRole[role] ?? 0) + ms;
  const us = (ms) => (delivered ? (ms * 1000) / delivered : NaN);
  return {
    serverUs: us(results.reduce((sum, r) => sum + r.serverCpu.totalMs, 0)),
    clientUs: us(results.reduce((sum, r) => sum + r.clientCpuMs, 0)),
    serverUsByRole: Object.fromEntries(Object.entries(byRole).map(([role, ms]) => [role, us(ms)])),
  };
}

/**
 * @param {ChatTarget[]} targets
 * @param {{ clients: number, senders: number, rate: number, burstPerSender: number, warmupMs: number, measureMs: number, rounds: number }} config
 */
export async function chatBenchmark(targets, config, log) {
  const entries = [];
  try {
    for (const target of targets) {
      const { result: room, ...connect } = await metered(target.handle, async () => ({
        result: await openClients({ protocol: target.protocol, base: target.base, count: config.clients, probes: config.senders, identities: target.identities, deflate: target.deflate }),
      }));
      const joined = { ...room.connect, serverCpuMs: connect.serverCpu.totalMs };
      log(`${target.name}: ${config.clients} sockets open in ${(joined.settledMs / 1000).toFixed(1)} s (${joined.frames} frames, ${(joined.bytes / 2 ** 20).toFixed(1)} MiB while joining)`);
      // One more player, once the room is full: what an arrival and a departure cost at this size.
      joined.one = await joinCost(room, target.spare);
      const { join, leave } = joined.one;
      log(`${target.name}: one more player: ${join.toOthers.frames} frames, ${join.toOthers.bytes} bytes to the others (${join.toNewcomer.bytes} bytes to the newcomer); leaving: ${leave.toOthers.frames} frames, ${leave.toOthers.bytes} bytes`);
      // The probes send: they belong to distinct players, and the product's per-player rate limit allows each
      // of them 5 messages per 10 s.
      entries.push({ target, room, connect: joined, senders: room.probes, bursts: [], lastBurstAt: -Infinity });
    }

    const waitForRateLimit = async (entry) => {
      const wait = entry.lastBurstAt + entry.target.rateLimitWindowMs + 500 - performance.now();
      if (entry.target.rateLimitWindowMs > 0 && wait > 0) await sleep(wait);
    };

    for (let round = 0; round < config.rounds; round += 1) {
      for (const entry of entries) {
        if (round >= (entry.target.rounds ?? config.rounds)) continue;
        await waitForRateLimit(entry);
        entry.lastBurstAt = performance.now();
        const result = await metered(entry.target.handle, () => burst(entry.room, entry.senders, { perSender: config.burstPerSender }));
        entry.bursts.push(result);
        log(`${entry.target.name}: saturation round ${round + 1}: ${Math.round(result.deliveriesPerS)} deliveries/s, ${((result.serverCpu.totalMs * 1000) / result.delivered).toFixed(1)} µs server CPU per delivery`);
      }
    }

    const results = {};
    for (const entry of entries) {
      await waitForRateLimit(entry);
      const load = await metered(entry.target.handle, () => steady(entry.room, entry.senders, { rate: config.rate, warmupMs: config.warmupMs, measureMs: config.measureMs }));
      log(`${entry.target.name}: steady ${config.rate} msg/s: p50 ${load.latency.p50.toFixed(1)} ms, p99 ${load.latency.p99.toFixed(1)} ms`);
      const rates = entry.bursts.map((r) => r.deliveriesPerS);
      results[entry.target.key] = {
        server: entry.target.name,
        clients: config.clients,
        deflateOffered: entry.target.deflate,
        extensions: entry.room.extensions || 'none',
        countingSocketExtensions: entry.room.countingExtensions || 'none',
        connect: entry.connect,
        saturation: {
          deliveriesPerS: median(rates),
          rounds: rates.map(Math.round),
          messagesPerRound: entry.bursts[0]?.messages,
          deliveredRatio: Math.min(...entry.bursts.map((r) => r.deliveredRatio)),
          refused: entry.bursts.reduce((sum, r) => sum + r.errors, 0),
          cpuPerDelivery: perDelivery(entry.bursts),
          latencyOfMedianRound: entry.bursts.find((r) => r.deliveriesPerS === median(rates))?.latency ?? entry.bursts[0]?.latency,
        },
        steady: { ...load, cpuPerDelivery: perDelivery([load]) },
      };
    }
    return results;
  } finally {
    for (const entry of entries) await closeClients(entry.room);
  }
}
