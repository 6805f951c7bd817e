/**
 * What the screen tests share: the two screens every new screen is checked on, the axe audit, and a read held
 * and then failed, for a screen's loading and error states.
 */
import type { Page } from '@playwright/test';
import { seriousAxeViolations } from './axe';
import { expect } from './fixtures';

/** The two sizes every screen is checked at: the smallest phone we support, and a laptop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/** A phone in light and a desktop in dark: between them every layout and both themes. */
export const SCREENS = [
  { name: 'a phone, light', phone: true, viewport: PHONE, colorScheme: 'light' },
  { name: 'a desktop, dark', phone: false, viewport: DESKTOP, colorScheme: 'dark' },
] as const;

/** Each size in each theme: for the audits that must see every combination (the accessibility pass, teaching). */
export const EVERY_SCREEN = [
  { name: 'phone, light', phone: true, viewport: PHONE, colorScheme: 'light' },
  { name: 'desktop, light', phone: false, viewport: DESKTOP, colorScheme: 'light' },
  { name: 'phone, dark', phone: true, viewport: PHONE, colorScheme: 'dark' },
  { name: 'desktop, dark', phone: false, viewport: DESKTOP, colorScheme: 'dark' },
] as const;

/** axe's serious and critical violations on the page as it is now (test/e2e/axe.ts). */
export const seriousViolations = (page: Page) => seriousAxeViolations(page);

/** No serious or critical axe violation on the page as it is now. */
export async function expectAxeClean(page: Page, what: string) {
  const serious = (await seriousViolations(page)).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}

/**
 * Holds every request matching `url` until `release()` is called, then answers it 503 with `message`. The
 * screen shows its loading state while held and its error state after. `restore()` lets requests through again
 * and forgets the console error the failed read logged.
 */
export async function holdThenFail(page: Page, url: string, consoleErrors: string[], message = 'The game is resting.') {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'down', message } }) });
  });
  return {
    release,
    restore: async () => {
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('503')));
      await page.unroute(url);
    },
  };
}
