/**
 * Issue #24, what a new player met on the scavenge, profile, arena and guild screens: every refusal that can be
 * foreseen is said before the tap (when, or how much more), a press anyway shows the server's words and sends
 * nothing, no find is lost without a word, and the two kinds of "best". Each test runs on a 390×844 phone in
 * light and on a 1366×900 desktop in dark (the layouts and the colours differ; the rules do not); axe clean.
 * What a component says by itself is tested on the component (test/components/): the profile's Swap with no
 * duffel slots and the guild form short of gold (refusal-popups.test.tsx), what the next level brings
 * (profile-header.test.tsx).
 */
import type { Page } from '@playwright/test';
import { INVENTORY_SIZE, LOOT_PER_SCAVENGE } from '../../game/constants';
import { MSG } from '../../game/messages';
import { rarityRank, sortItems } from '../../game/rules';
import { grantItem } from './craft-helpers';
import { apiPlayerInNewContext, apiPost, expect, test, unprotect } from './fixtures';
import { expectAxeClean, SCREENS } from './screens';

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const rowOf = (page: Page, panel: string, key: string) => region(page, panel).locator(`[data-item-key="${key}"]`).getByTestId('item-row');

/** The intents the page sends from now on. */
function postsFrom(page: Page) {
  const sent: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && path.startsWith('/api/')) sent.push(path);
  });
  return sent;
}

/** A pending find of our choosing in one loot slot (POST /dev/fixtures/loot). */
async function pendingFind(page: Page, baseURL: string, catalogId: string, slot = 0) {
  const response = await apiPost(page.request, baseURL, '/dev/fixtures/loot', { catalogId, quality: 7, slot });
  expect(response.status(), await response.text()).toBe(200);
}

