// Benchmark-only Worker entry: the product's app and ChatRoom, with the D1 binding wrapped so every call that
// goes to the database is counted (test/worker/d1-counter.ts, the counter the tests hold the API to). Each
// answer carries the count in `X-Bench-D1`: calls (round trips), batches, statements, rows read and written
// (D1's own meta), and the milliseconds spent waiting on D1 out of the handler's total. Nothing under worker/ changes. `npm run bench` bundles it
// once (`wrangler deploy --dry-run --outdir`, so edits to the sources during a run cannot reload it) and
// serves it with the bindings of wrangler.toml.
import { countingD1, newD1Count } from '../../test/worker/d1-counter.ts';
import { app } from '../../worker/app';
import { scheduled } from '../../worker/scheduled';

export { ChatRoom } from '../../worker/features/chat/room';
export { Notifier } from '../../worker/features/notifications';

/** The bare write's table, made once per isolate. */
let bareTable;

export default {
  async fetch(request, env, ctx) {
    // The Crons on demand (`/__bench/cron?cron=...`), awaited to the end: the scale benchmark refreshes the rank
    // marks this way. wrangler's --test-scheduled path needs a bundle it builds itself.
    const url = new URL(request.url);
    if (url.pathname === '/__bench/cron') {
      const pending = [];
      await scheduled({ cron: url.searchParams.get('cron') ?? '', scheduledTime: Date.now(), noRetry() {} }, env, { waitUntil: (promise) => pending.push(promise), passThroughOnException() {} });
      await Promise.all(pending);
      return new Response('ran');
    }
    // The write ceiling's baseline (bench/scale.mjs writeCeiling): one write batch of one row, nothing else. Its
    // table is the benchmark's own, made on first use in the scratch database.
    if (url.pathname === '/__bench/bare-write') {
      bareTable ??= env.DB.prepare('CREATE TABLE IF NOT EXISTS bench_bare (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)').run();
      await bareTable;
      const id = Math.floor(Math.random() * 64);
      await env.DB.batch([env.DB.prepare('INSERT INTO bench_bare (id, n) VALUES (?, 1) ON CONFLICT (id) DO UPDATE SET n = n + 1').bind(id)]);
      return new Response('wrote');
    }
    const counter = newD1Count();
    const started = Date.now();
    const response = await app.fetch(request, { ...env, DB: countingD1(env.DB, counter) }, ctx);
    counter.totalMs = Date.now() - started;
    const headers = new Headers(response.headers);
    headers.set('X-Bench-D1', JSON.stringify(counter));
    // A WebSocket upgrade's answer keeps its socket.
    if (response.status === 101) return new Response(null, { status: 101, webSocket: response.webSocket, headers });
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
  scheduled,
};
