/**
 * Popups that show what the server answers: the profile's Craft and Trophy Case dialogs, opened from their real
 * buttons (client/features/profile/profile-tools.tsx), and a player's public card opened from their name. Each
 * says when its read fails, closes by Close, Escape or a click outside, and gives the focus back to what opened
 * it. Moved from the end-to-end suite, each test naming the one it replaced.
 */
import { describe, expect, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import CashShop from '../../client/features/cash/cash-shop';
import CraftDialog from '../../client/features/crafting/craft-dialog';
import { LeaderboardPage } from '../../client/features/leaderboard/leaderboard-page';
import { ToolButtons, ToolDialogs, useProfileTools } from '../../client/features/profile/profile-tools';
import TrophyCaseModal from '../../client/features/trophy-case/trophy-case-modal';
import { PlayerName } from '../../client/components/player-card';
import { MSG } from '../../game/messages';
import { itemsOfRarity } from '../../game/rules';
import type { Leaderboard, Profile } from '../../game/wire';
import { aCard, anItem, aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

/** The profile's tool buttons and their dialogs, as the profile screen wires them. */
function Tools({ profile }: { profile: Profile }) {
  const tools = useProfileTools();
  return (
    <>
      <ToolButtons tools={tools} onSignOut={() => {}} />
      <ToolDialogs tools={tools} uid={profile.uid} profile={profile} clockOffset={0} TrophyCase={TrophyCaseModal} CashShop={CashShop} Craft={CraftDialog} />
    </>
  );
}

const newPlayer = () => aProfile({ uid: newUid(), username: `p${newUid().slice(2, 12)}` });

// Moved from test/e2e/craft.spec.ts ('recipes that cannot be read say so').
test('recipes that cannot be read say so', async () => {
  const profile = newPlayer();
  await commands.answer('/api/recipes', { error: { code: 'throttled', message: MSG.tooManyAttempts } }, 429);
  await renderScreen(<Tools profile={profile} />, profile, { path: '/profile' });
  const craft = page.getByRole('button', { name: 'Craft', exact: true });
  await craft.click();
  const dialog = page.getByRole('dialog', { name: 'Craft', exact: true });
  await expect.element(dialog.getByRole('alert')).toHaveTextContent(`Error: ${MSG.tooManyAttempts}`);
  await userEvent.keyboard('{Escape}');
  await expect.element(dialog).not.toBeInTheDocument();
  await expect.element(craft).toHaveFocus();
});

test('the sets: the rule for a new player, and the speed two complete tiers give (docs/design.md section 9.6)', async () => {
  const rule = 'A tier with every item in the case is a complete set: research runs 5 % faster for each (at most 25 %), from an item\'s next equip.';
  const fresh = newPlayer();
  await commands.answer(`/api/trophycase/${fresh.uid}`, []);
  const first = await renderScreen(<Tools profile={fresh} />, fresh, { path: '/profile' });
  await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
  await expect.element(page.getByTestId('set-bonus')).toHaveTextContent(rule);
  await first.unmount();

  const collector = newPlayer();
  const complete = [...itemsOfRarity('verycommon'), ...itemsOfRarity('common')].map((entry, index) => ({ item: anItem(entry.id, { id: `t${index}`, research: 100 }), addedAt: index }));
  await commands.answer(`/api/trophycase/${collector.uid}`, complete);
  await renderScreen(<Tools profile={collector} />, collector, { path: '/profile' });
  await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
  await expect.element(page.getByTestId('set-bonus')).toHaveTextContent(`${rule} Yours: 10 % faster.`);
});

test('an item the player holds is named in the trophy case, never "Not found yet" (issue #51)', async () => {
  const [equipped, stowed] = itemsOfRarity('rare');
  const profile = aProfile({ uid: newUid(), inventory: [anItem(equipped!.id, { research: 100 })], duffelBag: [anItem(stowed!.id, { id: 'bag', research: 100 })] });
  await commands.answer(`/api/trophycase/${profile.uid}`, []);
  await renderScreen(<Tools profile={profile} />, profile, { path: '/profile' });
  await page.getByRole('button', { name: 'Trophy Case', exact: true }).click();
  await page.getByRole('button', { name: /^Rare \d+\/\d+$/ }).click();
  for (const entry of [equipped!, stowed!]) {
    const row = page.getByTestId('trophy-item').filter({ hasText: entry.name });
    await expect.element(row).toHaveTextContent(`${entry.name}Yours, not in the case yet`);
  }
  expect(page.getByTestId('trophy-item').filter({ hasText: 'Not found yet' }).elements()).toHaveLength(itemsOfRarity('rare').length - 2);
});

// Moved from test/e2e/game.spec.ts ('a new player sees every name masked; Back, Close, Escape and a click outside work').
test('a new player sees every name masked; Back, Close, Escape and a click outside work', async () => {
  const profile = newPlayer();
  await commands.answer(`/api/trophycase/${profile.uid}`, []);
  await renderScreen(<Tools profile={profile} />, profile, { path: '/profile' });
  const open = page.getByRole('button', { name: 'Trophy Case', exact: true });
  await open.click();
  const modal = page.getByRole('dialog', { name: 'Trophy Case' });
  const tiers = ['Very Common', 'Common', 'Uncommon', 'Rare', 'Very Rare', 'Epic', 'Legendary', 'Artifact', 'Heirloom', 'Assembled'];
  for (const tier of tiers) await expect.element(modal.getByRole('button', { name: new RegExp(`^${tier} \\d+/\\d+$`) })).toBeVisible();
  const veryCommon = itemsOfRarity('verycommon');
  await expect.element(modal.getByTestId('trophy-count-verycommon')).toHaveTextContent(`0/${veryCommon.length}`);

  await modal.getByRole('button', { name: /^Very Common/ }).click();
  const names = modal.getByTestId('trophy-item');
  await expect.poll(() => names.all()).toHaveLength(veryCommon.length);
  for (const [index, entry] of veryCommon.entries()) {
    await expect.element(names.nth(index)).toMatchTextContent(entry.name.replace(/\S/g, '?'));
    await expect.element(names.nth(index)).not.toMatchTextContent(entry.name);
  }
  await modal.getByRole('button', { name: 'Back' }).click();
  await expect.element(modal.getByRole('button', { name: /^Heirloom/ })).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect.element(modal).not.toBeInTheDocument();
  await expect.element(open).toHaveFocus();

  await open.click();
  await expect.element(modal).toBeVisible();
  await userEvent.keyboard('{Escape}');
  await expect.element(modal).not.toBeInTheDocument();

  await open.click();
  await expect.element(modal).toBeVisible();
  // The page's corner, as a player taps beside the dialog.
  await page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
  await expect.element(modal).not.toBeInTheDocument();
});

const card = page.getByTestId('player-card');

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  // Moved from test/e2e/player-card.spec.ts ('my own card has no Fight link; the card opens from the online list and
  // says when it cannot load'): the card's own states; that the online list's names open it stays there.
  test('my own card has no Fight link, and says when it cannot load', async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer(`/api/players/${me.username}`, aCard(me));
    await renderScreen(<PlayerName username={me.username} />, me);
    const name = page.getByRole('button', { name: me.username });
    await name.click();
    await expect.element(card.getByText('This is you, as other players see you.')).toBeVisible();
    await expect.element(card.getByTestId('card-level')).toHaveTextContent('1');
    expect(card.getByRole('link', { name: /^Fight/ }).all()).toEqual([]);
    await expect.element(card.getByText('Not in a guild')).toBeVisible();
    await expectAxeClean(`my own card, ${scheme}`);
    await card.getByRole('button', { name: 'Close' }).click();
    await expect.element(card).not.toBeInTheDocument();

    // The error state: no answer of the server's own (client/lib/api.ts NETWORK_ERROR, as with no network), and
    // the card says so instead of loading forever.
    await commands.answer(`/api/players/${me.username}`, null, 502);
    await name.click();
    await expect.element(card.getByRole('alert')).toHaveTextContent('Network response was not ok');
    await expectAxeClean(`a card that cannot load, ${scheme}`);
    await userEvent.keyboard('{Escape}');
    await expect.element(card).not.toBeInTheDocument();
  });
});

