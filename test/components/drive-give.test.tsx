/**
 * The Salvage Drive's Give dialog says up front whether the giver can claim this week's reward, and why not
 * (docs/design.md sections 8.6 and 9.9): a member of a guild founded this week can, one who joined an older guild
 * this week cannot, nor one who already claimed here or in another guild; the Claim button gives the same reason
 * and the server's words. The drive is read through the app's own data layer, answered at the network. Light and
 * dark, axe clean.
 */
import { describe, expect, test } from 'vitest';
import { commands, page } from 'vitest/browser';
// The shell hands every feature's world handlers to the chat's socket as it loads (client/lib/world.ts).
import '../../client/app/features';
import { applyWorld, worldEventsOf } from '../../client/features/chat/world-dispatch';
import { DrivePanel } from '../../client/features/drive/drive-panel';
import { points } from '../../client/features/drive/points';
import { MSG } from '../../game/messages';
import { driveTarget, salvagePoints, weekStart } from '../../game/rules/drive';
import { WEEK_MS } from '../../game/time';
import type { Drive } from '../../game/wire';
import { anItem, aProfile, expectAxeClean } from './fixtures';
import { forgetReadsBetweenTests, renderScreen } from './screens';
import { newUid } from './signed-in';

forgetReadsBetweenTests();

let guilds = 0;

/** A week's drive of one member, `mine` as the server would answer for them. */
function aDrive(mine: Partial<NonNullable<Drive['mine']>>, points = 0): Drive {
  const week = weekStart(Date.now());
  return {
    week,
    endsAt: week + WEEK_MS,
    target: driveTarget(1),
    points,
    members: 1,
    donors: [],
    mine: { points: 0, claimed: false, memberBeforeWeek: true, claimedElsewhere: false, canClaim: true, ...mine },
  };
}

/** The drive panel of a guild of its own answering `drive`, with the Give dialog open; answers the dialog. */
async function openGive(drive: Drive) {
  const guildId = `g-give-${(guilds += 1)}`;
  await commands.answer(`/api/guilds/${guildId}/drive`, drive);
  const profile = aProfile({ uid: newUid(), duffelBagSize: 2, duffelBag: [anItem('feather', { id: 'gift', research: 100 })] });
  await renderScreen(<DrivePanel guildId={guildId} />, profile);
  const panel = page.getByRole('region', { name: 'Salvage Drive' });
  await panel.getByRole('button', { name: 'Give items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give to the Salvage Drive' });
  await expect.element(dialog.getByTestId('give-items')).toBeVisible();
  return { panel, dialog };
}

describe.each(['light', 'dark'] as const)('%s', (scheme) => {
  test('a member of a guild founded this week can claim: the dialog says so, and what is left to give', async () => {
    await commands.colorScheme(scheme);
    const { dialog } = await openGive(aDrive({ memberBeforeWeek: false, canClaim: true, points: 40 }));
    await expect.element(dialog.getByTestId('give-claim')).toHaveTextContent('You can claim 10 cash this week once you have given 60 points more and the target is met.');
    await expectAxeClean(`the give dialog of a member who can claim, ${scheme}`);
  });

  test('a member who joined an older guild this week is told before giving that only next week’s drive pays them', async () => {
    await commands.colorScheme(scheme);
    const { panel, dialog } = await openGive(aDrive({ memberBeforeWeek: false, canClaim: false }));
    await expect
      .element(dialog.getByTestId('give-claim'))
      .toHaveTextContent('You joined this guild this week, so only next week’s drive can pay you: what you give now helps the guild, not you.');
    await expectAxeClean(`the give dialog of a member who cannot claim, ${scheme}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.element(panel.getByRole('button', { name: 'Claim 10 cash' })).toHaveAccessibleDescription('You joined this week: next week’s drive is yours.');
  });
});

test('a member who claimed in another guild this week is told so in the dialog and on Claim, with the server’s words', async () => {
  const { panel, dialog } = await openGive(aDrive({ memberBeforeWeek: false, canClaim: false, claimedElsewhere: true, points: 200 }, 2_000));
  await expect
    .element(dialog.getByTestId('give-claim'))
    .toHaveTextContent('You already claimed a Salvage Drive reward this week, in another guild: what you give now helps the guild, not you.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const claim = panel.getByRole('button', { name: 'Claim 10 cash' });
  await expect.element(claim).toHaveAccessibleDescription('Claimed in another guild this week.');
  await claim.click({ force: true });
  await expect.element(page.getByTestId('message-dialog')).toMatchTextContent(MSG.driveClaimedElsewhere);
});

test('a member who claimed here is told so', async () => {
  const { dialog } = await openGive(aDrive({ claimed: true, canClaim: false, points: 150 }, 1_500));
  await expect.element(dialog.getByTestId('give-claim')).toHaveTextContent('You already claimed this week’s reward: what you give now helps the guild, not you.');
});

test('a member who gave enough of a met target is told the reward is theirs to claim', async () => {
  const { dialog } = await openGive(aDrive({ points: 150 }, 1_500));
  await expect.element(dialog.getByTestId('give-claim')).toHaveTextContent('You have given enough to claim 10 cash this week.');
});

// Issue #51: after a donation the donor's panel said "You gave 0 points" and "Nobody has given" until a reload, when
// the drive's live event landed while the panel was reading itself again.
test('after a donation the panel shows the gift and the donor, even when the live event lands during its read', async () => {
  const guildId = `g-give-${(guilds += 1)}`;
  const path = `/api/guilds/${guildId}/drive`;
  const profile = aProfile({ uid: newUid(), duffelBagSize: 2, duffelBag: [anItem('feather', { id: 'gift', research: 100 })] });
  await commands.answer(path, aDrive({}));
  await renderScreen(<DrivePanel guildId={guildId} />, profile);
  const panel = page.getByRole('region', { name: 'Salvage Drive' });
  await expect.element(panel.getByTestId('drive-empty')).toHaveTextContent('Nobody has given to this week’s drive yet.');

  const given = salvagePoints('verycommon', 1);
  const after: Drive = { ...aDrive({ points: given }, given), donors: [{ username: profile.username, points: given }] };
  await commands.answer(`/api/guilds/${guildId}/donate`, { profile: { ...profile, duffelBag: [] }, loot: [] });
  // The panel's read after the gift waits, as a slow one would, while the live event arrives.
  await commands.answer(path, after, 200, { held: true });
  await panel.getByRole('button', { name: 'Give items' }).click();
  const dialog = page.getByRole('dialog', { name: 'Give to the Salvage Drive' });
  await dialog.getByRole('checkbox').click();
  await dialog.getByRole('button', { name: /^Destroy 1 for/ }).click();
  await expect.element(dialog).not.toBeInTheDocument();
  await applyWorld(worldEventsOf([{ kind: 'drive-progress', guildId, points: given, target: after.target }]));
  await commands.answer(path, after);
  await expect.element(panel.getByTestId('drive-mine')).toHaveTextContent(`You gave ${points(given)} this week.`);
  await expect.element(panel.getByTestId('drive-donors')).toMatchTextContent(new RegExp(`^${profile.username}`));
});
