/**
 * Playwright fixtures: every test builds its own players through the real API, and an unexpected
 * console error or uncaught page error fails the test (docs/conventions.md).
 */
import { test as base, expect, type APIRequestContext, type APIResponse, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { IDEMPOTENCY_HEADER } from '../../game/api';
import type { FightResult, IntentResult, Item, Loot, Profile, SessionInfo } from '../../game/wire';

export const PASSWORD = 'correct horse battery';

/** The dev server reads ADMIN_EMAIL from .dev.vars (scripts/dev-setup.mjs creates it), so the tests do too. */
export const ADMIN_EMAIL = (() => {
  const file = ['.dev.vars', '.dev.vars.example'].find((name) => existsSync(name));
  const line = file && readFileSync(file, 'utf8').match(/^ADMIN_EMAIL=(.+)$/m);
  if (!line?.[1]) throw new Error('ADMIN_EMAIL is not set in .dev.vars');
  return line[1].trim().toLowerCase();
})();

/** Chromium logs every 4xx as a console error; those are the server's expected answers to refused input. */
const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d/;

let counter = 0;
export function uniqueName(prefix = 'e'): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36).slice(-5)}${counter}`.slice(0, 15);
}

export const uniqueEmail = () => `${uniqueName('m')}@example.com`;

/**
 * What the suite's server answers itself when its proxy in front of the Worker (`wrangler dev`'s ProxyWorker) loses
 * the connection to it, now and then on a loaded 2-core machine (workers-sdk issue 15203). The Worker's own
 * failures are JSON, so this text is never the game's.
 */
const PROXY_LOST = 'Error: Network connection lost.';

/**
 * How long one try waits for its answer before it counts as lost: a bound on a request the proxy dropped (CI saw
 * one fail at the call itself, its error not kept), far above any answer's time on a loaded machine, and under half
 * a test's.
 */
const ANSWER_BOUND_MS = 25_000;

/**
 * A POST from a context's request (sharing its cookies), sent as the game's client sends an intent: with an
 * Idempotency-Key (docs/decisions/031-idempotency-keys.md; routes that keep none ignore it), and once more with the
 * same key when the answer was lost on the way: the proxy's PROXY_LOST, or no answer at all. A lost intent is then
 * done once and answers its first answer; a fixture sets its value again. Every test's API call goes through here
 * or `apiGet`, so none fails on the dev server's transport.
 */
export async function apiPost(request: APIRequestContext, origin: string, path: string, data: unknown, headers: Record<string, string> = {}): Promise<APIResponse> {
  const sent = { Origin: origin, [IDEMPOTENCY_HEADER]: randomUUID(), ...headers };
  return answered(() => request.post(path, { data, headers: sent, timeout: ANSWER_BOUND_MS }));
}

/** A GET from a context's request, read once more when its answer was lost (see `apiPost`). */
export async function apiGet(request: APIRequestContext, path: string, headers: Record<string, string> = {}): Promise<APIResponse> {
  return answered(() => request.get(path, { headers, timeout: ANSWER_BOUND_MS }));
}

async function answered(send: () => Promise<APIResponse>): Promise<APIResponse> {
  const first = await send().catch(() => null);
  if (first && !(first.status() === 500 && (await first.text()) === PROXY_LOST)) return first;
  return send();
}

/** Same-origin API calls from the page's context that must succeed (a fixture, a set-up intent). */
async function post(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await apiPost(request, baseURL, path, data);
  expect(response.status(), `${path} answered ${await response.text()}`).toBeLessThan(300);
  return response;
}

/**
 * Test accounts come from the server's development fixture: signup's checks and session, one password hash per
 * server instead of one per account (worker/features/accounts/routes.ts). accounts.spec.ts signs up for real.
 */
export const ACCOUNT_FIXTURE = '/dev/fixtures/account';

export interface Account {
  email: string;
  password: string;
  username?: string;
}

/**
 * The signed-in player's game through the API, to set up a state quickly (a real scavenge through the screen
 * takes 2 seconds), and the development server's fixtures for states that take real time (research, energy).
 */
export interface Game {
  profile: () => Promise<Profile>;
  pendingLoot: () => Promise<Item[]>;
  scavenge: () => Promise<IntentResult>;
  take: (slots: number[], drop?: string[]) => Promise<IntentResult>;
  /** Marks one of the player's items fully researched (POST /dev/fixtures/research). */
  research: (itemId: string) => Promise<void>;
  /** An equipped item's research set to `percent` (0-99) done, researched by nobody yet. */
  researchAt: (itemId: string, percent: number) => Promise<void>;
  /** The player's server and client seed: a new player's scavenges then roll the same finds every run. */
  setSeeds: (serverSeed: string, clientSeed: string) => Promise<void>;
  setEnergy: (energy: number) => Promise<void>;
  setGold: (gold: number) => Promise<void>;
  setCash: (cash: number) => Promise<void>;
  setXp: (xp: number) => Promise<void>;
  setContractProgress: (slot: number, progress: number) => Promise<void>;
  upgradeDuffel: () => Promise<IntentResult>;
  swap: (toDuffel: string[], toInventory?: string[]) => Promise<IntentResult>;
  addTrophy: (itemId: string) => Promise<IntentResult>;
  fight: (defender: string) => Promise<FightResult>;
  /** Ends the player's new-player protection (POST /dev/fixtures/unprotect), so others can fight them at once. */
  unprotect: () => Promise<void>;
}

/**
 * What Playwright's reset of a reused context leaves behind (playwright.config.ts `reuseContext`): the next test in
 * the worker would inherit it. A test that needs one of these makes a context of its own (`playerInNewContext`).
 */
const OUTLIVES_RESET = ['grantPermissions', 'setGeolocation', 'setOffline', 'setExtraHTTPHeaders'] as const;

export const test = base.extend<{
  consoleErrors: string[];
  signUp: (options?: { username?: string | null; email?: string }) => Promise<Account>;
  game: Game;
}>({
  // One guard instead of a rule to remember: on the reused context, what its reset would not undo throws.
  context: async ({ context, reuseContext }, use) => {
    if (reuseContext) {
      for (const name of OUTLIVES_RESET) {
        const refuse = () => {
          throw new Error(`context.${name} would outlive this test in the worker's reused context: use a context of its own (playerInNewContext)`);
        };
        Object.defineProperty(context, name, { configurable: true, value: refuse });
      }
    }
    await use(context);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text())) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
  // Creates an account (and, unless username is null, a player) and signs the page's context in.
  signUp: async ({ page, baseURL }, use) => {
    await use(async ({ username, email } = {}) => {
      const account: Account = { email: email ?? uniqueEmail(), password: PASSWORD };
      await post(page.request, baseURL!, ACCOUNT_FIXTURE, { email: account.email, password: PASSWORD });
      if (username !== null) {
        account.username = username ?? uniqueName();
        await post(page.request, baseURL!, '/api/setUsername', { username: account.username });
      }
      return account;
    });
  },
  game: async ({ page, baseURL }, use) => {
    const get = async <T>(path: string): Promise<T> => {
      const response = await apiGet(page.request, path);
      expect(response.status(), `${path} answered ${await response.text()}`).toBe(200);
      return (await response.json()) as T;
    };
    const send = async <T>(path: string, data: unknown): Promise<T> => (await (await post(page.request, baseURL!, path, data)).json()) as T;
    const profile = async () => {
      const { user } = await get<SessionInfo>('/api/auth/session');
      if (!user) throw new Error('game helpers need a signed-in player');
      return get<Profile>(`/api/users/${user.uid}`);
    };
    await use({
      profile,
      pendingLoot: async () => (await get<Loot>('/api/scavenge')).loot,
      scavenge: () => send('/api/scavenge', {}),
      take: (take, drop = []) => send('/api/scavenge/swap', { take, drop }),
      research: async (itemId) => void (await send('/dev/fixtures/research', { itemId })),
      researchAt: async (itemId, percent) => void (await send('/dev/fixtures/research-at', { itemId, percent })),
      setSeeds: async (serverSeed, clientSeed) => void (await send('/dev/fixtures/seeds', { serverSeed, clientSeed })),
      setEnergy: async (energy) => void (await send('/dev/fixtures/energy', { energy })),
      setGold: async (gold) => void (await send('/dev/fixtures/gold', { gold })),
      setCash: async (cash) => void (await send('/dev/fixtures/cash', { cash })),
      setXp: async (xp) => void (await send('/dev/fixtures/xp', { xp })),
      setContractProgress: async (slot, progress) => void (await send('/dev/fixtures/contract', { slot, progress })),
      upgradeDuffel: () => send('/api/duffel/upgrade', {}),
      swap: (toDuffel, toInventory = []) => send('/api/swap', { toDuffel, toInventory }),
      addTrophy: (itemId) => send('/api/trophycase', { itemId }),
      fight: (defender) => send('/api/arena/fights', { defender }),
      unprotect: () => unprotect(page, baseURL!),
    });
  },
});

