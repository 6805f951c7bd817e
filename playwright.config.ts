import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './test/chromium';

const PORT = Number(process.env.E2E_PORT ?? 5174);

export default defineConfig({
  testDir: './test/e2e',
  fullyParallel: true,
  // A `test.only` left in a commit would silently skip the rest of the suite in CI.
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  // Two shared cores run two browsers, two dev servers' worth of workerd and the tests: on a loaded machine a
  // correct test has taken 31 s (each passing in 10-15 s alone). A test's time is bounded, not its speed checked.
  timeout: 60_000,
  // A live change (a player's presence after the room's 5 s grace, a lazily joined room) can take 10 s there.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: CHROMIUM,
    // No trace: recording one (every response, every action's DOM) cost 12-15 % of the suite's CPU, on a machine the
    // suite keeps busy (issue #50), for a file CI never keeps. A failure still writes its error-context.md; to see
    // one step by step, run it again with `npx playwright test <file> --trace on`.
    trace: 'off',
    // Without a GPU every moving frame (the news ticker scrolls forever) is drawn in software: about a tenth of
    // a core per open page. Tests that check motion opt back in with `reducedMotion: 'no-preference'`.
    reducedMotion: 'reduce',
    // The service worker would cache and intercept in every test; notifications.spec.ts tests it, in a browser
    // profile of its own.
    serviceWorkers: 'block',
    // One browser context and tab per worker, reset between tests (cookies, storage, cache, routes, init scripts,
    // clocks, extra pages; options such as viewport and theme applied again), instead of a new one per test: a new
    // context and tab cost ~1.1 CPU-seconds before they load anything, most of it a new renderer process, and the
    // suite is CPU-bound (issue #50: 317 → 257 CPU-s over three files). What the reset leaves (permissions, offline,
    // geolocation, extra headers) throws on the reused context (test/e2e/fixtures.ts); other players get contexts
    // of their own.
    reuseContext: true,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: 'npm run e2e:server',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // The build and the first start of workerd: on a busy two-core machine the build alone took over 2 minutes
    // (issue #50). A bound on a wait for the server, never a measure of its speed.
    timeout: 600_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
