// Benchmark-only Worker entry: the product's app and ChatRoom, with two additions for measurement. Nothing
// under worker/ changes. `npm run bench` bundles it once (`wrangler deploy --dry-run --outdir`, so edits to
// the sources during a run cannot reload it) and serves it with the bindings of wrangler.toml.
//
// 1. D1 round trips. The D1 binding is wrapped so every call that goes to the database is counted; each
//    answer carries the count in `X-Bench-D1`: calls (round trips), batches, statements, and the
//    milliseconds spent waiting on D1 out of the handler's total.
// 2. The proposed scavenge intent. A request with `X-Bench-Variant: proposed` to POST /api/scavenge is
//    answered by the prototype of ./proposed-intent.js; every other request by the product's app.
import { app } from '../../worker/app';
import { proposedRoutes } from './proposed-intent.js';

export { ChatRoom } from '../../worker/chat/room';

const RAW = Symbol('raw statement');
// The methods of a prepared statement that go to the database (one round trip each).
const EXECUTES = new Set(['first', 'run', 'all', 'raw']);

/** Adds the wall time of one database call to the counter. Workers clocks advance across I/O, as here. */
async function timed(counter, call) {
  const started = Date.now();
  try {
    return await call();
  } finally {
    counter.ms += Date.now() - started;
  }
}

function countingStatement(statement, counter) {
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === RAW) return target;
      if (prop === 'bind') return (...args) => countingStatement(target.bind(...args), counter);
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (EXECUTES.has(prop)) {
        return (...args) => {
          counter.calls += 1;
          counter.statements += 1;
          return timed(counter, () => value.apply(target, args));
        };
      }
      return value.bind(target);
    },
  });
}

function countingD1(db, counter) {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'prepare') return (sql) => countingStatement(target.prepare(sql), counter);
      if (prop === 'batch') {
        return (statements) => {
          counter.calls += 1;
          counter.batches += 1;
          counter.statements += statements.length;
          // The real binding only accepts its own statement objects.
          return timed(counter, () => target.batch(statements.map((statement) => statement[RAW] ?? statement)));
        };
      }
      if (prop === 'exec') {
        return (sql) => {
          counter.calls += 1;
          return timed(counter, () => target.exec(sql));
        };
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

export default {
  async fetch(request, env, ctx) {
    const counter = { calls: 0, batches: 0, statements: 0, ms: 0, totalMs: 0 };
    const started = Date.now();
    const proposed = request.headers.get('X-Bench-Variant') === 'proposed' && request.method === 'POST' && new URL(request.url).pathname === '/api/scavenge';
    const response = await (proposed ? proposedRoutes : app).fetch(request, { ...env, DB: countingD1(env.DB, counter) }, ctx);
    counter.totalMs = Date.now() - started;
    // A WebSocket upgrade's answer goes back untouched.
    if (response.status === 101) return response;
    const headers = new Headers(response.headers);
    headers.set('X-Bench-D1', JSON.stringify(counter));
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  },
};
