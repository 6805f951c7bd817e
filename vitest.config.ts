import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { vapidKeyPair } from './scripts/vapid-keys.mjs';
import { CHROMIUM } from './test/chromium';
import { answer, axeViolations, colorScheme, forgetAnswers, keysSent, loseAnswers } from './test/components/browser-commands';
import { forwardToStandIn, type PushStandIn, startPushStandIn } from './test/push-service/stand-in';

/**
 * One push service for the whole run, shared by the files running side by side. web-push-testing keeps its
 * subscriptions in a module variable that the latest server takes over, so a second stand-in in this process would
 * take the first one's subscriptions away mid-test. Sharing it shares nothing a test sees: each subscription has its
 * own random client hash and its own file's VAPID key.
 */
let pushStandIn: Promise<PushStandIn> | undefined;

/** The Workers runtime of the workerd projects: one Miniflare per vitest worker (`workerd`) or per file (`workerd-own-storage`). */
function workersRuntime() {
  return cloudflareTest(async () => {
    const pushService = await (pushStandIn ??= startPushStandIn());
    const vapid = vapidKeyPair();
    return {
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        // Pushes go to a real push service on 127.0.0.1 (test/push-service/stand-in.ts); nothing else is changed.
        outboundService: forwardToStandIn(pushService),
        bindings: {
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
          PUSH_SERVICE: pushService.origin,
          ENVIRONMENT: 'test',
          SESSION_SECRET: 'test-session-secret-with-at-least-32-characters',
          ADMIN_EMAIL: 'admin@scavenger.test',
          APP_ORIGIN: 'http://localhost',
          GOOGLE_CLIENT_ID: '',
          GOOGLE_CLIENT_SECRET: '',
          // The lobby as a tree of 3 leaves (wrangler.toml has 5): every lobby test runs the sharded path.
          CHAT_LOBBY_LEAVES: '3',
          // A chat socket that stops pinging is closed after 4 s (production: 45 s, worker/features/chat/keep-alive.ts),
          // so presence.test.ts sees a dropped network in seconds; test/worker/chat-client.ts pings every 1.3 s.
          CHAT_PING_TIMEOUT_MS: '4000',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
        },
      },
    };
  });
}

/**
 * Worker test files that read the whole world: a board's every row or its top (board-reads, rank-marks, game,
 * arena-fair, leagues, seasons), the market's first page, the one admin name (players), the one lobby's history and
 * who is online (chat, chat-shard, presence, world, moderation), the throttles every caller shares (abuse,
 * hardening). Each gets a Miniflare of its own, so no other file's rows are in its answer. Found by running the
 * rest in shuffled orders (`vitest run --project workerd --sequence.shuffle.files --sequence.seed=N`).
 */
const OWN_STORAGE = [
  'board-reads',
  'rank-marks',
  'game',
  'arena-fair',
  'leagues',
  'seasons',
  'market',
  'players',
  'chat',
  'chat-shard',
  'presence',
  'world',
  'moderation',
  'abuse',
  'hardening',
].map((name) => `test/worker/${name}.test.ts`);

/**
 * The longest files, longest first, whatever their project: vitest otherwise runs the projects one after another,
 * largest file first, so presence.test.ts (most of its 55 s waiting out the room's real grace and ping windows)
 * started two minutes in and ran on alone at the end, with a core idle (issue #50). Started first, its waits and the
 * others' overlap the CPU-bound files. A listed file that no longer exists fails the run, so the list cannot rot.
 */
const LONGEST_FIRST = [
  'test/worker/presence.test.ts',
  'test/game/zones.test.ts',
  'test/worker/arena.test.ts',
  'test/worker/chat-shard.test.ts',
  'test/worker/revocation-race.test.ts',
  'test/game/roll-record.test.ts',
  'test/components/league.test.tsx',
];
for (const file of LONGEST_FIRST) if (!existsSync(new URL(file, import.meta.url))) throw new Error(`vitest.config.ts LONGEST_FIRST names ${file}, which is gone`);

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => LONGEST_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
    const listed = sorted.filter((spec) => rank(spec) >= 0).sort((a, b) => rank(a) - rank(b));
    return [...listed, ...sorted.filter((spec) => rank(spec) < 0)];
  }
}

