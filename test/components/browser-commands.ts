/**
 * What a component test asks of the browser around it (vitest.config.ts `browser.commands`, run in Node with
 * Playwright's page): the colour scheme, an axe audit, and answers to the API's reads. The page is the real
 * Chromium; an answer is given where a server would give it, at the network, so a component reads through the
 * app's own data layer whatever it is (as test/e2e/screens.ts holds and fails reads in the end-to-end suite).
 */
import type { BrowserCommand } from 'vitest/node';
import { seriousAxeViolations } from '../e2e/axe';

/** Light or dark (Tailwind's `dark:` follows prefers-color-scheme), or null for the browser's own. */
export const colorScheme: BrowserCommand<[scheme: 'light' | 'dark' | null]> = async ({ page }, scheme) => {
  await page.emulateMedia({ colorScheme: scheme });
};

/**
 * The serious and critical axe violations of what the test rendered, each as "rule: selectors". axe runs in the
 * test's own frame (the runner's page around it is not the app), as the end-to-end suite's audit does.
 */
export const axeViolations: BrowserCommand<[]> = async ({ frame }) =>
  (await seriousAxeViolations(await frame(), 'body')).map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);

/**
 * Requests to `path` are answered `status` with `body` from now on, until `forgetAnswers`. `held`: they wait for
 * it, until the next answer to `path` (which answers the requests after them), as a read under way does: a
 * screen's loading state, then its answer.
 */
export const answer: BrowserCommand<[path: string, body: unknown, status?: number, options?: { held?: boolean }]> = async ({ page }, path, body, status = 200, options = {}) => {
  const holds = heldOn(page);
  const waiting = holds.get(path);
  let release: () => void = () => {};
  const released = options.held ? new Promise<void>((resolve) => (release = resolve)) : null;
  await page.route(`**${path}`, async (route) => {
    await released;
    // A request still held when its test ended answers nobody.
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }).catch(() => {});
  });
  holds.delete(path);
  if (released) holds.set(path, release);
  waiting?.();
};

/**
 * Requests to `path` lose their answer as `losses` say, one each in turn (`network`: no answer at all; a status: a
 * gateway's page, without the API's error body), then are answered `status` with `body`. keysSent says the
 * Idempotency-Key each of them carried.
 */
export const loseAnswers: BrowserCommand<[path: string, losses: ('network' | number)[], body: unknown, status?: number]> = async ({ page }, path, losses, body, status = 200) => {
  const keys: string[] = [];
  sentOn(page).set(path, keys);
  await page.route(`**${path}`, async (route) => {
    const loss = losses[keys.length];
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (loss === 'network') await route.abort('failed').catch(() => {});
    else if (loss !== undefined) await route.fulfill({ status: loss, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }).catch(() => {});
    else await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }).catch(() => {});
  });
};

export const keysSent: BrowserCommand<[path: string]> = async ({ page }, path) => sentOn(page).get(path) ?? [];

const sent = new WeakMap<object, Map<string, string[]>>();
function sentOn(page: object) {
  let keys = sent.get(page);
  if (!keys) sent.set(page, (keys = new Map()));
  return keys;
}

export const forgetAnswers: BrowserCommand<[]> = async ({ page }) => {
  for (const release of heldOn(page).values()) release();
  heldOn(page).clear();
  sentOn(page).clear();
  await page.unrouteAll({ behavior: 'wait' });
};

/** The releases of the requests each path holds, by page: files running side by side have pages of their own. */
const held = new WeakMap<object, Map<string, () => void>>();
function heldOn(page: object) {
  let holds = held.get(page);
  if (!holds) held.set(page, (holds = new Map()));
  return holds;
}
