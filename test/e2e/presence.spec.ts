/**
 * Presence after a browser goes away (hardening 4, point 4), on the production build: `vite build` into a
 * folder of this test's own, served by `wrangler dev` over the built Worker (workerd, Miniflare's D1 and
 * Durable Objects), with the chat's ping timeout shortened to 3 s (`--var CHAT_PING_TIMEOUT_MS`; production
 * keeps 45 s). One Chromium page watches the online list while another player's browser
 * - closes its tab: the player leaves the list within the room's grace + 2 s;
 * - freezes (SIGSTOP on its browser's processes: the connection stays open, nothing is sent and nothing is
 *   closed, as when a network drops or a laptop sleeps): the player leaves within the timeout + grace + 2 s.
 */
import { chromium, expect, test, type Browser, type Page } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { CHROMIUM } from '../chromium';
import { apiPost } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 5174) + 24;
const URL = `http://127.0.0.1:${PORT}`;
/** CHAT_PING_TIMEOUT_MS for this server: clients are told to ping every second. */
const PING_TIMEOUT_MS = 3000;
/** PRESENCE_GRACE_MS (worker/features/chat/room-state.ts). */
const GRACE_MS = 5000;
const BUILD = `.wrangler/presence-build-${PORT}`;
const STATE = `.wrangler/presence-state-${PORT}`;
/** `vite build` points later plain `wrangler` commands at its build (bench/run.mjs does the same). */
const DEPLOY_REDIRECT = '.wrangler/deploy/config.json';
const PASSWORD = 'correct horse battery';

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let serverLog = '';

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, PATH: `node_modules/.bin:${process.env.PATH}` } });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const redirect = existsSync(DEPLOY_REDIRECT) ? readFileSync(DEPLOY_REDIRECT) : null;
  try {
    run('vite', ['build', '--outDir', BUILD, '--emptyOutDir', '--logLevel', 'warn']);
  } finally {
    if (redirect) writeFileSync(DEPLOY_REDIRECT, redirect);
    else rmSync(DEPLOY_REDIRECT, { force: true });
  }
  rmSync(STATE, { recursive: true, force: true });
  run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '-c', 'wrangler.toml', '--persist-to', STATE]);
  server = spawn(
    'wrangler',
    ['dev', '-c', `${BUILD}/scavenger/wrangler.json`, '--port', String(PORT), '--ip', '127.0.0.1', '--persist-to', STATE, '--var', `CHAT_PING_TIMEOUT_MS:${PING_TIMEOUT_MS}`, '--inspector-port', '0', '--show-interactive-dev-session=false', '--log-level', 'warn'],
    { env: { ...process.env, PATH: `node_modules/.bin:${process.env.PATH}` }, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  server.stderr?.on('data', (chunk: Buffer) => (serverLog = (serverLog + chunk.toString()).slice(-4000)));
  const up = async () => {
    if (server?.exitCode !== null) throw new Error(`wrangler dev exited: ${serverLog}`);
    return (await fetch(`${URL}/api/health`).catch(() => null))?.ok === true;
  };
  await expect.poll(up, { timeout: 60_000, message: 'wrangler dev answers /api/health' }).toBe(true);
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await exited;
  }
  rmSync(STATE, { recursive: true, force: true });
  rmSync(BUILD, { recursive: true, force: true });
});

let count = 0;
/** A player signed up through the API in a context of `browser`, on the chat screen. */
async function chatPlayer(browser: Browser) {
  const context = await browser.newContext({ baseURL: URL, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  count += 1;
  const username = `pr${process.pid.toString(36)}${Date.now().toString(36).slice(-4)}${count}`.slice(0, 15);
  expect((await apiPost(page.request, URL, '/api/auth/signup', { email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD })).status()).toBe(201);
  expect((await apiPost(page.request, URL, '/api/setUsername', { username })).status()).toBe(201);
  // The pongs this page's chat socket receives: it pings, and the room's runtime answers.
  let pongs = 0;
  page.on('websocket', (socket) => socket.on('framereceived', (frame) => void (String(frame.payload).startsWith('{"type":"pong"') && (pongs += 1))));
  await page.goto('/chat');
  return { page, context, username, pongs: () => pongs };
}

const listed = (page: Page, username: string) => page.getByRole('list', { name: 'Online users' }).getByRole('listitem').filter({ hasText: username });

/** The browser's process and all its descendants (renderers, the network service). */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(pid)]).toString().trim().split('\n').filter(Boolean).map(Number);
  } catch {
    // pgrep exits 1 when there are none.
  }
  return [pid, ...children.flatMap(processTree)];
}

test('a closed tab leaves the online list within the grace + 2 s', async ({ browser }) => {
  const observer = await chatPlayer(browser);
  const leaving = await chatPlayer(browser);
  await expect(listed(observer.page, leaving.username)).toHaveCount(1);
  const closedAt = Date.now();
  await leaving.context.close();
  await expect(listed(observer.page, leaving.username)).toHaveCount(0, { timeout: GRACE_MS + 2000 });
  expect(Date.now() - closedAt).toBeLessThanOrEqual(GRACE_MS + 2000);
  await observer.context.close();
});

test('a browser that freezes, closing nothing, leaves the online list within the ping timeout + the grace + 2 s', async ({ browser }) => {
  const observer = await chatPlayer(browser);
  const frozen = await chromium.launchServer(CHROMIUM);
  try {
    const player = await chatPlayer(await chromium.connect(frozen.wsEndpoint()));
    await expect(listed(observer.page, player.username)).toHaveCount(1);
    // While it pings, a socket outlives the timeout: 5 pongs, one a second, the first as it opened.
    const openedAt = Date.now();
    await expect.poll(() => player.pongs(), { timeout: PING_TIMEOUT_MS * 3 }).toBeGreaterThanOrEqual(5);
    expect(Date.now() - openedAt).toBeGreaterThan(PING_TIMEOUT_MS);
    await expect(listed(observer.page, player.username)).toHaveCount(1);
    const pids = processTree(frozen.process().pid!);
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    const frozenAt = Date.now();
    await expect(listed(observer.page, player.username)).toHaveCount(0, { timeout: PING_TIMEOUT_MS + GRACE_MS + 2000 });
    expect(Date.now() - frozenAt).toBeLessThanOrEqual(PING_TIMEOUT_MS + GRACE_MS + 2000);
    // The observer, which kept pinging, is still in the room: it sees itself listed.
    await expect(listed(observer.page, observer.username)).toHaveCount(1);
  } finally {
    await frozen.kill();
  }
  await observer.context.close();
});
