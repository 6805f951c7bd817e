/**
 * The signed-in player's profile as the data layer keeps it (client/lib/player.ts): the header a screen shows
 * from it, the screens' one wiring of its countdown (`onCountdownEnd={() => playerCache.reload()}`, as the
 * profile and scavenge screens pass it), and the level-up cheered once, whichever answer brings the new level.
 * Answers come from the network. Moved from the end-to-end suite, each test naming the one it replaced.
 */
import { expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { ProfileHeader } from '../../client/components/profile-header';
import { Toaster } from '../../client/components/toasts';
import { api, API } from '../../client/lib/api';
import { playerCache, usePlayer } from '../../client/lib/player';
import { useSignedInPlayer } from '../../client/lib/session';
import { xpForLevel } from '../../game/rules/level';
import { aProfile, fakeClockPerTest, now, passTime } from './fixtures';
import { newUid, renderSignedIn } from './signed-in';

fakeClockPerTest();

/** The header as the profile and scavenge screens wire it to the shared profile. */
function Header() {
  const { profile, receivedAt } = usePlayer(useSignedInPlayer().uid);
  return profile && <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={() => void playerCache.reload()} />;
}

// Moved from test/e2e/game.spec.ts ('the energy countdown reads the profile again when it reaches zero, which
// restarts it').
test('the energy countdown reads the profile again when it reaches zero, which restarts it', async () => {
  const uid = newUid();
  await renderSignedIn(<Header />, aProfile({ uid, energy: 5, secondsToNextEnergy: 120 }));
  const timer = page.getByTestId('energy-timer');
  expect(now(timer)).toBe('(120s)');

  // The server's clock moved only a little by the time it answers: the new countdown starts near 120 again. Only
  // a read can bring it; until the countdown ends, none is made.
  await commands.answer(`/api/users/${uid}`, aProfile({ uid, energy: 5, secondsToNextEnergy: 117 }));
  await passTime(119_000);
  expect(now(timer)).toBe('(1s)');
  await passTime(1_000);
  await expect.element(timer).toMatchTextContent(/^\(11\ds\)$/);
  expect(now(page.getByTestId('stat-energy'))).toBe('5');
});

// Moved from test/e2e/arena.spec.ts ('a level-up is cheered with a toast and the header shows the new level'): the
// answer that brings level 2 is cheered once, and a later one with the same level is not.
test('a level-up is cheered with a toast and the header shows the new level', async () => {
  const uid = newUid();
  // 24 XP: one short of level 2.
  await renderSignedIn(
    <>
      <Header />
      <Toaster />
    </>,
    aProfile({ uid, level: 1, xp: xpForLevel(2) - 1 }),
  );
  await expect.element(page.getByTestId('stat-level')).toHaveTextContent('Level 1');
  await expect.element(page.getByTestId('stat-xp')).toHaveTextContent(`24/25 XP to level 2`);

  // A scavenge's answer (an intent's fresh profile) brings the 25th XP.
  const levelTwo = aProfile({ uid, level: 2, xp: xpForLevel(2) });
  playerCache.apply({ profile: levelTwo });
  const cheer = page.getByRole('status').filter({ hasText: 'Level up! You are now level 2.' });
  await expect.element(cheer).toBeVisible();
  await expect.element(page.getByTestId('stat-level')).toHaveTextContent('Level 2');
  await expect.element(page.getByTestId('stat-xp')).toHaveTextContent('0/75 XP to level 3');

  // The next read answers the same level: no second cheer.
  await commands.answer(`/api/users/${uid}`, aProfile({ uid, level: 2, xp: xpForLevel(2) }));
  await playerCache.reload();
  expect(page.getByTestId('toast').all()).toHaveLength(1);
  await expect.element(page.getByTestId('toast')).toHaveTextContent('✓Level up! You are now level 2.');
});

// Issue #52: intents update the player's cache in one place (client/lib/api.ts hands every intent's answer to
// client/lib/player.ts), so a screen that sends one applies nothing by hand.
test("an intent's answer updates the shared profile without the screen applying it", async () => {
  const uid = newUid();
  await renderSignedIn(<Header />, aProfile({ uid, gold: 100, serverTime: Date.now() }));
  await expect.element(page.getByTestId('stat-gold')).toHaveTextContent('100');

  // The duffel upgrade answers the fresh profile; nothing here passes it to the cache.
  await commands.answer(API.upgradeDuffel.path, { profile: aProfile({ uid, gold: 60, serverTime: Date.now() + 1 }), loot: [] });
  await api.call(API.upgradeDuffel);
  await expect.element(page.getByTestId('stat-gold')).toHaveTextContent('60');
});