export { expect };

/**
 * Another player on a device of their own: a new browser context, signed in through the API. It takes none of
 * the test's `use` options (viewport, theme), so pass what it needs; motion is reduced, as in every test (see
 * playwright.config.ts). Close `context` when done.
 */
export async function playerInNewContext(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ reducedMotion: 'reduce', serviceWorkers: 'block', ...options, baseURL });
  const page = await context.newPage();
  return { context, page, username: await newPlayerIn(context, baseURL) };
}

/** A new account and player, signed in on `context` (its cookies), through the development fixture; answers the name. */
async function newPlayerIn(context: BrowserContext, baseURL: string): Promise<string> {
  const username = uniqueName('p');
  await post(context.request, baseURL, ACCOUNT_FIXTURE, { email: uniqueEmail(), password: PASSWORD });
  await post(context.request, baseURL, '/api/setUsername', { username });
  return username;
}

/** Whom a helper acts for through the API: a page (its context's cookies), or a player with no tab. */
export interface ApiActor {
  request: APIRequestContext;
}

/**
 * Another player who acts only through the API (a rival to fight, a guild to join): a context of their own with no
 * tab. A tab is a renderer process, ~1.1 CPU-seconds before it loads anything (playwright.config.ts), for a player
 * nobody looks at. Close `context` when done.
 */
