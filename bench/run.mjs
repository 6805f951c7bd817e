// `npm run bench`: every benchmark of bench/README.md, on loopback. All servers run side by side and take
// turns, round after round, so the baselines are measured in the same minutes as the product and ratios
// hold on a noisy shared machine. Prints a table and writes bench/results.json.
// `npm run bench -- --quick` (or `npm run bench:quick`) skips the Vite dev server and the browser page loads.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { apiBenchmark, countD1 } from './api/scenario.mjs';
import { marketContention } from './api/market.mjs';
import { bundleSizes } from './bundle.mjs';
import { offerDeflate } from './chat/harness.mjs';
import { chatBenchmark } from './chat/scenario.mjs';
import { lighthouseScores } from './lighthouse.mjs';
import { chromiumAvailable, measurePages } from './pages.mjs';
import { scaleBenchmark } from './scale.mjs';
import { createPlayers } from './lib/players.mjs';
import { freePort, LOG_DIR, ROOT, run, runtimeBase, start, stop, stopAll, waitForHttp } from './lib/proc.mjs';
import { ratio, round, sleep } from './lib/stats.mjs';

const QUICK = process.argv.includes('--quick');
// `--only chat`: the chat scenarios alone (no API, page loads or results.json; the tables are printed and the
// detail goes to .wrangler/bench-logs/chat-only.json). `--no-large` also skips the 2,000-socket scenario.
const ONLY_CHAT = process.argv.join(' ').includes('--only chat');
const NO_LARGE = process.argv.includes('--no-large');
// `--only lighthouse`: the build, the production server, the page loads and Lighthouse alone: printed, and written
// over those sections of bench/results.json (bundle, pages, lighthouse), every other figure left as it was.
const ONLY_LIGHTHOUSE = process.argv.join(' ').includes('--only lighthouse');
// `--single-room`: also measures the lobby as one room (CHAT_LOBBY_LEAVES=1) next to wrangler.toml's tree.
const SINGLE_ROOM = process.argv.includes('--single-room');
// `--only scale`: the scale section alone (bench/scale.mjs), printed, not written to results.json.
const ONLY_SCALE = process.argv.join(' ').includes('--only scale');
// `--only growth`: the growth section alone (bench/growth.mjs), printed, not written to results.json.
const ONLY_GROWTH = process.argv.join(' ').includes('--only growth');

/** Every knob in one place; bench/README.md explains each. */
const CONFIG = {
  chat: { clients: 500, senders: 50, rate: 20, burstPerSender: 3, warmupMs: 2000, measureMs: 5000, rounds: 3 },
  // The same scenario at 2,000 sockets (400 players × 5), against socket.io only.
  chatLarge: { clients: 2000, senders: 50, rate: 20, burstPerSender: 3, warmupMs: 2000, measureMs: 5000, rounds: 3 },
  // 100 players × 5 sockets: the room keeps at most 5 sockets per player (SOCKETS_PER_PLAYER, worker/features/chat/socket-side.ts).
  api: { accounts: 100, concurrency: 8, saturation: 32, durationMs: 3000, rounds: 2 },
  // Scavenger's rate limit (game/chat-protocol.ts CHAT_RATE_LIMIT): 5 messages per player per 10 s.
  chatRateLimitWindowMs: 10_000,
  // Players seeded per size of the scale section (bench/scale.mjs); --quick measures the smallest only.
  // `--scale-sizes=1000,10000` measures those instead.
  scale: { sizes: process.argv.find((arg) => arg.startsWith('--scale-sizes='))?.split('=')[1]?.split(',').map(Number) ?? (QUICK ? [1_000] : [1_000, 10_000, 100_000]) },
};

const STATE = join(ROOT, '.wrangler');
// This run's own directory, so two runs at once (another engineer's, or one left running) never wipe each
// other's build or state.
const RUN_DIR = join(STATE, 'bench-runs', String(process.pid));
const BUILD_DIR = join(RUN_DIR, 'dist');
const ENTRY_DIR = join(RUN_DIR, 'entry');
const WRANGLER_TOML = join(ROOT, 'wrangler.toml');
const TEMPLATE = join(RUN_DIR, 'template');
const RESULTS = join(ROOT, 'bench', 'results.json');
const DEPLOY_REDIRECT = join(STATE, 'deploy', 'config.json');

const started = Date.now();
const say = (line) => console.info(`[${`${((Date.now() - started) / 1000).toFixed(0)}s`.padStart(5)}] ${line}`);

/**
 * The production build, into a directory of our own so a developer's dist/ is left alone. `vite build`
 * also writes .wrangler/deploy/config.json, which would redirect a later plain `wrangler dev` or
 * `wrangler deploy` to this build: put back whatever was there before.
 */
