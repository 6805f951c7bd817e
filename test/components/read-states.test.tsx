/**
 * What a screen's read shows until it has something to show (client/components/read-state.tsx, docs/spec.md
 * section 8): its loading state while the read is under way, the server's words when it fails, and its empty
 * state, each read through the app's data layer and answered at the network. Light and dark, axe clean. Moved
 * from the end-to-end suite, each test naming the one it replaced.
 */
import { describe, expect, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import CashShop from '../../client/features/cash/cash-shop';
import ContractsPanel from '../../client/features/contracts/contracts-panel';
import { DrivePanel } from '../../client/features/drive/drive-panel';
import { LeaderboardPage } from '../../client/features/leaderboard/leaderboard-page';
import { MarketPage } from '../../client/features/market/market-page';
import { NoticesPage } from '../../client/features/notifications/notices-page';
import { contractsFor } from '../../game/rules/contracts';
import { utcDay } from '../../game/rules/fight';
import { seasonBounds } from '../../game/rules/season';
import type { Contracts, MyListings, Notices, SeasonBoard } from '../../game/wire';
import { anItem, aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen, RESTING } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

/** A new player, with a uid of their own. */
const newPlayer = () => aProfile({ uid: newUid() });

/** Today's contracts of `uid`, none started, as GET /api/contracts answers them. */
function contractsOf(uid: string): Contracts {
  const day = utcDay(Date.now());
  return {
    day: new Date(day * 86_400_000).toISOString().slice(0, 10),
    resetsAt: (day + 1) * 86_400_000,
    streak: 0,
    contracts: contractsFor(uid, day).map((terms) => ({ ...terms, progress: 0, claimedAt: null })),
    bonusClaimedAt: null,
  };
}

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  // Moved from test/e2e/daily-loop.spec.ts ("the Showcase says it is loading the trophies, and when they cannot be read").
  test('the Showcase says it is loading the trophies, and when they cannot be read', async () => {
    await commands.colorScheme(scheme);
    const profile = newPlayer();
    await commands.answer(`/api/trophycase/${profile.uid}`, RESTING, 503, { held: true });
    await renderScreen(<CashShop profile={profile} clockOffset={0} onClose={() => {}} />, profile);
    const showcase = page.getByRole('dialog', { name: 'What cash buys' }).getByRole('region', { name: 'Showcase' });
    await expect.element(showcase.getByRole('status')).toBeVisible();
    await commands.answer(`/api/trophycase/${profile.uid}`, []);
    await expect.element(showcase.getByRole('alert')).toHaveTextContent('The game is resting.');
    await expectAxeClean(`the Showcase's error, ${scheme}`);
  });

  // Moved from test/e2e/daily-loop.spec.ts ('the contracts panel says it is loading, and when a read fails says so
  // with a way to try again').
  test('the contracts panel says it is loading, and when a read fails says so with a way to try again', async () => {
    await commands.colorScheme(scheme);
    const profile = newPlayer();
    await commands.answer('/api/contracts', RESTING, 503, { held: true });
    await renderScreen(<ContractsPanel />, profile);
    const panel = page.getByRole('region', { name: "Today's contracts" });
    await expect.element(panel.getByRole('status')).toHaveTextContent('Loading contracts…');
    await commands.answer('/api/contracts', contractsOf(profile.uid));
    await expect.element(panel.getByRole('alert')).toMatchTextContent('Could not load your contracts');
    await expectAxeClean(`the contracts' error, ${scheme}`);
    await panel.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => panel.getByTestId('contract').all()).toHaveLength(3);
  });

  // Moved from test/e2e/drive.spec.ts ('the drive has loading and error states').
  test('the drive has loading and error states', async () => {
    await commands.colorScheme(scheme);
    await commands.answer('/api/guilds/g-1/drive', RESTING, 503, { held: true });
    await renderScreen(<DrivePanel guildId="g-1" />, newPlayer());
    const drive = page.getByRole('region', { name: 'Salvage Drive' });
    await expect.element(drive.getByRole('status')).toBeVisible();
    await commands.answer('/api/guilds/g-1/drive', RESTING, 503);
    await expect.element(drive.getByTestId('drive-error')).toHaveTextContent('The game is resting.');
    await expectAxeClean(`the drive's error, ${scheme}`);
  });

  // Moved from test/e2e/market.spec.ts ('a player who cannot trade yet is told why, and the market has loading,
  // empty and error states').
  test('a player who cannot trade yet is told why, and the market has loading, empty and error states', async () => {
    await commands.colorScheme(scheme);
    const nothingMine: MyListings = { listings: [], uncollected: 0 };
    const feather = anItem('feather', { research: 100 });
    const onSale = { id: 'l-1', itemId: feather.id, item: feather, price: 30, status: 'open' as const, createdAt: Date.now(), expiresAt: Date.now() + 86_400_000, seller: 'someone' };
    await commands.answer('/api/market?sort=price', { listings: [onSale], medians: null });
    await commands.answer('/api/market?sort=price&tier=limited', { listings: [], medians: null });
    await commands.answer('/api/market/seen', { catalogIds: [feather.catalogId] });
    await commands.answer('/api/market/mine', RESTING, 503, { held: true });
    const screen = await renderScreen(<MarketPage />, newPlayer(), { path: '/market', emailVerified: false });
    await expect.element(page.getByRole('region', { name: 'Your listings' }).getByRole('status')).toBeVisible();
    // Released with the same failure, so a read made again after the first failed (a panel mounted again) cannot
    // turn the error into an answer before it is checked: this flaked under load when the release was the answer.
    await commands.answer('/api/market/mine', RESTING, 503);
    await expect.element(page.getByTestId('mine-error')).toHaveTextContent('The game is resting.');
    await expectAxeClean(`the market's error, ${scheme}`);

    // Shown again, the screen reads again.
    screen.unmount();
    await commands.answer('/api/market/mine', nothingMine);
    await renderScreen(<MarketPage />, newPlayer(), { path: '/market', emailVerified: false });
    await expect.element(page.getByTestId('trade-block')).toHaveTextContent('Verify your email address to trade. Until then you can look around.');
    await expect.element(page.getByTestId('mine-empty')).toHaveTextContent('You have nothing on the market.');
    await expect.element(page.getByTestId('listing').getByTestId('listed-name')).toHaveTextContent(feather.itemName);
    // A tier nobody lists in (Limited medals are never for sale): the empty list says so.
    await userEvent.selectOptions(page.getByLabelText('Tier'), 'limited');
    await expect.element(page.getByTestId('market-empty')).toMatchTextContent(/^Nothing like that is for sale right now\./);
    await expectAxeClean(`the empty market, ${scheme}`);
  });

  // Moved from test/e2e/notifications.spec.ts ('the notices screen says it is loading, when nothing happened, and
  // when a read fails').
  test('the notices screen says it is loading, when nothing happened, and when a read fails', async () => {
    await commands.colorScheme(scheme);
    const none: Notices = { notices: [], unseen: 0 };
    await commands.answer('/api/notifications', { kinds: [], devices: 0, thisDevice: false, publicKey: null });
    await commands.answer('/api/notices/seen', RESTING, 503, { held: true });
    const screen = await renderScreen(<NoticesPage />, newPlayer(), { path: '/notices' });
    await expect.element(page.getByRole('region', { name: 'While you were away' }).getByRole('status')).toBeVisible();
    await commands.answer('/api/notices/seen', none);
    await expect.element(page.getByTestId('notices-error')).toHaveTextContent('The game is resting.');
    await expectAxeClean(`the notices' error, ${scheme}`);

    screen.unmount();
    await renderScreen(<NoticesPage />, newPlayer(), { path: '/notices' });
    await expect.element(page.getByTestId('notices-empty')).toMatchTextContent(/^Nothing happened while you were away\./);
    await expectAxeClean(`no notices, ${scheme}`);
  });

  // Moved from test/e2e/seasons.spec.ts ('the season board says it is loading, when nobody has scored yet, and when
  // a read fails').
  test('the season board says it is loading, when nobody has scored yet, and when a read fails', async () => {
    await commands.colorScheme(scheme);
    const profile = newPlayer();
    const { season, endsAt } = seasonBounds(Date.now());
    // Early on the 1st nobody has scored: the board has no rows.
    const empty: SeasonBoard = { board: 'season', season, endsAt, top: [], me: { rank: null, username: profile.username, level: 1, points: 0, trophies: 0 } };
    await commands.answer('/api/leaderboard?board=season', RESTING, 503, { held: true });
    const screen = await renderScreen(<LeaderboardPage />, profile, { path: '/leaderboard' });
    await expect.element(page.getByRole('tabpanel').getByRole('status')).toBeVisible();
    await commands.answer('/api/leaderboard?board=season', empty);
    await expect.element(page.getByRole('alert')).toHaveTextContent('Error: The game is resting.');
    await expectAxeClean(`the season board's error, ${scheme}`);

    screen.unmount();
    await renderScreen(<LeaderboardPage />, profile, { path: '/leaderboard' });
    await expect
      .element(page.getByTestId('season-empty'))
      .toHaveTextContent('Nobody has scored this season yet. Research a find and add it to your trophy case to lead the board.');
    await expectAxeClean(`the empty season board, ${scheme}`);
  });
});