// Moved from test/e2e/player-card.spec.ts ('a leaderboard name is a button reached by Tab; Enter opens the card,
// Escape closes it and gives focus back'), on the all-time board as the server answers it.
test('a leaderboard name is a button reached by Tab; Enter opens the card, Escape closes it and gives focus back', async () => {
  const me = newPlayer();
  const row = { rank: 1, username: me.username, level: 1, trophyCaseScore: 0, totalPower: 0, trophies: 0 };
  const board: Leaderboard = { top: [row], me: row, meTied: false };
  await commands.answer('/api/leaderboard?board=alltime', board);
  await commands.answer(`/api/players/${me.username}`, aCard(me));
  await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=alltime' });
  const name = page.getByTestId('leaderboard-me').getByRole('button', { name: me.username });
  await expect.element(name).toBeVisible();
  // Reached by Tab: from the tab list, the next stop is the first name on the board.
  page.getByRole('tab', { selected: true }).element().focus();
  await userEvent.tab();
  await expect.element(name).toHaveFocus();
  await userEvent.keyboard('{Enter}');
  await expect.element(card.getByRole('heading', { name: me.username })).toBeVisible();
  await expect.element(card.getByRole('button', { name: 'Close' })).toHaveFocus();
  await userEvent.keyboard('{Escape}');
  await expect.element(card).not.toBeInTheDocument();
  await expect.element(name).toHaveFocus();
});