async function build() {
  const previous = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT) : null;
  try {
    await run('vite', ['build', '--outDir', BUILD_DIR, '--emptyOutDir']);
  } finally {
    if (previous) writeFileSync(DEPLOY_REDIRECT, previous);
    else rmSync(DEPLOY_REDIRECT, { force: true });
  }
  // The bench entry (bench/worker/entry.js), bundled once like the build: a server that bundles on the fly
  // would reload, and drop every socket, whenever someone saves a file under worker/ during the run.
  rmSync(ENTRY_DIR, { recursive: true, force: true });
  // --assets: wrangler.toml's assets directory (dist/client) does not exist on a fresh clone.
  await run('wrangler', ['deploy', join(ROOT, 'bench', 'worker', 'entry.js'), '-c', WRANGLER_TOML, '--assets', join(BUILD_DIR, 'client'), '--dry-run', '--outdir', ENTRY_DIR]);
}

/** Fresh local state per server: a copy of one migrated D1 (migrating costs wrangler ~10 s each time). */
function freshState(name) {
  const dir = join(RUN_DIR, name);
  rmSync(dir, { recursive: true, force: true });
  cpSync(TEMPLATE, dir, { recursive: true });
  return dir;
}

const WRANGLER_DEV_FLAGS = ['--ip', '127.0.0.1', '--inspector-port', '0', '--log-level', 'warn', '--show-interactive-dev-session=false'];

/**
 * The servers under test: name, how to start it, and the URL that says it is up. `direct` servers are
 * measured past wrangler's proxy, straight at the workerd runtime that holds the Worker (see runtimeBase).
 */
const SERVERS = {
  socketio: { name: 'socket.io baseline', command: (port) => ['node', [join(ROOT, 'bench', 'chat', 'socketio-server.mjs'), String(port)]], ready: '/' },
  ws: { name: 'ws baseline', command: (port) => ['node', [join(ROOT, 'bench', 'chat', 'ws-server.mjs'), String(port)]], ready: '/' },
  // The runtime's floor: the smallest Durable Object chat room workerd can hold (bench/chat/workerd-room).
  workerd: { name: 'workerd room baseline', command: (port) => ['node', [join(ROOT, 'bench', 'chat', 'workerd-room', 'server.mjs'), String(port)]], ready: '/' },
  // The production build (what `wrangler deploy` uploads) under `wrangler dev`: workerd with Miniflare's
  // local D1 and Durable Objects, behind wrangler's proxy. ENVIRONMENT=development only enables the energy
  // fixture used between measured phases; it changes nothing on the measured paths.
  production: {
    name: 'production build',
    command: (port) => [
      'wrangler',
      ['dev', '-c', join(BUILD_DIR, 'scavenger', 'wrangler.json'), '--port', String(port), '--persist-to', freshState('production'), '--var', 'ENVIRONMENT:development', ...WRANGLER_DEV_FLAGS],
    ],
    ready: '/api/health',
    direct: true,
  },
  // The same build with the product's Worker answering clients itself, as deployed (bench/lib/deployed.mjs):
  // the chat is measured here, since wrangler dev's own Workers in front would compress every frame.
  deployed: {
    name: 'production build, as deployed',
    command: (port) => ['node', [join(ROOT, 'bench', 'lib', 'deployed.mjs'), String(port), join(BUILD_DIR, 'scavenger', 'wrangler.json'), freshState('deployed')]],
    ready: '/api/health',
  },
  // The same, with the lobby as one room instead of wrangler.toml's tree of leaves (`--single-room`).
  single: {
    name: 'production build, as deployed, lobby as one room',
    command: (port) => ['node', [join(ROOT, 'bench', 'lib', 'deployed.mjs'), String(port), join(BUILD_DIR, 'scavenger', 'wrangler.json'), freshState('single')], { CHAT_LOBBY_LEAVES: '1' }],
    ready: '/api/health',
  },
  // The bench entry (bench/worker/entry.js, bundled): the product's app and room, D1 calls counted.
  bench: {
    name: 'bench entry',
    command: (port) => [
      'wrangler',
      // ENVIRONMENT=development like the production build's server: every bench client comes from this one
      // machine, and per-address limits (10 signups an hour, 20 sockets) hold only where an edge names clients.
      ['dev', join(ENTRY_DIR, 'entry.js'), '--no-bundle', '-c', WRANGLER_TOML, '--assets', join(BUILD_DIR, 'client'), '--port', String(port), '--persist-to', freshState('entry-state'), '--var', 'ENVIRONMENT:development', ...WRANGLER_DEV_FLAGS],
    ],
    ready: '/api/health',
    direct: true,
  },
  // `npm run dev` as a developer runs it (as scripts/e2e-server.sh does, on its own state): Vite, with the
  // Worker in workerd through @cloudflare/vite-plugin.
  vite: {
    name: 'vite dev',
    command: (port) => ['vite', ['dev', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], { SCAVENGER_E2E_STATE: freshState('vite') }],
    ready: '/api/health',
  },
};

