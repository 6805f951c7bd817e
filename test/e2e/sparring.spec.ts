/**
 * Sparring and the opponent card (docs/design.md sections 10.1 and 10.2) through the screens, on a phone in light and a
 * desktop in dark, axe clean: a protected newcomer's arena opens on Sparring, a spar plays back like a fight and
 * leaves them protected; and the opponent card shows both powers, what a win pays, and warns before a second fight
 * of the day between the two.
 */
import type { Page } from '@playwright/test';
import { purseParts, fightPurse } from '../../game/rules/fight-gold';
import { SPARRING_DUMMY_NAME, sparringPays } from '../../game/rules/sparring';
import { apiPlayerInNewContext, expect, test, unprotect } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

const opponentRow = (page: Page, username: string) => page.getByTestId('opponent').filter({ has: page.getByText(username, { exact: true }) });

for (const screen of SCREENS) {
  test.describe(`sparring and the opponent card, on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('a protected newcomer’s arena opens on Sparring; a spar plays back and keeps the protection; axe clean', async ({ page, signUp }) => {
      const me = (await signUp()).username!;
      await page.goto('/arena');
      const tabs = page.getByRole('tab');
      await expect(tabs).toHaveText(['Sparring', 'Fights']);
      await expect(page.getByRole('tab', { name: 'Sparring' })).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByTestId('sparring');
      await expect(panel.getByTestId('sparring-pays')).toHaveText(`A win pays ${sparringPays(1).xp} XP and ${sparringPays(1).gold} gold (new gold, taken from no one); a loss, nothing.`);
      await expect(panel.getByTestId('dummy-power')).toHaveText('0');
      await expectAxeClean(page, `the sparring tab, ${screen.name}`);

      await panel.getByRole('button', { name: 'Spar (2 energy)' }).click();
      const replay = page.getByRole('dialog', { name: `${me} vs ${SPARRING_DUMMY_NAME}` });
      await expect(replay.getByTestId('fight-result')).toBeVisible();
      const won = (await replay.getByTestId('fight-result').textContent())!.includes('You won!');
      await expect(replay.getByTestId('result-gold')).toHaveText(won ? `+${sparringPays(1).gold}` : '0');
      await expectAxeClean(page, `a spar's replay, ${screen.name}`);
      await replay.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByTestId('arena-energy')).toHaveText('18/20');
      // Still protected: a spar is no attack.
      await expect(page.getByTestId('me-protected')).toBeVisible();
      await page.getByRole('tab', { name: 'Fights' }).click();
      await expect(page.getByTestId('recent-fight').first()).toContainText(SPARRING_DUMMY_NAME);
    });

    test('the opponent card shows both powers and what a win pays, and warns once the two fought today; axe clean', async ({ page, signUp, game, browser, baseURL }) => {
      test.slow();
      await signUp();
      await game.unprotect();
      const rival = await apiPlayerInNewContext(browser, baseURL!);
      await unprotect(rival, baseURL!);
      await page.goto(`/arena?q=${rival.username}`);
      const row = opponentRow(page, rival.username);
      await expect(row.getByTestId('their-power')).toHaveText('0');
      await expect(row.getByTestId('my-power')).toHaveText('0');
      await expect(row.getByTestId('win-pays')).toHaveText(`A win pays up to ${fightPurse(1)} gold: up to ${purseParts(1).fromDefender} of theirs, ${purseParts(1).minted} new.`);
      await expect(row.getByTestId('fought-today')).toHaveCount(0);

      await row.getByRole('button', { name: `Fight ${rival.username} (2 energy)` }).click();
      const replay = page.getByRole('dialog', { name: / vs / });
      await expect(replay.getByTestId('fight-result')).toBeVisible();
      await replay.getByRole('button', { name: 'Close' }).click();
      // Said before the next press, whoever won: a second fight today moves no gold and no XP.
      await expect(row.getByTestId('fought-today')).toHaveText('Already fought today: no gold or XP');
      await expect(row.getByTestId('win-pays')).toHaveCount(0);
      await expectAxeClean(page, `the opponent card after a fight today, ${screen.name}`);
      await rival.context.close();
    });
  });
}
