/**
 * Buttons that cannot succeed (issue 17, issue #24, docs/deviations.md 21): a blocked button looks disabled and
 * says why as its accessible description; pressed anyway it shows the spec's popup with the spec's exact words,
 * sends nothing, and Close gives the focus back to it. Each screen shows its intents' refusals the one way
 * rendered by `Screen` below (client/lib/use-intent.ts and MessageDialog); the server still refuses such an
 * intent with the same words (test/worker). Moved from test/e2e/spec-rows.spec.ts, play-loop.spec.ts and
 * no-traps.spec.ts.
 */
import type { ReactNode } from 'react';
import { describe, expect, test, vi } from 'vitest';
import { commands, page, userEvent, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MessageDialog } from '../../client/components/dialog';
import { ProfileHeader } from '../../client/components/profile-header';
import { CreateGuild } from '../../client/features/guilds/create-guild';
import { SelectedItemsBar } from '../../client/features/profile/selected-items-bar';
import { ScavengeActionBar } from '../../client/features/scavenge/action-bar';
import { useIntent, type Intent } from '../../client/lib/use-intent';
import { GUILD_PRICE, PROFILE_SWAP_COST } from '../../game/constants';
import { MSG } from '../../game/messages';
import { DEFAULT_ZONE } from '../../game/rules/zones';
import type { Profile } from '../../game/wire';
import { anItem, apiRequests, aProfile, expectAxeClean } from './fixtures';

/** A screen: what it renders, and its refusal popup. */
function Screen({ children }: { children: (intent: Intent<string>) => ReactNode }) {
  const intent = useIntent<string>();
  return (
    <main>
      {children(intent)}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </main>
  );
}

/** The blocked button, pressed: the spec's popup, then Close gives the focus back. Nothing was sent. */
async function expectSpecPopup(button: Locator, message: string, sent: () => void) {
  await expect.element(button).toHaveAttribute('aria-disabled', 'true');
  await button.click({ force: true });
  const popup = page.getByRole('dialog', { name: message });
  await expect.element(popup).toBeVisible();
  await expect.element(popup.getByRole('alert')).toHaveTextContent(message);
  await popup.getByRole('button', { name: 'Close' }).click();
  await expect.element(popup).not.toBeInTheDocument();
  await expect.element(button).toHaveFocus();
  expect(sent).not.toHaveBeenCalled();
  expect(apiRequests()).toEqual([]);
}

/** The scavenge screen's action bar after a scavenge, nothing picked yet. */
function scavengeBar(intent: Intent<string>, profile: Profile, changes: Partial<Parameters<typeof ScavengeActionBar>[0]> = {}) {
  return (
    <ScavengeActionBar
      profile={profile}
      zone={DEFAULT_ZONE}
      nextEnergyMs={0}
      hasLoot
      picked={0}
      dropped={0}
      bestTakes={1}
      researchTakes={1}
      trophiesFailed={false}
      scavenging={false}
      busy={false}
      onRefuse={intent.refuse}
      onScavenge={() => {}}
      onTakeBest={() => {}}
      onKeepForResearch={() => {}}
      onTakeSwap={() => {}}
      {...changes}
    />
  );
}

/** The profile's Swap and trash bar, `toDuffel` selected among the equipped items. */
function profileBar(intent: Intent<string>, profile: Profile, toDuffel: Profile['inventory'], onSwap: () => void) {
  return (
    <SelectedItemsBar
      profile={profile}
      toDuffel={toDuffel}
      toInventory={[]}
      serverNow={Date.now()}
      busy={false}
      onRefuse={(refusal) => intent.refuse(refusal)}
      onSwap={onSwap}
      onDelete={() => {}}
    />
  );
}