export async function apiPlayerInNewContext(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  return { context, request: context.request, username: await newPlayerIn(context, baseURL) };
}

/**
 * Ends the new-player protection of `player` (docs/design.md section 9.10), as their first attack would: a fresh
 * player can be fought at once.
 */
export async function unprotect(player: ApiActor, baseURL: string) {
  await post(player.request, baseURL, '/dev/fixtures/unprotect', {});
}

/**
 * Presses Scavenge on the scavenge screen. With a rare-or-better find still pending the screen asks before
 * leaving it behind (issue #24); this answers "Scavenge anyway", for tests about something else.
 */
export async function scavengeOnScreen(page: Page) {
  await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
  const question = page.getByRole('alertdialog', { name: /^Leave .* behind\?$/ });
  await expect(page.getByTestId('scavenging').or(question)).toBeVisible();
  if (await question.isVisible()) await question.getByRole('button', { name: 'Scavenge anyway' }).click();
}

/**
 * Goes to `path` in the app already on the page as its links do: the router moves, nothing loads again, and the
 * focus goes to the new screen's name. Only when the page holds no screen of the game yet is it a full load. A
 * full load costs about five times as much (570 against 110 ms a screen on an idle machine: the scripts parsed
 * again, the session read, the chat socket opened again; issue #50), so a test that walks many screens loads the
 * first (`page.goto`, also after signing in through the API, which the page's session has not seen) and visits
 * the rest. Answers once the screen left behind is gone (a lazy screen keeps the old one up while it loads), so
 * `path` must lead to another screen than the one shown, not the same screen with other data.
 */
export async function visit(page: Page, path: string) {
  const origin = new URL(page.url()).origin;
  if (!/^https?:/.test(origin)) {
    await page.goto(path);
    return;
  }
  const target = new URL(path, origin).href;
  if (page.url() === target) return;
  const left = await page.$('h1');
  await page.evaluate((to) => {
    // The entry a <Link> pushes (react-router's history: a new key is what moves the focus to the screen's name).
    history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: (history.state?.idx ?? 0) + 1 }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
  await expect(page).toHaveURL(target);
  if (left) await page.waitForFunction((heading) => !heading.isConnected, left);
}

export async function loginThroughForm(page: Page, identifier: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email or username').fill(identifier);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * A player who has played a while, so every screen has something to show: equipped items (one fully researched),
 * a duffel bag with an item in it, a trophy, pending loot from a fresh scavenge and energy below the maximum.
 */
export async function playAWhile(game: Game): Promise<Profile> {
  await game.setGold(500);
  await game.scavenge();
  const taken = (await game.take([0, 1, 2, 3])).profile.inventory;
  const [toTrophy, toDuffel, researched] = taken;
  for (const item of [toTrophy!, toDuffel!, researched!]) await game.research(item.id);
  await game.addTrophy(toTrophy!.id);
  await game.upgradeDuffel();
  await game.upgradeDuffel();
  await game.swap([toDuffel!.id]);
  await game.scavenge();
  await game.setEnergy(12);
  return game.profile();
}
