/**
 * `npm run screenshots`: every screen of the game, signed out and in, at phone and desktop size, light and dark,
 * as PNGs in screenshots/ (git-ignored). Its own dev server on port 5182 with fresh state, so it never touches a
 * developer's data or a running test suite.
 */
import { defineConfig } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import baseConfig from '../playwright.config';

const PORT = 5182;
const root = fileURLToPath(new URL('..', import.meta.url));

const size = (width: number, height: number, colorScheme: 'light' | 'dark') => ({
  name: `${width}x${height}${colorScheme === 'dark' ? '-dark' : ''}`,
  use: { viewport: { width, height }, colorScheme, hasTouch: width < 640, isMobile: width < 640 },
});

export default defineConfig({
  testDir: '.',
  testMatch: 'screenshots.spec.ts',
  fullyParallel: true,
  workers: 2,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: baseConfig.use?.launchOptions,
    // Still pictures: the loot is shown dealt, dialogs fully in.
    reducedMotion: 'reduce',
  },
  projects: [size(390, 844, 'light'), size(1280, 800, 'light'), size(390, 844, 'dark'), size(1280, 800, 'dark')],
  webServer: {
    command: 'bash scripts/e2e-server.sh',
    cwd: root,
    env: { E2E_PORT: String(PORT) },
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