/** Starts a server; resolves with its handle and base URL, or with the error (the run goes on without it). */
async function startServer(key) {
  const spec = SERVERS[key];
  const port = await freePort();
  const [command, args, env] = spec.command(port);
  const handle = start(key, command, args, { env, port });
  const proxied = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${proxied}${spec.ready}`, handle);
    const base = spec.direct ? await runtimeBase(handle, spec.ready) : proxied;
    say(`${spec.name} up at ${proxied}${base === proxied ? '' : `, workerd runtime at ${base}`}`);
    return { key, name: spec.name, handle, base, proxied };
  } catch (error) {
    await stop(handle);
    say(`${spec.name} FAILED to start: ${error instanceof Error ? error.message : error} (logs in ${LOG_DIR})`);
    return { key, name: spec.name, error: String(error) };
  }
}

/** Runs one step; a failure is logged and recorded, and the run goes on. */
async function step(name, body) {
  try {
    return await body();
  } catch (error) {
    say(`${name} FAILED: ${error instanceof Error ? error.stack : error}`);
    return { error: String(error instanceof Error ? error.message : error) };
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverageAtStart: os.loadavg().map((value) => round(value, 2)),
  };
}

/** The scale figures at the largest size measured, and each size's. */
function scaleSummary(bySize) {
  if (!bySize || bySize.error) return bySize ?? null;
  const sizes = Object.values(bySize);
  const largest = sizes[sizes.length - 1];
  return {
    players: largest.players,
    probe_items: largest.probe_items,
    rows_read_per_profile_read: largest.rows_read_per_profile_read,
    rows_read_per_intent: largest.rows_read_per_intent,
    rows_written_per_intent: largest.rows_written_per_intent,
    bytes_per_player: largest.bytes_per_player,
    bytes_by_table: largest.bytes_by_table,
    players_per_10gb_d1: largest.players_per_10gb_d1,
    usd_per_1000_dau_month: largest.cost.total,
    write_batches_per_s_vs_bare: largest.write_batches_per_s_vs_bare,
    scavenge_write_batches_per_s: largest.scavenge_write_batches_per_s,
    bare_write_batches_per_s: largest.bare_write_batches_per_s,
    routes_at_largest: Object.fromEntries(Object.entries(largest.routes).map(([route, r]) => [route, { rows_read: r.rowsRead, rows_written: r.rowsWritten, rows_written_median: r.priced?.rowsWritten ?? r.rowsWritten, round_trips: r.roundTrips }])),
    cost_parts_at_largest: largest.cost.parts,
    by_size: Object.fromEntries(
      sizes.map((s) => [
        s.players,
        {
          rows_read_per_profile_read: s.rows_read_per_profile_read,
          rows_read_per_intent: s.rows_read_per_intent,
          rows_written_per_intent: s.rows_written_per_intent,
          bytes_per_player: s.bytes_per_player,
          rank_refresh_ms: s.rank_refresh_ms,
          usd_per_1000_dau_month: s.cost.total,
          write_batches_per_s_vs_bare: s.write_batches_per_s_vs_bare,
          scavenge_write_batches_per_s: s.scavenge_write_batches_per_s,
          bare_write_batches_per_s: s.bare_write_batches_per_s,
        },
      ]),
    ),
  };
}

/** The figures the issue asks for (and a few more), from the detailed results. */
function summary(detail) {
  const sat = (r) => r?.saturation?.deliveriesPerS;
  const cpu = (r) => r?.saturation?.cpuPerDelivery.serverUs;
  /** One server's chat figures, with ratios against the baselines of the same set of runs. */
  const chatFigures = (r, set) => ({
    deliveries_per_s: round(sat(r), 0),
    steady_deliveries_per_s: round(r?.steady?.deliveriesPerS, 0),
    p50_ms: round(r?.steady?.latency.p50, 1),
    p99_ms: round(r?.steady?.latency.p99, 1),
    // Per message at 20 msg/s: until the first probe had it (the head) and until the last did (the fan-out).
    first_arrival_p50_ms: round(r?.steady?.firstArrival?.p50, 1),
    first_arrival_max_ms: round(r?.steady?.firstArrival?.max, 1),
    last_arrival_p50_ms: round(r?.steady?.lastArrival?.p50, 1),
    last_arrival_max_ms: round(r?.steady?.lastArrival?.max, 1),
    vs_socketio: ratio(sat(r), sat(set?.socketio)),
    vs_ws: ratio(sat(r), sat(set?.ws)),
    server_cpu_us_per_delivery: round(cpu(r), 1),
    // CPU efficiency: the other server's CPU per delivery over ours. Barely moved by the machine's load.
    cpu_vs_socketio: ratio(cpu(set?.socketio), cpu(r)),
    cpu_vs_ws: ratio(cpu(set?.ws), cpu(r)),
    connect_s: round((r?.connect?.settledMs ?? NaN) / 1000, 1),
    // Presence: what opening all the sockets cost, and one more player's arrival and departure once full.
    connect_frames: r?.connect?.frames ?? null,
    connect_kb: round((r?.connect?.bytes ?? NaN) / 1024, 1),
    join_frames_to_others: r?.connect?.one?.join.toOthers.frames ?? null,
    join_bytes_to_others: r?.connect?.one?.join.toOthers.bytes ?? null,
    join_bytes_to_newcomer: r?.connect?.one?.join.toNewcomer.bytes ?? null,
    leave_bytes_to_others: r?.connect?.one?.leave.toOthers.bytes ?? null,
  });
  const apiFigures = (r) => ({
    scavenge_rps: round(r?.saturated?.scavenge.rps, 0),
    scavenge_p50_ms: round(r?.fixed?.scavenge.latency.p50, 1),
    scavenge_p99_ms: round(r?.fixed?.scavenge.latency.p99, 1),
    health_rps: round(r?.saturated?.health.rps, 0),
    vs_health: ratio(r?.saturated?.scavenge.rps, r?.saturated?.health.rps),
    c8_scavenge_rps: round(r?.fixed?.scavenge.rps, 0),
    c8_health_rps: round(r?.fixed?.health.rps, 0),
    c8_vs_health: ratio(r?.fixed?.scavenge.rps, r?.fixed?.health.rps),
    scavenge_server_cpu_ms: round(r?.saturated?.scavenge.serverCpuMsPerRequest, 2),
    health_server_cpu_ms: round(r?.saturated?.health.serverCpuMsPerRequest, 2),
  });
  const large = detail.chatLarge ?? {};
  return {
    chat: {
      clients: CONFIG.chat.clients,
      ...chatFigures(detail.chat.production, detail.chat),
      socketio: chatFigures(detail.chat.socketio, detail.chat),
      ws: chatFigures(detail.chat.ws, detail.chat),
      workerd_room: chatFigures(detail.chat.workerd, detail.chat),
      // `--single-room`: the lobby as one room, in the same run.
      ...(detail.chat.single ? { single_room: chatFigures(detail.chat.single, detail.chat) } : {}),
      // What each server answered a client offering permessage-deflate.
      handshake: detail.chat.handshake,
      large: {
        clients: CONFIG.chatLarge.clients,
        ...chatFigures(large.production, large),
        socketio: chatFigures(large.socketio, large),
        ...(large.single ? { single_room: chatFigures(large.single, large) } : {}),
      },
    },
    api: {
      ...apiFigures(detail.api.production),
      d1_roundtrips_per_scavenge: detail.d1?.scavenge?.roundTrips ?? null,
      d1_batches_per_scavenge: detail.d1?.scavenge?.batches ?? null,
      d1_statements_per_scavenge: detail.d1?.scavenge?.statements ?? null,
      d1_roundtrips_per_profile_read: detail.d1?.profile?.roundTrips ?? null,
      vite_dev: apiFigures(detail.api.viteDev),
      // bench/api/market.mjs: 20 buyers pressing Buy on one listing at once.
      market_buy_contention: detail.market && !detail.market.error ? detail.market : null,
    },
    bundle: {
      initial_js_gzip_kb: round(detail.bundle?.initialJsGzipKb, 1),
      total_js_gzip_kb: round(detail.bundle?.totalJsGzipKb, 1),
      landing_fetched_js_gzip_kb: round(detail.pages?.landingFetchedGzipKb, 1),
      profile_fetched_js_gzip_kb: round(detail.pages?.profileFetchedGzipKb, 1),
      // Of those, the scripts asked for before the page's largest paint (bench/pages.mjs).
      landing_js_before_lcp_gzip_kb: round(detail.pages?.landingBeforeLcpGzipKb, 1),
      profile_js_before_lcp_gzip_kb: round(detail.pages?.profileBeforeLcpGzipKb, 1),
    },
    scale: scaleSummary(detail.scale),
    growth: detail.growth ?? null,
    // Lighthouse's four categories (0-100), LCP and failed audits for `/`, mobile and desktop presets: the median of
    // three runs each, and every run's score and LCP (bench/lighthouse.mjs).
    lighthouse: detail.lighthouse?.mobile ? { mobile: detail.lighthouse.mobile, desktop: detail.lighthouse.desktop } : null,
    pages: detail.pages?.landing
      ? {
          landing_fcp_ms: round(detail.pages.landing.fcp, 0),
          landing_lcp_ms: round(detail.pages.landing.lcp, 0),
          profile_fcp_ms: round(detail.pages.profile.fcp, 0),
          profile_lcp_ms: round(detail.pages.profile.lcp, 0),
          // The medians above are of three loads each: every load's LCP.
          landing_lcp_loads_ms: detail.pages.landing.loads?.map((load) => round(load.lcp, 0)) ?? null,
          profile_lcp_loads_ms: detail.pages.profile.loads?.map((load) => round(load.lcp, 0)) ?? null,
        }
      : null,
  };
}

const fmt = (value, digits = 0) => (value === null || value === undefined || Number.isNaN(value) ? 'n/a' : Number(value).toFixed(digits));

function printTables(s, detail) {
  const chat = (name, r) => [name, fmt(r.deliveries_per_s), fmt(r.vs_socketio, 2), fmt(r.vs_ws, 2), fmt(r.server_cpu_us_per_delivery, 1), fmt(r.cpu_vs_socketio, 2), fmt(r.p50_ms, 1), fmt(r.p99_ms, 1), fmt(r.connect_s, 1)];
  const presence = (name, r) => [name, fmt(r.connect_frames), fmt(r.connect_kb, 1), fmt(r.join_frames_to_others), fmt(r.join_bytes_to_others), fmt(r.join_bytes_to_newcomer), fmt(r.leave_bytes_to_others)];
  const api = (name, r, d1) => [name, fmt(r.scavenge_rps), fmt(r.health_rps), fmt(r.vs_health, 2), fmt(r.scavenge_p50_ms, 1), fmt(r.scavenge_p99_ms, 1), fmt(r.scavenge_server_cpu_ms, 2), d1];
  const tables = [
    [
      [`chat, ${s.chat.clients} clients`, 'deliveries/s', 'vs socket.io', 'vs ws', 'server CPU µs/delivery', 'CPU vs socket.io', 'p50 ms @20 msg/s', 'p99 ms @20 msg/s', 'connect s'],
      chat('Scavenger, production build as deployed', s.chat),
      ...(s.chat.single_room ? [chat('Scavenger, the lobby as one room', s.chat.single_room)] : []),
      chat('socket.io baseline', s.chat.socketio),
      chat('ws baseline', s.chat.ws),
      chat('workerd room baseline', s.chat.workerd_room),
    ],
    [
      [`chat, ${s.chat.clients} clients, per message @20 msg/s`, 'first arrival p50 ms', 'first arrival max ms', 'last arrival p50 ms', 'last arrival max ms'],
      ...[
        ['Scavenger, production build as deployed', s.chat],
        ...(s.chat.single_room ? [['Scavenger, the lobby as one room', s.chat.single_room]] : []),
        ['socket.io baseline', s.chat.socketio],
        ['ws baseline', s.chat.ws],
        ['workerd room baseline', s.chat.workerd_room],
      ].map(([name, r]) => [name, fmt(r.first_arrival_p50_ms, 1), fmt(r.first_arrival_max_ms, 1), fmt(r.last_arrival_p50_ms, 1), fmt(r.last_arrival_max_ms, 1)]),
    ],
    [
      [`chat, ${s.chat.large.clients} clients`, 'deliveries/s', 'vs socket.io', 'vs ws', 'server CPU µs/delivery', 'CPU vs socket.io', 'p50 ms @20 msg/s', 'p99 ms @20 msg/s', 'connect s'],
      chat('Scavenger, production build as deployed', s.chat.large),
      ...(s.chat.large.single_room ? [chat('Scavenger, the lobby as one room', s.chat.large.single_room)] : []),
      chat('socket.io baseline', s.chat.large.socketio),
    ],
    [
      ['presence (bytes received)', 'connect: frames', 'connect: KB', 'one join: frames to others', 'bytes to others', 'bytes to newcomer', 'one leave: bytes to others'],
      presence(`Scavenger, ${s.chat.clients} sockets`, s.chat),
      presence(`socket.io, ${s.chat.clients} sockets`, s.chat.socketio),
      presence(`Scavenger, ${s.chat.large.clients} sockets`, s.chat.large),
      presence(`socket.io, ${s.chat.large.clients} sockets`, s.chat.large.socketio),
    ],
    [
      ['API', 'scavenge req/s c=32', 'health req/s c=32', 'vs health', 'scavenge p50 ms c=8', 'scavenge p99 ms c=8', 'server CPU ms/scavenge', 'D1 round trips/scavenge'],
      api('production build', s.api, fmt(s.api.d1_roundtrips_per_scavenge)),
      api('vite dev', s.api.vite_dev, ''),
    ],
    ...(s.scale?.by_size
      ? [
          [
            ['scale (D1 rows, worst of 3)', 'profile read', 'intent read', 'intent written', 'bytes/player', 'rank refresh ms', '$/1000 DAU/month', 'scavenge writes/s', 'bare writes/s', 'vs bare'],
            ...Object.entries(s.scale.by_size).map(([players, r]) => [
              `${players} players`,
              fmt(r.rows_read_per_profile_read),
              fmt(r.rows_read_per_intent),
              fmt(r.rows_written_per_intent),
              fmt(r.bytes_per_player),
              fmt(r.rank_refresh_ms),
              fmt(r.usd_per_1000_dau_month, 2),
              fmt(r.scavenge_write_batches_per_s),
              fmt(r.bare_write_batches_per_s),
              fmt(r.write_batches_per_s_vs_bare, 2),
            ]),
          ],
        ]
      : []),
    ...(s.growth?.vs_scale
      ? [[['growth (bytes/player-month)', 'grown', 'scale seed', 'grown/seed'], ...s.growth.vs_scale.map((r) => [r.table, fmt(r.grown), fmt(r.seeded), fmt(r.grown_over_seeded, 3)])]]
      : []),
    [
      ['bundle, gzip -9', 'initial JS KB', 'all JS KB', 'JS fetched by / KB', 'JS fetched by /profile KB', 'chunks'],
      ['production build', fmt(s.bundle.initial_js_gzip_kb, 1), fmt(s.bundle.total_js_gzip_kb, 1), fmt(s.bundle.landing_fetched_js_gzip_kb, 1), fmt(s.bundle.profile_fetched_js_gzip_kb, 1), fmt(detail.bundle?.chunks)],
    ],
  ];
  for (const table of tables) {
    const widths = table[0].map((_, col) => Math.max(...table.map((row) => String(row[col]).length)));
    const line = (row) => row.map((cell, col) => (col === 0 ? String(cell).padEnd(widths[col]) : String(cell).padStart(widths[col]))).join('  ');
    console.info(`\n${line(table[0])}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${table.slice(1).map(line).join('\n')}`);
  }
  printPagesAndLighthouse(detail);
}

/** The page loads' and Lighthouse's figures (also all that `--only lighthouse` prints). */
function printPagesAndLighthouse(detail) {
  const p = detail.pages;
  if (p && !p.error) {
    const page = (path, r, before) =>
      `  ${path.padEnd(9)} FCP ${fmt(r.fcp)} ms, LCP ${fmt(r.lcp)} ms (loads: ${r.loads?.map((load) => fmt(load.lcp)).join(', ')}), ${r.scripts.length} scripts, ${fmt(before, 1)} KB gzip of them before LCP${r.path === path ? '' : ` (ended on ${r.path})`}`;
    console.info(`\npages, median of 3 loads (${p.throttling}):\n${page('/', p.landing, p.landingBeforeLcpGzipKb)}\n${page('/profile', p.profile, p.profileBeforeLcpGzipKb)}`);
  }
  const l = detail.lighthouse;
  if (l?.mobile) {
    const form = (name, r) =>
      `  ${name.padEnd(8)} ${r.performance}/${r.accessibility}/${r.bestPractices}/${r.seo}, LCP ${r.lcpMs} ms (runs: ${r.runs?.map((run) => `${run.performance} ${run.lcpMs} ms`).join('; ')})${r.failed.length ? `; failed: ${r.failed.join(', ')}` : ''}`;
    console.info(`\nlighthouse /, median of ${l.runs} runs (performance/accessibility/best practices/SEO):\n${form('mobile', l.mobile)}\n${form('desktop', l.desktop)}`);
  }
}

/** Drops what only the run itself needed (raw latency arrays, helper functions) before writing JSON. */
function forJson(value) {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === 'latencies' || typeof v === 'function' ? undefined : v)));
}

/** The scale section: after everything else, with the other servers stopped, so it has the machine. */
async function scale() {
  return scaleBenchmark({ sizes: CONFIG.scale.sizes, entryJs: join(ENTRY_DIR, 'entry.js'), template: TEMPLATE, config: WRANGLER_TOML, runDir: RUN_DIR, say });
}

/**
 * The growth section: a month of play grown intent by intent (bench/growth.mjs), against the scale section's seed of
 * the same size. Imported only when it runs: it loads the project's TypeScript, which needs Node 22.
 */
async function growth(scaleBySize) {
  const { growthBenchmark, compareWithScale } = await import('./growth.mjs');
  const grown = await growthBenchmark({ say });
  const seeded = scaleBySize?.[grown.players]?.bytes_by_table;
  return { ...grown, vs_scale: seeded ? compareWithScale(grown, seeded) : compareWithScale(grown) };
}

/**
 * The page loads (`/` signed out, `/profile` as `player`), then Lighthouse on `/` signed out: after the API and
 * before the chat loads the machine. Into `detail.pages` and `detail.lighthouse`.
 */
async function pagesAndLighthouse(detail, base, player) {
  if (chromiumAvailable() && player) {
    detail.pages = await step('page loads', async () => {
      const pages = await measurePages(base, player.cookie);
      pages.landingFetchedGzipKb = detail.bundle.gzipOf(pages.landing.scripts);
      pages.profileFetchedGzipKb = detail.bundle.gzipOf(pages.profile.scripts);
      pages.landingBeforeLcpGzipKb = detail.bundle.gzipOf(pages.landing.scriptsBeforeLcp);
      pages.profileBeforeLcpGzipKb = detail.bundle.gzipOf(pages.profile.scriptsBeforeLcp);
      say(`pages: / fetched ${pages.landing.scripts.length} scripts, ${pages.landingFetchedGzipKb.toFixed(1)} KB gzip (${pages.landingBeforeLcpGzipKb.toFixed(1)} before LCP); FCP ${fmt(pages.landing.fcp)} ms`);
      return pages;
    });
  }
  detail.lighthouse = await step('lighthouse', () => lighthouseScores(base));
  const { mobile, desktop } = detail.lighthouse ?? {};
  say(mobile ? `lighthouse /: mobile ${mobile.performance}/${mobile.accessibility}/${mobile.bestPractices}/${mobile.seo}, LCP ${mobile.lcpMs} ms; desktop ${desktop?.performance}/${desktop?.accessibility}/${desktop?.bestPractices}/${desktop?.seo}` : 'lighthouse: skipped (no Chromium)');
}

/**
 * `--only lighthouse` writes what it measured over bench/results.json's bundle, pages and lighthouse sections (and
 * their details), leaving every other figure of the last full run as it was; `meta.pages_and_lighthouse` says when
 * and on how loaded a machine those three were measured.
 */
function writeOnlyLighthouse(detail) {
  const previous = existsSync(RESULTS) ? JSON.parse(readFileSync(RESULTS, 'utf8')) : { details: {} };
  const fresh = forJson(summary(detail));
  const loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));
  const results = {
    ...previous,
    bundle: { ...previous.bundle, ...fresh.bundle },
    pages: fresh.pages,
    lighthouse: fresh.lighthouse,
    meta: { ...previous.meta, pages_and_lighthouse: { ...detail.machine, loadAverageAtEnd, durationS: round((Date.now() - started) / 1000, 0) } },
    details: { ...previous.details, ...forJson({ bundle: detail.bundle, pages: detail.pages, lighthouse: detail.lighthouse }) },
  };
  writeFileSync(RESULTS, `${JSON.stringify(results, null, 2)}\n`);
  say(`wrote the bundle, pages and lighthouse sections of ${RESULTS}`);
}

async function main() {
  const detail = { config: CONFIG, machine: machine(), chat: {}, api: {} };
  say(`${detail.machine.cpu}, ${detail.machine.cores} cores, load average ${detail.machine.loadAverageAtStart.join(' ')}`);
  if (ONLY_GROWTH) {
    console.info(JSON.stringify(await growth(), null, 2));
    return;
  }
  if (ONLY_SCALE) {
    await run('node', [join(ROOT, 'scripts', 'dev-setup.mjs')]);
    await build();
    mkdirSync(TEMPLATE, { recursive: true });
    await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '-c', WRANGLER_TOML, '--persist-to', TEMPLATE]);
    const bySize = await scale();
    writeFileSync(join(LOG_DIR, 'scale-only.json'), `${JSON.stringify(bySize, null, 2)}\n`);
    console.info(JSON.stringify(scaleSummary(bySize), null, 2));
    return;
  }

  // Once, up front: a session secret on a fresh clone, the build, one migrated D1 to copy per server.
  await run('node', [join(ROOT, 'scripts', 'dev-setup.mjs')]);
  say('vite build');
  await build();
  detail.bundle = bundleSizes(join(BUILD_DIR, 'client'));
  say(`bundle: initial JS ${detail.bundle.initialJsGzipKb.toFixed(1)} KB gzip, all JS ${detail.bundle.totalJsGzipKb.toFixed(1)} KB gzip`);
  rmSync(TEMPLATE, { recursive: true, force: true });
  mkdirSync(TEMPLATE, { recursive: true });
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '-c', WRANGLER_TOML, '--persist-to', TEMPLATE]);

  say('starting servers');
  const keys = ONLY_LIGHTHOUSE ? ['production'] : [...(ONLY_CHAT ? ['socketio', 'ws', 'workerd', 'deployed'] : ['socketio', 'ws', 'workerd', 'production', 'deployed', 'bench', ...(QUICK ? [] : ['vite'])]), ...(SINGLE_ROOM ? ['single'] : [])];
  const servers = Object.fromEntries((await Promise.all(keys.map(startServer))).map((server) => [server.key, server]));
  const up = (key) => servers[key] && !servers[key].error;
  if (ONLY_LIGHTHOUSE) {
    if (!up('production')) throw new Error(`production build: ${servers.production.error}`);
    const player = await step('production players', () => createPlayers(servers.production.base, 1));
    await pagesAndLighthouse(detail, servers.production.base, Array.isArray(player) ? player[0] : null);
    printPagesAndLighthouse(detail);
    writeOnlyLighthouse(detail);
    return;
  }

  // Players, through the real signup API (scrypt: the slow part of setting up), on every server at once.
  const players = {};
  // The chat server needs 5 sockets' worth of players for 2,000 sockets, and two who join later.
  const accounts = (key) => (key === 'deployed' || key === 'single' ? (NO_LARGE ? CONFIG.chat : CONFIG.chatLarge).clients / 5 + 2 : CONFIG.api.accounts);
  await Promise.all(
    ['production', 'deployed', 'single', 'bench', 'vite'].filter(up).map(async (key) => {
      const t = performance.now();
      players[key] = await step(`${key} players`, () => createPlayers(servers[key].base, accounts(key), { concurrency: 2 }));
      say(`${servers[key].name}: ${accounts(key)} players signed up in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }),
  );
  const ready = (key) => up(key) && Array.isArray(players[key]);

  // API, then D1 round trips, then page loads: nothing else runs meanwhile.
  for (const [key, resultKey, rounds] of ONLY_CHAT ? [] : [['production', 'production', CONFIG.api.rounds], ['vite', 'viteDev', 1]]) {
    if (!ready(key)) continue;
    const { base, handle, name } = servers[key];
    detail.api[resultKey] = await step(`${name} API`, () => apiBenchmark({ base, handle, players: players[key], ...CONFIG.api, rounds, log: (line) => say(`${name}: ${line}`) }));
  }
  if (ready('bench')) {
    detail.d1 = await step('D1 count', () => countD1(servers.bench.base, players.bench[0]));
    for (const [what, d] of Object.entries(detail.d1.error ? {} : detail.d1)) {
      say(`D1 per ${what}: ${d.roundTrips} round trips (${d.batches} batches, ${d.statements} statements); ${d.d1Ms} of ${d.handlerMs} ms in D1`);
    }
    // The market's buy with 20 buyers on one listing (players 1..21: player 0 measured the D1 counts above).
    detail.market = await step('market contention', () => marketContention({ base: servers.bench.base, players: players.bench.slice(1) }));
    const m = detail.market;
    if (!m.error) {
      say(`market: ${m.buyers} buyers on one listing, ${m.rounds} rounds, winners ${m.winnersPerRound.join(',')}; buy p50 ${m.buyP50Ms} ms, p99 ${m.buyP99Ms} ms (${m.buyP99VsRead}× a profile read's p50); D1 round trips: winner ${m.roundTripsWinner}, refused ${m.roundTripsRefused}`);
    }
  }
  if (!QUICK && up('production')) await pagesAndLighthouse(detail, servers.production.base, ready('production') ? players.production[0] : null);

  // What each server answers a client that offers permessage-deflate, as Chromium always does.
  detail.chat.handshake = await step('handshake', async () => {
    const offered = {};
    const protocols = { deployed: 'scavenger', production: 'scavenger', socketio: 'socketio', ws: 'ws', workerd: 'ws' };
    for (const [key, protocol] of Object.entries(protocols).filter(([key, protocol]) => up(key) && (protocol !== 'scavenger' || ready(key)))) {
      offered[key] = (await offerDeflate(protocol, servers[key].base, players[key]?.[0] ?? { username: 'probe' })) || 'none';
    }
    return offered;
  });
  if (detail.chat.handshake.error === undefined) for (const [key, answer] of Object.entries(detail.chat.handshake)) say(`${servers[key].name} answers an offer of permessage-deflate with: ${answer}`);

  // Chat: every server gets its clients, then takes turns. Clients offer permessage-deflate as browsers do.
  // Scavenger is measured as deployed (its Worker answers the upgrade, so its no_web_socket_compression
  // decides); wrangler dev's own Workers in front would accept the offer (bench/README.md, "Compression").
  // Sockets take players round-robin; the last two players of the chat server join once the room is full.
  const chatPlayers = players.deployed;
  const names = Array.from({ length: CONFIG.chatLarge.clients / 5 + 2 }, (_, i) => ({ username: `bench${String(i).padStart(3, '0')}` }));
  const targetsFor = (size, keys) =>
    [
      { key: 'ws', server: 'ws', protocol: 'ws', identities: names },
      { key: 'socketio', server: 'socketio', protocol: 'socketio', identities: names },
      // Speaks the ws baseline's protocol.
      { key: 'workerd', server: 'workerd', protocol: 'ws', identities: names },
      { key: 'production', server: 'deployed', protocol: 'scavenger', identities: chatPlayers },
      { key: 'single', server: 'single', protocol: 'scavenger', identities: players.single },
    ]
      .filter((t) => keys.includes(t.key) && up(t.server) && Array.isArray(t.identities))
      .map((t) => ({
        ...t,
        deflate: true,
        name: servers[t.server].name,
        base: servers[t.server].base,
        handle: servers[t.server].handle,
        rateLimitWindowMs: t.protocol === 'scavenger' ? CONFIG.chatRateLimitWindowMs : 0,
        // Sockets round-robin over the first clients/5 identities (5 sockets each, the room's cap).
        identities: t.identities.slice(0, size / 5),
        spare: t.identities[size === CONFIG.chat.clients ? size / 5 : CONFIG.chatLarge.clients / 5 + 1],
      }));
  Object.assign(detail.chat, await step('chat', () => chatBenchmark(targetsFor(CONFIG.chat.clients, ['ws', 'socketio', 'workerd', 'production', 'single']), CONFIG.chat, say)));
  if (!NO_LARGE) {
    // The same senders again: let the room's rate limit (5 messages per 10 s per player) forget the last run.
    await sleep(CONFIG.chatRateLimitWindowMs + 500);
    detail.chatLarge = await step('chat, 2,000 sockets', () => chatBenchmark(targetsFor(CONFIG.chatLarge.clients, ['socketio', 'production', 'single']), CONFIG.chatLarge, say));
  }

  if (!ONLY_CHAT) {
    await stopAll();
    detail.scale = await step('scale', scale);
    detail.growth = await step('growth', () => growth(detail.scale));
  }

  detail.machine.loadAverageAtEnd = os.loadavg().map((value) => round(value, 2));
  detail.machine.durationS = round((Date.now() - started) / 1000, 0);
  detail.servers = Object.fromEntries(Object.values(servers).map((s) => [s.key, s.error ? { error: s.error } : { name: s.name }]));
  const results = forJson({ ...summary(detail), meta: detail.machine, details: detail });
  const output = ONLY_CHAT ? join(LOG_DIR, 'chat-only.json') : RESULTS;
  writeFileSync(output, `${JSON.stringify(results, null, 2)}\n`);
  printTables(results, detail);
  say(`wrote ${output}`);
}

try {
  await main();
} finally {
  await stopAll();
  // Benchmark state is throwaway (the logs in .wrangler/bench-logs stay, for when something failed).
  rmSync(RUN_DIR, { recursive: true, force: true });
}
