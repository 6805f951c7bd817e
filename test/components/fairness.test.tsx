/**
 * The fairness page (client/features/fairness, docs/design.md section 8.8): its loading, empty and error states,
 * a client seed refused before it is sent, a chosen one, and a roll checked in the browser once its seed is
 * revealed, with the game's own derivation (game/rules/fair.ts) making the roll the server would store. On a phone
 * and a desktop, light and dark, axe clean. Moved from test/e2e/fairness.spec.ts ('loading, empty, error, a
 * refused client seed, then a chosen one; axe clean', its four variants); checking a real scavenge's roll from the
 * log stays there.
 */
import { describe, expect, test } from 'vitest';
import { commands, page, userEvent } from 'vitest/browser';
import { FairnessPage } from '../../client/features/fairness/fairness-page';
import { MSG } from '../../game/messages';
import { FAIR_RULES_VERSION, fairScavenge, ROLLS_KEPT_DAYS, seedHash } from '../../game/rules/fair';
import { DEFAULT_ZONE } from '../../game/rules/zones';
import type { Fairness, FairRoll, FairRolls } from '../../game/wire';
import { aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

const SERVER_SEED = 'c0ffee'.repeat(10);
const NEXT_SEED = 'beef'.repeat(16);
const seeds = (clientSeed: string): Fairness => ({ serverSeedHash: seedHash(SERVER_SEED), clientSeed, nonce: 1 });
const rollsOf = (rolls: FairRoll[]): FairRolls => ({ rolls, keptDays: ROLLS_KEPT_DAYS });

/** A scavenge drawn with SERVER_SEED as the server stores it: its finds are what the seeds give. */
function scavengeRoll(clientSeed: string, revealedServerSeed: string | null): FairRoll {
  const finds = fairScavenge({ serverSeed: SERVER_SEED, clientSeed, nonce: 0 }).map(({ catalogId, quality }) => ({ catalogId, quality }));
  return {
    id: `20419.${seedHash(SERVER_SEED).slice(0, 8)}.0`,
    serverSeedHash: seedHash(SERVER_SEED),
    clientSeed,
    nonce: 0,
    rules: FAIR_RULES_VERSION,
    outcome: { kind: 'scavenge', finds, zone: DEFAULT_ZONE.id },
    // Packed: its UTC day, no moment.
    day: 20419 * 24 * 60 * 60 * 1000,
    createdAt: null,
    revealedServerSeed,
  };
}

const yourRolls = page.getByRole('region', { name: 'Your rolls' });

describe.each([
  ['phone', 390, 844],
  ['desktop', 1366, 900],
] as const)('the fairness page (%s)', (name, width, height) => {
  test.each(['light', 'dark'] as const)('loading, empty, error, a refused client seed, then a chosen one; axe clean (%s)', async (scheme) => {
    await page.viewport(width, height);
    await commands.colorScheme(scheme);
    const profile = aProfile({ uid: newUid() });
    await commands.answer('/api/fairness', seeds('first-seed'));
    await commands.answer('/api/fairness/rolls', rollsOf([]), 200, { held: true });
    const screen = await renderScreen(<FairnessPage />, profile, { path: '/fairness' });

    // Loading: the rolls held back until answered.
    await expect.element(yourRolls.getByText('Loading...')).toBeVisible();
    await commands.answer('/api/fairness/rolls', rollsOf([]));
    await expect.element(page.getByText('No rolls yet: every scavenge and fight you start is listed here.')).toBeVisible();
    await expectAxeClean(`/fairness, empty, ${name}, ${scheme}`);

    // A refused client seed says why, tied to its field; nothing changes.
    const field = page.getByLabelText('Your client seed');
    await userEvent.fill(field, 'not a seed!');
    await page.getByRole('button', { name: 'Use this client seed' }).click();
    await expect.element(page.getByRole('alert')).toHaveTextContent(MSG.clientSeedInvalid);
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveAccessibleDescription(MSG.clientSeedInvalid);
    await expect.element(page.getByTestId('client-seed')).toHaveTextContent('first-seed');
    await commands.answer('/api/fairness/client-seed', seeds('my-lucky_seed'));
    await userEvent.fill(field, 'my-lucky_seed');
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByText('Your next rolls use the client seed my-lucky_seed.')).toBeVisible();
    await expect.element(page.getByTestId('client-seed')).toHaveTextContent('my-lucky_seed');

    // With a roll, its seed revealed and the roll checked.
    screen.unmount();
    await commands.answer('/api/fairness', seeds('my-lucky_seed'));
    await commands.answer('/api/fairness/rolls', rollsOf([scavengeRoll('my-lucky_seed', null)]));
    const shown = await renderScreen(<FairnessPage />, profile, { path: '/fairness' });
    await expect.element(page.getByTestId('rolls')).toBeVisible();
    await commands.answer('/api/fairness/rotate', { revealedServerSeed: SERVER_SEED, revealedHash: seedHash(SERVER_SEED), nextServerSeedHash: seedHash(NEXT_SEED) });
    await commands.answer('/api/fairness/rolls', rollsOf([scavengeRoll('my-lucky_seed', SERVER_SEED)]));
    await page.getByRole('button', { name: 'Reveal the server seed and start a new one' }).click();
    await page.getByTestId('rolls').getByRole('button', { name: 'Check this roll' }).click();
    await expect.element(page.getByTestId('rolls').getByTestId('verdict')).toHaveTextContent('Verified: the revealed seed gives exactly this outcome.');
    await expectAxeClean(`/fairness, checked, ${name}, ${scheme}`);

    // Error: the rolls cannot be read.
    shown.unmount();
    await commands.answer('/api/fairness/rolls', { error: { code: 'throttled', message: MSG.tooManyAttempts } }, 429);
    await renderScreen(<FairnessPage />, profile, { path: '/fairness' });
    await expect.element(yourRolls.getByRole('alert')).toHaveTextContent(`Error: ${MSG.tooManyAttempts}`);
    await expectAxeClean(`/fairness, error, ${name}, ${scheme}`);
  });
});
