/**
 * A first visit that teaches (issue 17): the landing page from 640 px wide (narrower visitors go to /login, whose
 * card opens with a pitch of the game, issue #24), with item art as plain images, and
 * after choosing a username a three-step first-run guide with "Scavenge now", shown once.
 */
import type { Page } from '@playwright/test';
import { LOOT_PER_SCAVENGE, SCAVENGE_COST } from '../../game/constants';
import { MSG } from '../../game/messages';
import { apiGet, expect, test, uniqueName } from './fixtures';
import { PHONE, expectAxeClean } from './screens';


const guide = (page: Page) => page.getByTestId('first-run-guide');

/** A signed-up account chooses its name through the screen and lands on its profile. */
async function chooseUsername(page: Page) {
  const name = uniqueName('f');
  await page.goto('/setusername');
  await page.getByLabel('Username').fill(name);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('button', { name: MSG.redirecting }).click();
  await expect(page).toHaveURL(/\/profile$/);
  return name;
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`a first visit on a phone (${colorScheme})`, () => {
    test.use({ viewport: PHONE, colorScheme, reducedMotion: 'reduce' });

    test('the landing page, from 640 px wide (a narrower visitor goes to /login), shows the game with its item art, and leads to signing up or in', async ({ page }) => {
      await page.setViewportSize({ width: 640, height: 900 });
      await page.goto('/');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Keep the best');
      const start = page.getByRole('link', { name: 'Start scavenging' });
      await expect(start).toBeInViewport();
      await expect(start).toHaveAttribute('href', '/signup');
      const art = page.getByTestId('landing-finds').locator('img');
      await expect(art).toHaveCount(5);
      // Every drawing really loaded (a broken src has no natural width).
      await expect.poll(() => art.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth > 0))).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectAxeClean(page, 'the landing page');
      await start.click();
      await expect(page).toHaveURL(/\/signup$/);
    });

    test('after the username, the three-step guide; Scavenge now starts the loop, and it is not shown again', async ({ page, signUp }) => {
      await signUp({ username: null });
      await chooseUsername(page);
      await expect(guide(page)).toBeVisible();
      await expect(guide(page).getByRole('heading', { level: 3 })).toHaveText(['Scavenge', 'Keep the best', 'Research']);
      // The game's own numbers, not words that could drift from them.
      await expect(guide(page)).toContainText(`Each scavenge costs ${SCAVENGE_COST} energy and turns up ${LOOT_PER_SCAVENGE} finds.`);
      const scavengeNow = guide(page).getByRole('link', { name: 'Scavenge now' });
      await expect(scavengeNow).toBeFocused();
      await expect(scavengeNow).toBeInViewport();
      await expectAxeClean(page, 'the first-run guide');

      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/scavenge$/);
      await expect(guide(page)).toHaveCount(0);
      await page.goto('/profile');
      await expect(page.getByRole('button', { name: 'Scavenge' }).or(page.getByRole('link', { name: 'Scavenge' })).first()).toBeVisible();
      await expect(guide(page)).toHaveCount(0);
    });
  });
}

test('the landing page shows before any of the API contract has loaded (issue #57)', async ({ page }) => {
  // The session, which every first screen waits for, is read without the contract (client/lib/session.tsx); the
  // contract (game/api.ts with zod/mini) would hold a phone's first paint for a download and half a second of CPU.
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Keep the best');
  const shownWith = [...scripts];
  expect(shownWith.length, 'scripts before the landing showed').toBeGreaterThan(0);
  for (const url of shownWith) {
    // Every endpoint's path is in the contract; '/api/auth/signup' is in nothing else.
    expect(await (await apiGet(page.request, url)).text(), url).not.toContain('/api/auth/signup');
  }
});

test.describe('the first-run guide', () => {
  test.use({ viewport: PHONE });

  test('a player who chose their name elsewhere (an existing player) never sees it', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/profile');
    await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
    await expect(guide(page)).toHaveCount(0);
  });
});