// Four projects, one `vitest run` (issue #38):
// - `rules`: the unit and property tests of game/, of the client's pure modules and of the worker's (`test/units/`:
//   its timing windows on a clock the test moves), in plain Node. They use nothing
//   of the Workers runtime (docs/conventions.md section 4), which would only add a runtime start per file.
// - `workerd`: the integration tests through the real Worker, inside workerd against real local D1 and Durable
//   Objects. A test that imports `cloudflare:*` or needs a binding belongs here; `workerd-own-storage` runs the
//   files of OWN_STORAGE the same way, each with a Miniflare of its own.
// - `components`: the client's shared components and hooks rendered in real Chromium (Vitest browser mode): states,
//   refusal popups, waits, toasts and dialog focus, which the end-to-end suite need not reach through a server.
export default defineConfig({
  test: {
    // Vitest runs one worker fewer than the cores by default: one file at a time on 2 cores. Files running side by
    // side share nothing (each vitest worker has its own Miniflare, so its own storage and isolate), so every core
    // runs one, and one more: some files wait out a real window (presence's grace) and leave their core idle. On 2
    // cores, 3 workers took the run from 366 to 315 s (issue #50). Four took it from 172 to 161 s alone, but gained
    // nothing inside `npm test` (183 against 184 s) and, beside `stress-ng --cpu 2`, made presence.test.ts's
    // "leaves within the timeout + the grace + 2 s" miss its bound once in two runs: three it stays.
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'rules',
          environment: 'node',
          include: ['test/game/**/*.test.ts', 'test/client/**/*.test.ts', 'test/units/**/*.test.ts'],
          setupFiles: ['./test/game/setup.ts'],
          // Pure modules hold no state between files, so a worker is reused instead of started per file.
          isolate: false,
          // The league model's test (test/game/league-model.test.ts) plays 1,300 accounts for 9 weeks: about 15 s of
          // one core, which a loaded 2-core machine has stretched past a minute.
          testTimeout: 20_000,
          hookTimeout: 300_000,
        },
      },
      {
        plugins: [workersRuntime()],
        test: {
          name: 'workerd',
          include: ['test/worker/**/*.test.ts'],
          exclude: OWN_STORAGE,
          setupFiles: ['./test/worker/setup.ts'],
          // The files share their worker's Miniflare, storage and modules, one after another: a Miniflare of its own
          // cost each file ~4.5 CPU-seconds before its first test (the 50 worker files, alone: 412 → 250 CPU-s,
          // 242 → 146 s; issue #50). Every test makes its own players, guilds and items, so another file's rows are only more
          // rows; a test that reads the whole world belongs in OWN_STORAGE.
          isolate: false,
          // Password hashing is deliberately slow (scrypt); on a loaded 2-core machine a test of 50 logins needs room.
          testTimeout: 30_000,
        },
      },
      {
        plugins: [workersRuntime()],
        test: {
          name: 'workerd-own-storage',
          include: OWN_STORAGE,
          setupFiles: ['./test/worker/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        // The client's own Vite plugins (vite.config.ts), not the Worker's: components are rendered with the app's
        // JSX transform and its Tailwind styles, so focus rings, stacking and sizes are the real ones.
        plugins: [react(), tailwindcss()],
        // Bundled before the first test: a dependency Vite discovers later (the client loads the API client and zod
        // on demand) makes it reload the page under a running test. Vite's warning names any new one to add here.
        optimizeDeps: {
          include: ['react', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'react-router', 'zod', 'zod/mini', '@tanstack/react-query', 'vitest-browser-react', 'vitest-browser-react/pure'],
        },
        test: {
          name: 'components',
          include: ['test/components/**/*.test.tsx'],
          setupFiles: ['./test/components/setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            // Real Chromium from Debian, as in playwright.config.ts, with the same flags keeping it off the network.
            // Motion reduced, as in the end-to-end suite: axe measures contrast from what is drawn, and a dialog
            // still fading in would be measured half transparent.
            provider: playwright({ launchOptions: CHROMIUM, contextOptions: { reducedMotion: 'reduce' } }),
            instances: [{ browser: 'chromium' }],
            // The end-to-end suite's phone; a test that needs a desktop sets its own.
            viewport: { width: 390, height: 844 },
            screenshotFailures: false,
            commands: { colorScheme, axeViolations, answer, forgetAnswers, loseAnswers, keysSent },
          },
        },
      },
    ],
  },
});
