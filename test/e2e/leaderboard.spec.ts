/**
 * The leaderboard (issue 17): ties broken visibly (score, then power, then name ignoring case; a shared rank
 * shown as "=N"), and the reader's own row pinned to the screen while it is out of sight, with a jump to it.
 */
import { request as playwrightRequest, type Page } from '@playwright/test';
import { compareBoard } from '../../game/rules/rank';
import { ACCOUNT_FIXTURE, apiPost, expect, PASSWORD, test, uniqueEmail, uniqueName } from './fixtures';
import { PHONE, seriousViolations } from './screens';


/** A player (through the API only) with one Founder's Railgun of this quality in their trophy case, or none. */
async function playerWithTrophy(baseURL: string, username: string, quality: number | null) {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const ok = async (path: string, data: unknown) => {
    const response = await apiPost(api, baseURL, path, data);
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json() as Promise<{ id?: string }>;
  };
  await ok(ACCOUNT_FIXTURE, { email: uniqueEmail(), password: PASSWORD });
  await ok('/api/setUsername', { username });
  if (quality !== null) {
    const { id } = await ok('/dev/fixtures/item', { catalogId: 'founders-railgun', quality });
    await ok('/api/trophycase', { itemId: id });
  }
  await api.dispose();
}

/** Every listed row as the screen shows it. */
async function shownRows(page: Page) {
  const rows = page.getByTestId('leaderboard-row').or(page.getByTestId('leaderboard-me'));
  return rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim());
      return { rank: cells[0]!, username: tr.querySelector('[data-testid="player-name"]')!.textContent!.trim(), trophyCaseScore: Number(cells[3]), totalPower: Number(cells[4]) };
    }),
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`the leaderboard on a phone (${colorScheme})`, () => {
    test.use({ viewport: PHONE, colorScheme, reducedMotion: 'reduce' });
    test.describe.configure({ timeout: 120_000 });

    test('lists players level on score and power by name with a shared "=" rank, and pins my row with a jump to it', async ({ page, signUp, baseURL }) => {
      // Three players level on everything but the name (names that sort differently with and without case),
      // and enough better players that a new player's row is far below the first screen.
      const suffix = uniqueName('').slice(-9);
      const tied = [`Zed${suffix}`, `amy${suffix}`, `Max${suffix}`];
      await Promise.all(tied.map((name) => playerWithTrophy(baseURL!, name, 10)));
      for (let batch = 0; batch < 3; batch += 1) {
        await Promise.all([1, 2, 3, 4].map((quality) => playerWithTrophy(baseURL!, uniqueName('r'), quality + batch)));
      }
      const me = await signUp();
      // Someone as new as me: we share a rank, wherever the board lists it.
      await playerWithTrophy(baseURL!, uniqueName('n'), null);
      await page.goto('/leaderboard?tab=alltime');
      await expect(page.getByText('players level on both share a rank (shown as =) and are listed by name')).toBeVisible();
      // The explanation shows while the board loads: read the rows once they are there.
      await expect(page.getByTestId('leaderboard-me')).toBeAttached();

      const rows = await shownRows(page);
      expect(rows.map((row) => row.username)).toEqual([...rows].sort(compareBoard).map((row) => row.username));
      const tiedRows = rows.filter((row) => tied.includes(row.username));
      expect(tiedRows.map((row) => row.username)).toEqual([`amy${suffix}`, `Max${suffix}`, `Zed${suffix}`]);
      expect(new Set(tiedRows.map((row) => row.rank)).size).toBe(1);
      expect(tiedRows[0]!.rank).toMatch(/^=\d+$/);

      // My row is out of sight: pinned to the bottom of the screen with my rank, and the jump brings it into view.
      const myRow = page.getByTestId('leaderboard-me');
      const pinned = page.getByTestId('pinned-me');
      await expect(myRow).not.toBeInViewport();
      await expect(pinned).toBeInViewport();
      await expect(myRow.getByRole('cell').first()).toHaveText(/^=\d+$/);
      const rank = (await myRow.getByRole('cell').first().textContent())!.replace('=', '');
      await expect(pinned).toContainText(`You are #${rank}`);
      expect((await seriousViolations(page)).map((v) => v.id)).toEqual([]);

      await pinned.getByRole('button', { name: 'Jump to your row' }).click();
      await expect(myRow).toBeInViewport();
      await expect(myRow).toBeFocused();
      await expect(myRow).toContainText(me.username!);
      await expect(pinned).toHaveCount(0);
      // Scrolled back up, the pin returns; by keyboard this time.
      await page.evaluate(() => window.scrollTo(0, 0));
      await expect(pinned).toBeInViewport();
      await pinned.getByRole('button', { name: 'Jump to your row' }).focus();
      await page.keyboard.press('Enter');
      await expect(myRow).toBeFocused();
    });
  });
}

test.describe('the leaderboard on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the order it ranks by, and no pin while my row is in sight', async ({ page, signUp }) => {
    await signUp();
    await page.goto('/leaderboard?tab=alltime');
    const rows = await shownRows(page);
    expect(rows.map((row) => row.username)).toEqual([...rows].sort(compareBoard).map((row) => row.username));
    await page.getByTestId('leaderboard-me').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('pinned-me')).toHaveCount(0);
  });
});
