/**
 * The guild Salvage Drive on the guild's page (issue #27, docs/design.md sections 8.6 and 9.9): the empty week,
 * giving an item through the dialog that says what is destroyed for how many points and, up front, whether the giver
 * can claim; the progress and top donors; and the founder of a guild founded this week claiming its first week's
 * reward, then the claim's reason and the server's refusal once claimed. On a phone in light and a desktop in dark,
 * by keyboard, axe clean. Its loading and error states: test/components/read-states.test.tsx; the dialog's other
 * reasons: test/components/drive-give.test.tsx; the claim's rules and races: test/worker/drive.test.ts.
 */
import { MSG } from '../../game/messages';
import { itemsOfRarity } from '../../game/rules';
import { salvagePoints } from '../../game/rules/drive';
import { apiPost, expect, test } from './fixtures';
import { foundGuild } from './guild-helpers';
import { expectAxeClean, SCREENS } from './screens';

const HEIRLOOM = itemsOfRarity('heirloom')[0]!;

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme });

    test('the founder gives an item through the dialog, told they can claim, and claims the new guild’s first week', async ({ page, baseURL, signUp }) => {
      test.slow();
      const { username } = await signUp();
      const { guild } = await foundGuild(page, baseURL!);
      const response = await apiPost(page.request, baseURL!, '/dev/fixtures/item', { catalogId: HEIRLOOM.id, quality: 10 });
      expect(response.status()).toBe(200);
      const worth = salvagePoints('heirloom', 10);

      await page.goto(`/guilds/${guild.id}`);
      const drive = page.getByRole('region', { name: 'Salvage Drive' });
      await expect(drive.getByTestId('drive-empty')).toHaveText('Nobody has given to this week’s drive yet.');
      await expect(drive.getByTestId('drive-progress')).toHaveText('0 / 1,000 points');
      await expect(drive.getByRole('button', { name: 'Claim 10 cash' })).toHaveAccessibleDescription('1,000 points to go.');
      await expectAxeClean(page, `the empty drive, ${screen.name}`);

      // By keyboard: open the dialog, choose the item, give it.
      await drive.getByRole('button', { name: 'Give items' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Give to the Salvage Drive' });
      await expect(dialog).toContainText('Given items are destroyed.');
      // The guild was founded this week, so its founder can claim this week's reward: said before giving.
      await expect(dialog.getByTestId('give-claim')).toHaveText('You can claim 10 cash this week once you have given 100 points more and the target is met.');
      const item = dialog.getByRole('checkbox', { name: new RegExp(`^${HEIRLOOM.name}`) });
      await expect(dialog.getByTestId('give-items')).toContainText(`${worth.toLocaleString('en-US')} points`);
      await item.focus();
      await page.keyboard.press('Space');
      await expect(item).toBeChecked();
      await expectAxeClean(page, `the give dialog, ${screen.name}`);
      await dialog.getByRole('button', { name: `Destroy 1 for ${worth.toLocaleString('en-US')} points` }).click();
      await expect(page.getByRole('status').filter({ hasText: `You gave ${worth.toLocaleString('en-US')} points to the Salvage Drive.` })).toBeVisible();
      await expect(dialog).toBeHidden();

      await expect(drive.getByTestId('drive-progress')).toHaveText(`${worth.toLocaleString('en-US')} / 1,000 points: target met!`);
      await expect(drive.getByTestId('drive-donors').getByRole('listitem')).toHaveText([new RegExp(`^${username}\\s*${worth.toLocaleString('en-US')} points$`)]);
      await expect(drive.getByTestId('drive-mine')).toHaveText(`You gave ${worth.toLocaleString('en-US')} points this week.`);
      // The guild was founded this week: its founder claims its first week's reward.
      const claim = drive.getByRole('button', { name: 'Claim 10 cash' });
      await expect(claim).not.toHaveAttribute('aria-describedby');
      await claim.click();
      await expect(page.getByRole('status').filter({ hasText: 'You claimed 10 cash from the Salvage Drive.' })).toBeVisible();
      await expect(drive.getByTestId('drive-mine')).toHaveText(`You gave ${worth.toLocaleString('en-US')} points this week and claimed your reward.`);
      // Claimed: the button says so, and pressed anyway, the server's words.
      await expect(claim).toHaveAccessibleDescription('Claimed this week.');
      await claim.click({ force: true });
      await expect(page.getByTestId('message-dialog')).toContainText(MSG.driveClaimed);
      await expectAxeClean(page, `the drive after giving, ${screen.name}`);
    });
  });
}