for (const screen of SCREENS) {
  test.describe(`on ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, colorScheme: screen.colorScheme, reducedMotion: 'reduce' });

    test('before the first scavenge the screen says what the leaderboard counts', async ({ page, signUp }) => {
      await signUp();
      await page.goto('/scavenge');
      await expect(page.getByTestId('leaderboard-counts')).toHaveText(
        'The leaderboard counts your trophy case: keep finds equipped until they are fully researched, then add them as trophies.',
      );
    });

    test('scavenging again past a rare find not taken asks first, naming it and the salvage; Stay and take them sends nothing', async ({ page, signUp, game, baseURL }) => {
      await signUp();
      await game.scavenge();
      await pendingFind(page, baseURL!, 'katana', 2);
      await page.goto('/scavenge');
      await expect(region(page, 'Scavenged Loot').getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE);
      // Ours, and any the scavenge rolled itself: Stay must keep every one.
      const katanas = region(page, 'Scavenged Loot').getByTestId('item-name').filter({ hasText: 'Katana' });
      const katanasBefore = await katanas.count();
      expect(katanasBefore).toBeGreaterThanOrEqual(1);
      const sent = postsFrom(page);
      await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
      // Named with its tier; other rare finds among the six would be named too.
      const ask = page.getByRole('alertdialog', { name: /^Leave .*Katana \(Rare\).* behind\?$/ });
      await expect(ask).toBeVisible();
      await expect(ask.getByRole('button', { name: 'Stay and take them' })).toBeFocused();
      const salvage = (await game.pendingLoot()).reduce((sum, find) => sum + find.salvage, 0);
      await expect(ask.getByTestId('salvage-line')).toHaveText(MSG.salvageLine(salvage));
      await expectAxeClean(page, 'the question before leaving a rare find');
      await ask.getByRole('button', { name: 'Stay and take them' }).click();
      await expect(ask).toBeHidden();
      expect(sent).toEqual([]);
      await expect(katanas).toHaveCount(katanasBefore);

      await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
      await ask.getByRole('button', { name: 'Scavenge anyway' }).click();
      await expect.poll(() => sent).toEqual(['/api/scavenge']);
    });

    test('a find picked by hand into a full inventory brings the item its gain line names into the drops; the question says the research lost', async ({ page, signUp, game }) => {
      await signUp();
      await game.scavenge();
      const equipped = (await game.take([0, 1, 2, 3, 4, 5])).profile.inventory;
      const weakest = sortItems(equipped).at(-1)!;
      await game.scavenge();
      await page.goto('/scavenge');
      const loot = region(page, 'Scavenged Loot');
      const first = loot.getByTestId('item-row').first();
      await expect(loot.getByTestId('gain').first()).toContainText(`vs ${weakest.itemName}`);
      await first.click();
      await expect(rowOf(page, 'Equipped:', weakest.id)).toHaveAttribute('aria-pressed', 'true');
      // Unpicked, the drop it brought goes again.
      await first.click();
      await expect(rowOf(page, 'Equipped:', weakest.id)).toHaveAttribute('aria-pressed', 'false');
      const takeSwap = page.getByRole('button', { name: 'Take/Swap', exact: true });
      await expect(takeSwap).toHaveAccessibleDescription('Select a find to take.');

      await first.click();
      await takeSwap.click();
      const ask = page.getByRole('alertdialog', { name: 'Take 1 find and salvage 1 equipped item?' });
      await expect(ask.getByTestId('item-to-destroy')).toHaveText([new RegExp(`^${weakest.itemName} · `)]);
      // Equipped for a few seconds already: that research is named as lost.
      await expect(ask.getByTestId('research-lost')).toHaveText(/^\d+ (s|m \d+ s) of research lost$/);
      await ask.getByRole('button', { name: 'Cancel' }).click();

      // A second find picked by hand and its drop taken back: the button says what is missing, and a press shows
      // the spec's refusal without sending anything.
      await loot.getByTestId('item-row').nth(1).click();
      await rowOf(page, 'Equipped:', weakest.id).click();
      const selectedDrops = await region(page, 'Equipped:').locator('[aria-pressed="true"]').count();
      expect(selectedDrops).toBe(1);
      await expect(takeSwap).toHaveAccessibleDescription(`All ${INVENTORY_SIZE} slots are full: select 1 equipped item to drop.`);
      const sent = postsFrom(page);
      // force: Playwright waits for an aria-disabled button to be enabled; a player's tap does not.
      await takeSwap.click({ force: true });
      await expect(page.getByRole('dialog', { name: MSG.inventoryFull })).toBeVisible();
      expect(sent).toEqual([]);
      await expectAxeClean(page, `the full inventory's refusal, ${screen.name}`);
    });

    test('"Keep for research" in one tap keeps a new find in place of a researching item, never a finished one (section 10.3)', async ({ page, signUp, game, baseURL }) => {
      await signUp();
      // Katanas: one in the trophy case, so the equipped ones are not new; five researching (10 %), one finished.
      await game.addTrophy(await grantItem(page, baseURL!, 'katana', 10));
      const finished = await grantItem(page, baseURL!, 'katana', 9);
      for (let n = 0; n < INVENTORY_SIZE - 1; n += 1) await game.researchAt(await grantItem(page, baseURL!, 'katana', 5), 10);
      await game.scavenge();
      // A find new to the collection, whatever the others are.
      await pendingFind(page, baseURL!, 'compound-bow', 0);
      await page.goto('/scavenge');
      const keep = page.getByRole('button', { name: 'Keep for research' });
      await expect(keep).not.toHaveAttribute('aria-disabled', 'true');
      await expect(keep).toHaveAttribute('data-suggested', 'true');
      const before = (await game.profile()).inventory;
      await keep.click();
      // One tap completes the step; 10 minutes of research or a Very Rare left over asks first.
      const ask = page.getByRole('alertdialog');
      await expect.poll(async () => (await ask.isVisible()) || (await region(page, 'Scavenged Loot').getByTestId('item-row').count()) === 0).toBe(true);
      if (await ask.isVisible()) await ask.getByRole('button', { name: 'Yes, take and salvage' }).click();
      await expect(region(page, 'Scavenged Loot').getByTestId('item-row')).toHaveCount(0);
      const after = (await game.profile()).inventory;
      expect(after).toHaveLength(INVENTORY_SIZE);
      // The finished Katana stays; the Compound Bow came in for a researching one.
      expect(after.map((item) => item.id)).toContain(finished);
      expect(after.map((item) => item.catalogId)).toContain('compound-bow');
      expect(before.filter((item) => !after.some((kept) => kept.id === item.id)).length).toBeGreaterThanOrEqual(1);
      await expectAxeClean(page, `Keep for research, ${screen.name}`);
    });

    test('Fight at 1 energy says when there will be enough; a press shows the refusal and sends nothing', async ({ page, signUp, game, browser, baseURL }) => {
      await signUp();
      const rival = await apiPlayerInNewContext(browser, baseURL!);
      await unprotect(rival, baseURL!);
      await game.setEnergy(1);
      await page.goto(`/arena?q=${rival.username}`);
      const fight = page.getByRole('button', { name: `Fight ${rival.username} (2 energy)` });
      await expect(page.getByTestId('fight-blocked')).toHaveText(/^A fight takes 2 energy and you have 1: enough in (1 m \d+ s|2 m 0 s|\d+ s)\.$/);
      await expect(fight).toHaveAttribute('aria-disabled', 'true');
      await expect(fight).toHaveAccessibleDescription(/^A fight takes 2 energy/);
      const sent = postsFrom(page);
      await fight.click({ force: true });
      await expect(page.getByRole('dialog', { name: MSG.notEnoughEnergy })).toBeVisible();
      expect(sent).toEqual([]);
      await expectAxeClean(page, `the arena's energy refusal, ${screen.name}`);
      await rival.context.close();
    });

    test('on a phone, Swap and the trash stay on the screen while the player selects down the Equipped list', async ({ page, signUp, game }) => {
      test.skip(!screen.phone, 'a desktop shows the whole list and its buttons');
      await signUp();
      await game.scavenge();
      const equipped = (await game.take([0, 1, 2, 3, 4, 5])).profile.inventory;
      await page.goto('/profile');
      const last = rowOf(page, 'Equipped:', sortItems(equipped).at(-1)!.id);
      await last.scrollIntoViewIfNeeded();
      await last.click();
      await expect(page.getByRole('button', { name: /^Swap \(/ })).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Delete selected items' })).toBeInViewport({ ratio: 1 });
      const bar = (await page.getByRole('group', { name: 'Selected items' }).boundingBox())!;
      const row = (await last.boundingBox())!;
      expect(row.y + row.height, 'the selected row is above the bar').toBeLessThanOrEqual(bar.y + 1);
    });

    test("a new player's first scavenge marks each find New, and cheers none below Very Rare", async ({ page, signUp, game }) => {
      await signUp();
      await page.goto('/scavenge');
      // The trophy case is read before the player can press: the badges know what the collection holds.
      await expect(page.getByRole('button', { name: 'Keep for research' })).toHaveAccessibleDescription('Scavenge first.');
      await page.getByRole('button', { name: 'Scavenge (1 energy)' }).click();
      await expect(region(page, 'Scavenged Loot').getByTestId('item-row')).toHaveCount(LOOT_PER_SCAVENGE, { timeout: 20_000 });
      await expect(region(page, 'Scavenged Loot').getByTestId('new-badge')).toHaveCount(LOOT_PER_SCAVENGE);
      const great = (await game.pendingLoot()).filter((find) => rarityRank(find.rarity) >= rarityRank('veryrare'));
      if (great.length === 0) await expect(page.getByTestId('toast')).toHaveCount(0);
      else await expect(page.getByTestId('toast')).toContainText(great.length === 1 ? `${great[0]!.itemName}!` : `${great.length} great finds`);
    });
  });
}
