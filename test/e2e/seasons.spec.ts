/**
 * Seasons (issue #25, docs/design.md section 8.4): the leaderboard opens on this month's board with the time
 * left and what the 1st pays; a trophy researched and added this month puts the reader on it; the all-time
 * board is one tab away; a guild page shows its season score. On a phone in light and a desktop in dark, by
 * keyboard, axe clean. The board's loading, empty and error states: test/components/read-states.test.tsx.
 */
import { tierPoints } from '../../game/rules/rarity';
import { seasonBounds } from '../../game/rules/season';
import { apiPost, expect, test } from './fixtures';
import { foundGuild } from './guild-helpers';
import { expectAxeClean, SCREENS } from './screens';

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('the leaderboard opens on the season: time left, prizes, and a trophy researched this month puts me on it', async ({ page, signUp, game }) => {
      const { username } = await signUp();
      await page.goto('/leaderboard');
      const season = page.getByRole('tab', { name: 'This season' });
      await expect(season).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByTestId('season-clock')).toHaveText(/^\w+ \d{4} season · ends in \d+ [dhms]/);
      await expect(page.getByText('On the 1st the season ends: the top 1 % get 40 cash')).toBeVisible();
      await expect(page.getByTestId('season-standing')).toHaveText('You have no season points yet: research a find this month and add it to your trophy case.');
      await expectAxeClean(page, `the season board, ${screen.name}`);

      // A find researched now and added to the case: its trophy points are this season's.
      await game.scavenge();
      await game.take([0]);
      const [find] = (await game.profile()).inventory;
      await game.research(find!.id);
      await game.addTrophy(find!.id);
      const points = tierPoints(find!.rarity) * find!.quality;
      await page.reload();
      await expect(page.getByTestId('season-standing')).toHaveText(new RegExp(`^You are #\\d+ with ${points} points from 1 trophy\\.$`));
      const mine = page.getByTestId('season-me');
      if (await mine.count()) await expect(mine).toContainText(username!);

      // The all-time board, the spec's, is the next tab: by keyboard, as the tabs pattern has it.
      await season.focus();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('tab', { name: 'All time' })).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=alltime$/);
      await expect(page.getByTestId('leaderboard-me')).toContainText(username!);
    });

    test("season medals sit on the public card's shelf; the board warns on the season's last day", async ({ page, signUp, baseURL }) => {
      const { username } = await signUp();
      const medal = await apiPost(page.request, baseURL!, '/dev/fixtures/medal', { season: '2026-10', rank: 2 });
      expect(medal.status()).toBe(200);
      // The browser's clock an hour before the season ends: the board says what the last day means.
      await page.clock.install({ time: seasonBounds(Date.now()).endsAt - 3_600_000 });
      await page.goto('/leaderboard?tab=alltime');
      await page.getByTestId('leaderboard-me').getByRole('button', { name: username! }).click();
      const shelf = page.getByRole('dialog', { name: username! }).getByRole('region', { name: 'Season medals' });
      await expect(shelf.getByTestId('medal')).toHaveText(['Ember MedalOctober 2026 · #2']);
      await expectAxeClean(page, `the medal shelf, ${screen.name}`);
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'This season' }).click();
      await expect(page.getByTestId('season-clock')).toHaveText(/ends in (59 m|1 h)/);
      await expect(page.getByTestId('season-last-day')).toHaveText(
        'Last day: add your finished research to the trophy case before midnight UTC to count it in this season. Research that finishes today and is added on the 1st (UTC) counts in the new one.',
      );
    });

    test("a guild page shows what its members earned this season while members", async ({ page, signUp, game, baseURL }) => {
      await signUp();
      const { guild } = await foundGuild(page, baseURL!);
      await page.goto(`/guilds/${guild.id}`);
      await expect(page.getByTestId('guild-season-score')).toHaveText('0');
      // The header says what each score counts.
      await expect(page.getByTestId('guild-score-note')).toHaveText(
        "Score: the members' trophy scores now. This season: what members scored this month while in the guild, from trophies they researched this month.",
      );
      await game.scavenge();
      await game.take([0]);
      const [find] = (await game.profile()).inventory;
      await game.research(find!.id);
      await game.addTrophy(find!.id);
      await page.reload();
      await expect(page.getByTestId('guild-season-score')).toHaveText(String(tierPoints(find!.rarity) * find!.quality));
      await expectAxeClean(page, `a guild's season score, ${screen.name}`);
    });
  });
}
