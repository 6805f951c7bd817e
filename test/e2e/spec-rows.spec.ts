/**
 * Issue #24 point 10: the spec's popups for buttons the screens now show as blocked (docs/deviations.md 21). A
 * blocked button looks disabled and says why beside it, and pressing it still shows the spec's popup with the
 * spec's exact words, sends nothing, and gives the focus back to the button when closed. The scavenge screen's
 * and the profile's blocked buttons, and Scavenge at 0 energy, are component tests
 * (test/components/refusal-popups.test.tsx); this one is the profile screen's own: the trophy refusal over an
 * item's details. (A visitor narrower than 640 px at / going to /login is in accounts.spec.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import { MSG } from '../../game/messages';
import { expect, test } from './fixtures';

/** Counts the intents the page sends, so a test can show a blocked press sent none. */
function countPosts(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) sent.push(new URL(request.url()).pathname);
  });
  return sent;
}

/** The blocked button, pressed: the spec's popup, then Close gives the focus back. Nothing was sent. */
async function expectSpecPopup(page: Page, button: Locator, message: string, sent: string[]) {
  await expect(button).toHaveAttribute('aria-disabled', 'true');
  // force: Playwright waits for an aria-disabled button to be enabled; a player's tap does not.
  await button.click({ force: true });
  const popup = page.getByRole('dialog', { name: message, exact: true });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('alert')).toHaveText(message);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect(popup).toBeHidden();
  await expect(button).toBeFocused();
  expect(sent).toEqual([]);
}

test.describe('the spec popups of blocked buttons', () => {
  test("'Add to Trophy Case' below 100 %: 'Item must be fully researched to add to the trophy case.'", async ({ page, signUp, game }) => {
    await signUp();
    await game.scavenge();
    const { profile } = await game.take([0]);
    const item = profile.inventory[0]!;
    await page.goto('/profile');
    await page.getByRole('button', { name: `Details of ${item.itemName}` }).click();
    const details = page.getByRole('dialog', { name: item.itemName });
    const sent = countPosts(page);
    await expectSpecPopup(page, details.getByRole('button', { name: 'Add to Trophy Case' }), MSG.trophyNeedsResearch, sent);
    await expect(details).toBeVisible();
  });
});
