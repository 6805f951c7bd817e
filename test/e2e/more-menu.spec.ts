/**
 * The phone's More sheet (issue 14, docs/deviations.md): the screens the five tabs do not hold, reachable on a
 * 390 px screen, in a dialog that Escape closes, giving focus back to More.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PHONE } from './screens';

const moreButton = (page: Page) => page.getByRole('navigation', { name: 'Game' }).getByRole('button', { name: 'More' });
const sheet = (page: Page) => page.getByRole('dialog', { name: 'More' });

async function openMore(page: Page) {
  await moreButton(page).click();
  await expect(sheet(page)).toBeVisible();
}

test.describe('the More sheet on a phone', () => {
  test.use({ viewport: PHONE });

  test('reaches the leaderboard, the log and the rules, and Escape closes it', async ({ page, signUp }) => {
    // Five screens and a reload: more than the default time on a busy machine.
    test.slow();
    const { username } = await signUp();
    await page.goto('/scavenge');
    await expect(moreButton(page)).toHaveAttribute('aria-expanded', 'false');
    await openMore(page);
    await expect(moreButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(sheet(page).getByRole('link')).toHaveText(['Leaderboard', 'Market', 'Shop', 'Log', 'Notices', 'Odds', 'Fairness', 'How it works', 'About']);
    await expect(sheet(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(sheet(page)).toBeHidden();
    await expect(moreButton(page)).toBeFocused();
    await expect(page).toHaveURL(/\/scavenge$/);

    await openMore(page);
    await sheet(page).getByRole('link', { name: 'Leaderboard' }).click();
    await expect(page).toHaveURL(/\/leaderboard$/);
    await expect(page.getByRole('heading', { name: 'Leaderboard', level: 1 })).toBeVisible();
    await expect(sheet(page)).toBeHidden();

    // The Log opens over the profile, from any screen.
    await openMore(page);
    await sheet(page).getByRole('link', { name: 'Log' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const log = page.getByRole('dialog', { name: 'Log' });
    await expect(log).toBeVisible();
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(log).toBeHidden();
    // Closed for good: a reload does not bring it back.
    await page.reload();
    await expect(page.getByRole('heading', { name: username })).toBeVisible();
    await expect(log).toBeHidden();

    await openMore(page);
    await sheet(page).getByRole('link', { name: 'How it works' }).click();
    await expect(page.getByRole('heading', { name: 'How it works', level: 1 })).toBeVisible();
  });

  test('offers Admin to the admin only', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/profile');
    await openMore(page);
    await expect(sheet(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

    // The admin's session (the real admin name can be taken once per run, by accounts.spec.ts).
    await page.route('**/api/auth/session', async (route) => {
      const response = await route.fetch();
      const info = (await response.json()) as { user: { isAdmin: boolean } };
      await route.fulfill({ response, json: { ...info, user: { ...info.user, isAdmin: true } } });
    });
    await page.reload();
    await openMore(page);
    await sheet(page).getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  });

  test('signs out', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/profile');
    await openMore(page);
    await sheet(page).getByRole('button', { name: 'Sign Out' }).click();
    // Signed out, the phone goes to /, which sends a visitor narrower than 640 px on to /login (the spec).
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('status').filter({ hasText: 'You are signed out.' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Game' })).toHaveCount(0);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a desktop has no bottom navigation, and its footer links the rules', async ({ page, signUp }) => {
  await signUp();
  await page.goto('/profile');
  await expect(moreButton(page)).toBeHidden();
  await page.getByRole('contentinfo').getByRole('link', { name: 'How it works' }).click();
  await expect(page.getByRole('heading', { name: 'How it works', level: 1 })).toBeVisible();
});

test.describe('the phone top bar', () => {
  test.use({ viewport: PHONE });

  test('names the screen the player is on', async ({ page, signUp }) => {
    await signUp();
    const title = page.getByTestId('screen-title');
    for (const [path, name] of [
      ['/profile', 'Home'],
      ['/scavenge', 'Scavenge'],
      ['/arena', 'Arena'],
      ['/guilds', 'Guilds'],
      ['/chat', 'Chat'],
      ['/leaderboard', 'Leaderboard'],
      ['/notices', 'Notices'],
      ['/market', 'Market'],
      ['/shop', 'Shop'],
    ] as const) {
      await page.goto(path);
      await expect(title).toHaveText(name);
    }
    // Following a link changes it too, without a page load.
    await page.getByRole('navigation', { name: 'Game' }).getByRole('link', { name: 'Scavenge' }).click();
    await expect(title).toHaveText('Scavenge');
  });
});
