/**
 * A fair arena on screen (docs/design.md section 9.10): a name search shows a new player as protected, with the hours
 * left as the server counts them and a Fight button that waits, described by that line; the player's own protection
 * heads the screen; and the replay of a rematch says why it moved no gold and no XP. The arena is read through the
 * app's own data layer, answered at the network. Light and dark, axe clean.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
import { ArenaPage } from '../../client/features/arena/arena-page';
import { MSG } from '../../game/messages';
import type { Arena, Fight, Opponent } from '../../game/wire';
import { aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

const HOUR_MS = 60 * 60 * 1000;

const anOpponent = (username: string, changes: Partial<Opponent> = {}): Opponent => ({
  username,
  level: 1,
  rating: 1000,
  totalAttack: 0,
  totalDefense: 0,
  guildTag: null,
  recoveringUntil: 0,
  protectedUntil: 0,
  foughtToday: false,
  ...changes,
});

/** Today's second fight between the reader and `opponent`: won, a rating moved, no gold and no XP. */
const aRematch = (me: string, opponent: string): Fight => ({
  id: 'rematch-1',
  attacker: me,
  defender: opponent,
  winner: me,
  rounds: [{ by: 'attacker', damage: 100, attackerHp: 100, defenderHp: 0 }],
  goldTaken: 0,
  goldMinted: 0,
  ratingChange: 15,
  xp: 0,
  rematch: true,
  createdAt: Date.now(),
});

/** The arena searched for "new", as the server answers a new player: their own protection and the names that match. */
async function renderSearched() {
  const now = Date.now();
  const profile = aProfile({ uid: newUid() });
  const arena: Arena = {
    me: { rating: 1000, wins: 0, losses: 0, recoveringUntil: 0, protectedUntil: now + 11 * HOUR_MS + 60_000 },
    opponents: [
      // Recovering too: the protection is said, as the server refuses with it first.
      anOpponent('newbie', { protectedUntil: now + 71 * HOUR_MS + 30 * 60_000, recoveringUntil: now + 5 * 60_000 }),
      anOpponent('newcomer', { level: 2, rating: 1016 }),
    ],
    ladder: [],
    serverTime: now,
  };
  await commands.answer('/api/arena?q=new', arena);
  await commands.answer('/api/arena/fights', [aRematch(profile.username, 'newcomer')]);
  // The sparring slot is not shown on the fights tab this opens (`?q=`): nothing fills it here.
  await renderScreen(<ArenaPage slots={{ 'arena.sparring': () => null }} shell={{ signOut: () => undefined }} />, profile, { path: '/arena?q=new' });
  return profile;
}

const opponentRow = (username: string) => page.getByTestId('opponent').filter({ hasText: username });

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  test('a protected newcomer found by name says so, and their Fight button waits, saying when', async () => {
    await commands.colorScheme(scheme);
    await renderSearched();
    const newbie = opponentRow('newbie');
    await expect.element(newbie.getByTestId('protected')).toHaveTextContent('Protected new player: can be fought in 72 h');
    await expect.element(newbie.getByTestId('recovering')).not.toBeInTheDocument();
    const fight = newbie.getByRole('button', { name: 'Fight newbie (2 energy)' });
    await expect.element(fight).toBeDisabled();
    await expect.element(fight).toHaveAccessibleDescription('Protected new player: can be fought in 72 h');
    // Someone open to attack reads as before.
    const open = opponentRow('newcomer');
    await expect.element(open.getByTestId('protected')).not.toBeInTheDocument();
    await expect.element(open.getByRole('button', { name: 'Fight newcomer (2 energy)' })).toBeEnabled();
    await expect.element(page.getByTestId('me-protected')).toHaveTextContent('You are new here: nobody can attack you for 12 h, unless you attack first: that ends it.');
    await expectAxeClean(`the arena searched for a protected newcomer, ${scheme}`);
  });
});

test('the replay of a rematch says why it moved no gold and no XP', async () => {
  await renderSearched();
  await page.getByRole('button', { name: 'Replay the fight with newcomer' }).click();
  const replay = page.getByRole('dialog', { name: 'tester vs newcomer' });
  await expect.element(replay.getByTestId('result-gold')).toHaveTextContent('0');
  await expect.element(replay.getByTestId('result-xp')).toHaveTextContent('0');
  await expect.element(replay.getByTestId('result-rating')).toHaveTextContent('+15');
  await expect.element(replay.getByTestId('result-rematch')).toHaveTextContent(MSG.rematch('newcomer'));
  await expectAxeClean('the replay of a rematch');
});
