/**
 * The League tab of the leaderboard (docs/design.md section 9.5, client/features/leaderboard/league-board.tsx) as
 * GET /api/league answers it: loading, the server's words when the read fails, the words before the first score,
 * and a league with the reader's row highlighted and the places that move up and down said in words. The week's
 * ribbons on a player's card. Light and dark, axe clean.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { PlayerName } from '../../client/components/player-card';
import { LeaderboardPage } from '../../client/features/leaderboard/leaderboard-page';
import { weekBounds, type PrizeBar } from '../../game/rules/league';
import type { League, Profile } from '../../game/wire';
import { aCard, aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen, RESTING } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

const newPlayer = () => aProfile({ uid: newUid(), username: `p${newUid().slice(2, 12)}` });

/** The league of a week with the reader's place, as the server answers it. */
function leagueOf(changes: Partial<League> = {}): League {
  const { week, endsAt } = weekBounds(Date.now());
  return { week, endsAt, tier: 'scrap', members: [], me: null, promote: 5, demote: 5, table: { tier: 'scrap', tiers: ['scrap'], leagues: 0, scored: 0, prizes: [4, 2, 1] }, ...changes };
}

/** A league of `count` members, 10 points apart, the reader at `mine` (1-based); ranks 2 and 3 tie. */
function fullLeague(me: Profile, count: number, mine: number, noPrize: PrizeBar | null = null): League {
  const members = Array.from({ length: count }, (_, index) => ({
    username: index + 1 === mine ? me.username : `rival${index + 1}`,
    points: index === 2 ? 990 : 1000 - index * 10,
    rank: index === 2 ? 2 : index + 1,
  }));
  const own = members[mine - 1]!;
  return leagueOf({ tier: 'silver', members, me: { rank: own.rank, points: own.points, noPrize }, table: { tier: 'silver', tiers: ['silver'], leagues: 1, scored: count, prizes: [10, 6, 4] } });
}

