/**
 * Error boundaries (client/app/error-boundary.tsx, client/lib/lazy.ts): a screen whose code is gone after a
 * deploy reloads the page once and then shows; one that still cannot load, or that throws while rendering,
 * says so in a player's words inside the layout, with Reload, and the rest of the app keeps working.
 */
import type { Page } from '@playwright/test';
import { SHELL_MSG } from '../../game/shell-messages';
import { expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

const ARENA_CODE = '**/assets/arena-page-*.js';

/** How many times the page has loaded a document (the first visit counts one). */
function countLoads(page: Page) {
  const loads = { count: 0 };
  page.on('load', () => (loads.count += 1));
  return loads;
}

/** Forgets the console errors a refused chunk and a caught render error log, once the test has seen them. */
function forget(consoleErrors: string[], pattern: RegExp) {
  expect(consoleErrors.some((error) => pattern.test(error)), `a console error matching ${pattern}`).toBe(true);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !pattern.test(error) && !/ERR_FAILED|Failed to fetch dynamically imported module/.test(error)));
}

test('a screen whose code is gone after a deploy reloads the page once, then shows', async ({ page, signUp, consoleErrors }) => {
  await signUp();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  const loads = countLoads(page);
  let refused = 0;
  await page.route(ARENA_CODE, async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    return route.abort();
  });
  await page.getByRole('link', { name: 'Arena' }).first().click();
  await expect(page.getByRole('heading', { name: 'Arena' })).toBeVisible();
  expect(refused).toBe(1);
  expect(loads.count).toBe(1);
  await expect(page).toHaveURL(/\/arena$/);
  forget(consoleErrors, /ERR_FAILED|dynamically imported module/);
});

for (const screen of SCREENS) {
  test(`on ${screen.name}: code that still cannot load shows the failure with Reload; the rest works; Reload recovers`, async ({ page, signUp, consoleErrors }) => {
    await page.setViewportSize(screen.viewport);
    await page.emulateMedia({ colorScheme: screen.colorScheme });
    await signUp();
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile' }).or(page.getByTestId('profile-header')).first()).toBeAttached();
    const loads = countLoads(page);
    await page.route(ARENA_CODE, (route) => route.abort());
    await page.goto('/arena');
    // The one reload happened (the visit plus the reload), and then the failure is said, not a blank app.
    await expect(page.getByRole('heading', { name: SHELL_MSG.screenFailedTitle })).toBeVisible();
    expect(loads.count).toBe(2);
    await expect(page.getByText(SHELL_MSG.screenFailedText)).toBeVisible();
    const reload = page.getByRole('button', { name: SHELL_MSG.reload });
    await expect(reload).toBeVisible();
    await expectAxeClean(page, 'a screen that could not load');
    forget(consoleErrors, /ERR_FAILED|dynamically imported module/);

    // By keyboard: Reload is a Tab stop that works with Enter, once the code can be fetched again.
    await page.unroute(ARENA_CODE);
    await reload.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Arena' }).first()).toBeAttached();
    await expect(page.getByRole('heading', { name: SHELL_MSG.screenFailedTitle })).toHaveCount(0);
  });
}

test('a screen that throws while rendering shows the failure inside the layout; going elsewhere works', async ({ page, consoleErrors }) => {
  // The odds screen formats its percentages while rendering: on that screen alone, formatting throws.
  await page.addInitScript(() => {
    const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format')!;
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      configurable: true,
      get(this: Intl.NumberFormat) {
        if (location.pathname === '/odds') throw new Error('a render that throws (test)');
        return format.get!.call(this);
      },
    });
  });
  await page.goto('/odds');
  await expect(page.getByRole('heading', { name: SHELL_MSG.screenFailedTitle })).toBeVisible();
  await expect(page.getByRole('button', { name: SHELL_MSG.reload })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectAxeClean(page, 'a screen that threw');
  forget(consoleErrors, /a render that throws/);

  await page.getByRole('link', { name: 'How it works' }).first().click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(page.getByRole('heading', { name: SHELL_MSG.screenFailedTitle })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
