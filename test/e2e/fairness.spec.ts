/**
 * Verifiable rolls (issue #30, docs/design.md section 8.8): a player checks their last scavenge and fight in
 * the browser once the server seed is revealed, with the API cut off after the page has the revealed seed; a
 * roll altered through the development fixture shows as not matching; by keyboard. The page's loading, empty and
 * error states, a refused and a chosen client seed, on a phone and a desktop, in light and dark, axe clean:
 * test/components/fairness.test.tsx.
 */
import type { Page } from '@playwright/test';
import { apiPost, expect, playerInNewContext, test, unprotect } from './fixtures';
import { DESKTOP, PHONE } from './screens';


const reveal = (page: Page) => page.getByRole('button', { name: 'Reveal the server seed and start a new one' });
const opened = (page: Page) => page.getByRole('region', { name: 'The roll you opened' });

test.describe('checking rolls', () => {
  test.use({ viewport: DESKTOP, reducedMotion: 'reduce' });

  test('a scavenge from the log: sealed while its seed is in use, verified offline once revealed, and an altered roll does not match', async ({ page, signUp, baseURL }) => {
    await signUp();
    await page.goto('/scavenge');
    await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
    await expect(page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row')).toHaveCount(6, { timeout: 20_000 });
    const finds = await page.getByRole('region', { name: 'Scavenged Loot' }).getByTestId('item-row').allTextContents();

    await page.goto('/profile');
    await page.getByRole('button', { name: 'Log', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log' }).getByRole('link', { name: 'Check this roll' }).click();
    await expect(page).toHaveURL(/\/fairness\?roll=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Fairness' })).toBeVisible();
    const hashShown = await page.getByTestId('server-seed-hash').textContent();
    await expect(opened(page)).toContainText('Not checkable yet: its server seed is still in use.');
    await expect(page.getByTestId('nonce')).toHaveText('1');

    await reveal(page).click();
    await expect(page.getByTestId('revealed')).toContainText('Its SHA-256 is the fingerprint you were shown before');
    await expect(page.getByTestId('server-seed-hash')).not.toHaveText(hashShown!);
    await expect(page.getByTestId('nonce')).toHaveText('0');
    await expect(opened(page).getByTestId('verdict')).toHaveText('Verified: the revealed seed gives exactly this outcome.');
    // The outcome checked is the six finds the scavenge screen showed.
    const outcome = await opened(page).getByTestId('outcome').textContent();
    const names = outcome!.split(', ').map((find) => find.replace(/ \(quality \d+\)$/, ''));
    expect(names).toHaveLength(6);
    for (const name of names) expect(finds.some((row) => row.includes(name)), `${name} in ${finds.join(' | ')}`).toBe(true);

    // From here the page has everything it needs: nothing reaches the server, and the check still runs.
    const rolls = page.getByTestId('rolls');
    await expect(rolls.getByTestId('roll')).toHaveCount(1);
    let blocked = 0;
    await page.route('**/api/**', (route) => {
      blocked += 1;
      return route.abort();
    });
    await rolls.getByRole('button', { name: 'Check this roll' }).click();
    await expect(rolls.getByTestId('verdict')).toHaveText('Verified: the revealed seed gives exactly this outcome.');
    expect(blocked).toBe(0);
    await page.unroute('**/api/**');

    // A dishonest server's stored outcome (one quality changed) is caught.
    const altered = await apiPost(page.request, baseURL!, '/dev/fixtures/alter-roll', {});
    expect(altered.status()).toBe(200);
    await page.reload();
    await expect(opened(page).getByTestId('verdict')).toContainText('Does not match. The revealed seed gives a different outcome from the one the server stored.');
    await expect(opened(page).getByTestId('verdict').getByTestId('outcome')).toHaveText(outcome!);
  });

  test('a fight from its replay: only the attacker is offered the check, and it verifies once revealed', async ({ page, signUp, browser, baseURL }) => {
    const me = (await signUp()).username!;
    const rival = await playerInNewContext(browser, baseURL!);
    await unprotect(rival.page, baseURL!);
    await page.goto(`/arena?q=${rival.username}`);
    await page.getByRole('button', { name: `Fight ${rival.username}` }).click();
    const replay = page.getByRole('dialog', { name: `${me} vs ${rival.username}` });
    await expect(replay.getByTestId('fight-result')).toBeVisible();
    await replay.getByRole('link', { name: 'Check this fight’s roll' }).click();
    await expect(opened(page)).toContainText('Fight');
    await expect(opened(page)).toContainText('Not checkable yet');
    await reveal(page).click();
    await expect(opened(page).getByTestId('verdict')).toHaveText('Verified: the revealed seed gives exactly this outcome.');

    // The defender's replay has no check: the fight drew from the attacker's seeds.
    await rival.page.goto('/arena');
    await rival.page.getByRole('button', { name: `Replay the fight with ${me}` }).click();
    await expect(rival.page.getByTestId('fight-result')).toBeVisible();
    await expect(rival.page.getByRole('link', { name: 'Check this fight’s roll' })).toHaveCount(0);
    // And opening the attacker's roll says it is not theirs to check.
    await rival.page.goto(page.url().replace(baseURL!, ''));
    await expect(rival.page.getByTestId('roll-not-stored')).toBeVisible();
    await rival.context.close();
  });
});

test.describe('by keyboard', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce' });

  test('a player chooses a client seed, reveals and checks a roll without the mouse; focus never drops to the page', async ({ page, signUp, game }) => {
    await signUp();
    await game.scavenge();
    await page.goto('/fairness');
    await expect(page.getByTestId('rolls').getByTestId('roll')).toHaveCount(1);
    const focusedIsAControl = () => page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null);
    /** Tabs until `target` has the focus (at most 60 stops). */
    async function tabTo(target: ReturnType<Page['getByRole']>) {
      for (let stop = 0; stop < 60; stop += 1) {
        if (await target.evaluate((node) => node === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error('not reached by Tab');
    }
    const field = page.getByLabel('Your client seed');
    await tabTo(field);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('keyboard_only');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('client-seed')).toHaveText('keyboard_only');
    expect(await focusedIsAControl()).toBe(true);

    await tabTo(reveal(page));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('revealed')).toContainText('Its SHA-256 is the fingerprint you were shown before');
    await expect(reveal(page)).toBeFocused();

    const check = page.getByTestId('rolls').getByRole('button', { name: 'Check this roll' });
    await tabTo(check);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('rolls').getByTestId('verdict')).toHaveText('Verified: the revealed seed gives exactly this outcome.');
    await expect(check).toBeFocused();
  });
});