const panel = page.getByRole('tabpanel');

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  test('the League tab says it is loading, then the server\'s words when the read fails', async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer('/api/league', RESTING, 503, { held: true });
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    await expect.element(page.getByRole('tab', { name: 'League' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(panel.getByRole('status')).toHaveTextContent('Loading...');
    await commands.answer('/api/league', RESTING, 503);
    await expect.element(panel.getByRole('alert')).toHaveTextContent('Error: The game is resting.');
    await expectAxeClean(`the league's error, ${scheme}`);
  });

  test('before the first score of the week the tab names the tier, the time left, and how to join', async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer(
      '/api/league',
      leagueOf({ tier: 'bronze', week: '2026-11-23', endsAt: Date.now() + (2 * 24 + 5) * 3_600_000 + 60_000, table: { tier: 'bronze', tiers: ['bronze'], leagues: 0, scored: 0, prizes: [8, 5, 3] } }),
    );
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    await expect.element(page.getByTestId('league-empty')).toHaveTextContent("Score a trophy to join this week's league.");
    await expect.element(page.getByTestId('league-clock')).toHaveTextContent('Bronze league · week of 23 Nov 2026 · ends in 2 d 5 h');
    await expect
      .element(panel.getByText(/^Up to 30 players/))
      .toHaveTextContent(
        "Up to 30 players of your tier, ranked by the points of trophies you researched and added this week; a league of fewer than 10 is ranked with another. On Monday at 00:00 UTC the top 5 move up a tier and the last 5 move down. Ranks 1, 2 and 3 win 8, 5 and 3 cash and the week's ribbon (a higher tier and a fuller table pay more). A prize needs 1,000 points this week, and last week too if you played it, with no move down since; a place that does not qualify passes its prize to the next player.",
      );
    expect(panel.getByRole('table').all()).toEqual([]);
    expect(page.getByTestId('league-table').all()).toEqual([]);
    await expectAxeClean(`the league before the first score, ${scheme}`);
  });

  test("a league marks who moves up and down in words and highlights the reader's row", async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer('/api/league', fullLeague(me, 30, 27));
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    const mine = page.getByTestId('league-me');
    await expect.element(mine).toHaveAttribute('aria-current', 'true');
    expect(mine.element().textContent).toBe(`27${me.username}You740▼ Down`);
    await expect.element(page.getByTestId('league-standing')).toHaveTextContent('You are #27 with 740 points: you would move down a tier.');
    // The header, then the members: ranks 1 to 5 up (2 tied), 6 to 25 stay, 26 to 30 down.
    const rows = page.getByRole('row').all().map((row) => row.element().textContent);
    expect([rows[1], rows[3], rows[6]]).toEqual(['1rival11000▲ Up', '=2rival3990▲ Up', '6rival6950Stays']);
    expect(page.getByTestId('league-up').all()).toHaveLength(5);
    expect(page.getByTestId('league-down').all()).toHaveLength(5);
    await expectAxeClean(`a league, ${scheme}`);
  });

  test("the reader's standing says why their place would pay no prize", async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer('/api/league', fullLeague(me, 30, 1, 'moved-down'));
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    await expect
      .element(page.getByTestId('league-standing'))
      .toHaveTextContent('You are #1 with 1000 points: you would move up a tier. You moved down a tier last week, so this week pays you no prize.');
    await expectAxeClean(`a place that pays no prize, ${scheme}`);
  });

  test('a table of two leagues and two tiers says how many scored, what it pays, and that each moves from their own tier', async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    const league = fullLeague(me, 36, 2);
    await commands.answer('/api/league', { ...league, tier: 'silver', table: { tier: 'copper', tiers: ['silver', 'copper'], leagues: 3, scored: 36, prizes: [6, 4, 2] } });
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    await expect
      .element(page.getByTestId('league-table'))
      .toHaveTextContent('Your table: 36 players scored this week, from 3 leagues of the Silver and Copper tiers, ranked together. Each player moves up or down from their own tier.');
    await expect.element(page.getByTestId('league-clock')).toMatchTextContent('Silver league ·');
    expect(panel.getByRole('table').element().querySelector('caption')?.textContent).toMatch(/^Copper table, week of/);
    await expect.element(panel.getByText(/^Up to 30 players/)).toMatchTextContent('Ranks 1, 2 and 3 win 6, 4 and 2 cash');
    expect(page.getByTestId('league-row').all().length + page.getByTestId('league-me').all().length).toBe(36);
    await expectAxeClean(`a merged table, ${scheme}`);
  });

  test('a table of one league says only how many scored', async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer('/api/league', fullLeague(me, 12, 1));
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    await expect.element(page.getByTestId('league-table')).toHaveTextContent('Your table: 12 players scored this week. Each player moves up or down from their own tier.');
  });

  test('a small league moves its top third up and nobody down', async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    await commands.answer('/api/league', { ...fullLeague(me, 7, 1), promote: 2, demote: 0 });
    await renderScreen(<LeaderboardPage />, me, { path: '/leaderboard?tab=league' });
    await expect.element(page.getByTestId('league-standing')).toHaveTextContent('You are #1 with 1000 points: you would move up a tier.');
    // Ranks 1 and 2 (two players tied at 2) move up.
    await expect.poll(() => page.getByTestId('league-up').all().length).toBe(3);
    expect(page.getByTestId('league-down').all()).toHaveLength(0);
    await expect.element(panel.getByText(/^Up to 30 players/)).toMatchTextContent('With fewer than 15 players the top third moves up a tier on Monday at 00:00 UTC and nobody moves down: now the top 2.');
  });

  test("a player's card shows each week's ribbon won", async () => {
    await commands.colorScheme(scheme);
    const me = newPlayer();
    const card = aCard(me, {
      ribbons: [
        { week: '2026-11-23', tier: 'gold', rank: 1 },
        { week: '2026-11-16', tier: 'silver', rank: 3 },
      ],
    });
    await commands.answer(`/api/players/${me.username}`, card);
    await renderScreen(<PlayerName username={me.username} />, me);
    await page.getByRole('button', { name: me.username }).click();
    const shelf = page.getByRole('dialog').getByRole('region', { name: 'League ribbons' });
    await expect.element(shelf).toBeVisible();
    expect(shelf.getByTestId('ribbon').all().map((ribbon) => ribbon.element().textContent)).toEqual([
      'Gold leagueWeek of 23 Nov 2026 · #1',
      'Silver leagueWeek of 16 Nov 2026 · #3',
    ]);
    await expectAxeClean(`the ribbon shelf, ${scheme}`);
  });
});
