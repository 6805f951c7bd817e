/**
 * Weekly leagues (issue #41, docs/design.md section 9.5): the League tab of the leaderboard, reached by keyboard
 * from the other tabs, says how to join before the first score of the week; a trophy researched by the player
 * now puts them in their tier's league, their row highlighted with their points, under the table that will
 * settle and how many in it scored (section 9.5), and why the place would pay no prize yet. On a phone in light
 * and a desktop in dark, axe clean. The tab's loading, error and zone marks: test/components/league.test.tsx.
 */
import { PRIZE_POINTS } from '../../game/rules/league';
import { tierPoints } from '../../game/rules/rarity';
import { apiPost, expect, test } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('the League tab: how to join before the first score, then my row with the trophy points', async ({ page, signUp, game, baseURL }) => {
      const { username } = await signUp();
      await page.goto('/leaderboard?tab=guilds');
      // By keyboard: the League tab is the one after Guilds.
      await page.getByRole('tab', { name: 'Guilds' }).focus();
      await page.keyboard.press('ArrowRight');
      const tab = page.getByRole('tab', { name: 'League' });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=league$/);
      await expect(page.getByTestId('league-empty')).toHaveText("Score a trophy to join this week's league.");
      await expect(page.getByTestId('league-clock')).toHaveText(/^Scrap league · week of \d{1,2} \w{3} \d{4} · ends in \d+ [dhms]/);
      await expectAxeClean(page, `the league before the first score, ${screen.name}`);

      // An item researched by me now, added to the case: its trophy points are this week's.
      const made = await apiPost(page.request, baseURL!, '/dev/fixtures/item', { catalogId: 'radio-transceiver', quality: 4 });
      expect(made.status()).toBe(200);
      const { id } = (await made.json()) as { id: string };
      await game.addTrophy(id);
      const points = tierPoints('rare') * 4;
      await page.reload();
      await expect(page.getByTestId('league-standing')).toHaveText(new RegExp(`^You are #\\d+ with ${points} points`));
      // Why this place would pay nothing yet, and the rule: a prize needs two steady weeks (ADR 028).
      expect(points).toBeLessThan(PRIZE_POINTS);
      await expect(page.getByTestId('league-standing')).toContainText('A prize needs 1,000 points this week.');
      await expect(page.getByText(/^Up to 30 players/)).toContainText('A prize needs 1,000 points this week, and last week too if you played it, with no move down since');
      const mine = page.getByTestId('league-me');
      await expect(mine).toHaveAttribute('aria-current', 'true');
      await expect(mine).toContainText(username!);
      await expect(mine).toContainText('You');
      await expect(mine).toContainText(String(points));
      await expect(page.getByTestId('league-empty')).toHaveCount(0);
      // The table that will settle and how many in it scored: every row on the board is one of them.
      const rows = await page.getByTestId('league-row').count() + 1;
      await expect(page.getByTestId('league-table')).toHaveText(new RegExp(`^Your table: ${rows} players? scored this week(, from \\d+ leagues.*ranked together)?\\. Each player moves up or down from their own tier\\.$`));
      await expectAxeClean(page, `the league with my row, ${screen.name}`);
    });
  });
}