describe('the spec popups of blocked buttons', () => {
  test("Take/Swap with nothing selected: 'No scavenged items selected for swapping.'", async () => {
    const onTakeSwap = vi.fn();
    await render(<Screen>{(intent) => scavengeBar(intent, aProfile(), { onTakeSwap })}</Screen>);
    const take = page.getByRole('button', { name: 'Take/Swap' });
    await expect.element(take).toHaveAccessibleDescription('Select a find to take.');
    await expectSpecPopup(take, MSG.noLootSelected, onTakeSwap);
  });

  test("the profile's Swap with nothing selected: 'Nothing to swap.'", async () => {
    const onSwap = vi.fn();
    await render(<Screen>{(intent) => profileBar(intent, aProfile(), [], onSwap)}</Screen>);
    const swap = page.getByRole('button', { name: /^Swap \(/ });
    await expect.element(swap).toHaveAccessibleDescription('Tap items to select them.');
    await expectSpecPopup(swap, MSG.nothingToSwap, onSwap);
  });

  test(`the profile's Swap under ${PROFILE_SWAP_COST} energy: 'You do not have enough energy.'`, async () => {
    const onSwap = vi.fn();
    const item = anItem('katana', { research: 100 });
    await render(<Screen>{(intent) => profileBar(intent, aProfile({ energy: PROFILE_SWAP_COST - 1, secondsToNextEnergy: 60, inventory: [item] }), [item], onSwap)}</Screen>);
    await expectSpecPopup(page.getByRole('button', { name: /^Swap \(/ }), MSG.notEnoughEnergy, onSwap);
  });
});

// Moved from test/e2e/play-loop.spec.ts (phone, dark), with the scavenge screen's header beside the bar.
test('Scavenge at 0 energy says when the next point comes; pressed, it shows the spec popup and sends nothing', async () => {
  await commands.colorScheme('dark');
  const onScavenge = vi.fn();
  const profile = aProfile({ energy: 0, secondsToNextEnergy: 120 });
  await render(
    <Screen>
      {(intent) => (
        <>
          <ProfileHeader profile={profile} receivedAt={Date.now()} onCountdownEnd={() => {}} compact />
          {scavengeBar(intent, profile, { hasLoot: false, nextEnergyMs: 120_000, onScavenge })}
        </>
      )}
    </Screen>,
  );
  const scavenge = page.getByRole('button', { name: 'Scavenge (1 energy)' });
  await expect.element(scavenge).toHaveAccessibleDescription('No energy. The next point comes in 2 m 0 s.');
  await expect.element(page.getByTestId('energy-full')).toHaveTextContent('Full in 40 m 0 s');
  await expectSpecPopup(scavenge, MSG.notEnoughEnergy, onScavenge);
  // By keyboard too: Enter on the focused button, Escape to close.
  await userEvent.keyboard('{Enter}');
  const popup = page.getByRole('dialog', { name: MSG.notEnoughEnergy });
  await expect.element(popup).toBeVisible();
  await userEvent.keyboard('{Escape}');
  await expect.element(popup).not.toBeInTheDocument();
  expect(onScavenge).not.toHaveBeenCalled();
  await expectAxeClean('the scavenge bar at 0 energy, dark');
});

// Moved from test/e2e/no-traps.spec.ts, each run on a phone in light and a desktop in dark there.
describe.each(['light', 'dark'] as const)('said before the tap, %s', (scheme) => {
  test("a new player's profile Swap says the duffel bag has no slots yet; a press shows the spec's refusal", async () => {
    await commands.colorScheme(scheme);
    const onSwap = vi.fn();
    const katana = anItem('katana', { research: 100 });
    await render(<Screen>{(intent) => profileBar(intent, aProfile({ inventory: [katana] }), [katana], onSwap)}</Screen>);
    const swap = page.getByRole('button', { name: /^Swap \(/ });
    await expect.element(swap).toHaveAccessibleDescription('Your duffel bag has no slots yet: upgrade it for 20 gold.');
    await swap.click({ force: true });
    await expect.element(page.getByRole('dialog', { name: MSG.duffelFull(0) })).toBeVisible();
    expect(onSwap).not.toHaveBeenCalled();
    expect(apiRequests()).toEqual([]);
    await expectAxeClean(`the profile's Swap refusal, ${scheme}`);
  });

  test('founding a guild with too little gold says how much more and where gold comes from before the form', async () => {
    await commands.colorScheme(scheme);
    await render(<CreateGuild gold={100} onCreated={() => {}} />);
    await expect
      .element(page.getByTestId('guild-gold-short'))
      .toHaveTextContent(`You need ${GUILD_PRICE - 100} more gold: each scavenge brings 1, and a won fight in the arena takes some of the loser's.`);
    const create = page.getByRole('button', { name: `Create guild (${GUILD_PRICE} gold)` });
    await expect.element(create).toHaveAccessibleDescription(`${GUILD_PRICE - 100} more gold needed.`);
    await create.click({ force: true });
    await expect.element(page.getByRole('alert')).toHaveTextContent(MSG.notEnoughGold);
    expect(apiRequests()).toEqual([]);
    await expectAxeClean(`the guild form short of gold, ${scheme}`);
  });
});
