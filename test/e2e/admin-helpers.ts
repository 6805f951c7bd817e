/**
 * The admin on a server of a test's own (own-server.ts): the admin's name can be taken once per server, and
 * accounts.spec.ts takes it on the shared one.
 */
import type { Browser, Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { ACCOUNT_FIXTURE, ADMIN_EMAIL, apiPost, expect, PASSWORD, uniqueEmail, uniqueName } from './fixtures';

const EXPECTED_REFUSAL = /^Failed to load resource: the server responded with a status of 4\d\d/;

/** A browser context on `url` whose page fails the test on unexpected console errors, as the fixtures' do. */
export async function deviceOn(browser: Browser, url: string) {
  const context = await browser.newContext({ baseURL: url, reducedMotion: 'reduce', serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED_REFUSAL.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const post = async (path: string, data: unknown) => {
    const response = await apiPost(page.request, url, path, data);
    expect(response.status(), `${path} answered ${await response.text()}`).toBeLessThan(300);
  };
  return { context, page, errors, post };
}

/** The admin account: ADMIN_EMAIL, proven through the mailed link, then the reserved name. */
export async function signUpAdmin(page: Page, post: (path: string, data: unknown) => Promise<void>) {
  await post('/api/auth/signup', { email: ADMIN_EMAIL, password: PASSWORD, confirmPassword: PASSWORD });
  await page.goto('/dev/mailbox');
  await page.getByTestId('mail').filter({ has: page.getByTestId('mail-to').getByText(ADMIN_EMAIL, { exact: true }) }).first().getByRole('link').click();
  await expect(page.getByRole('status').filter({ hasText: MSG.emailVerified })).toBeVisible();
  await post('/api/setUsername', { username: 'admin' });
}

/** The admin and one player with a username, each on a device of their own, on the server at `url`. */
export async function adminAndPlayer(browser: Browser, url: string) {
  const admin = await deviceOn(browser, url);
  await signUpAdmin(admin.page, admin.post);
  const player = await deviceOn(browser, url);
  const username = uniqueName('v');
  await player.post(ACCOUNT_FIXTURE, { email: uniqueEmail(), password: PASSWORD });
  await player.post('/api/setUsername', { username });
  return { admin, player, username };
}
