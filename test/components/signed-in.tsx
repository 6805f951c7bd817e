/**
 * Renders what only a signed-in player sees, reading the session and the profile through the app's own data
 * layer: the answers come from the network (browser-commands.ts `answer`), as the server's would.
 */
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { commands, page, type Locator } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { usePlayer } from '../../client/lib/player';
import { SessionProvider, useSession, useSignedInPlayer } from '../../client/lib/session';
import type { Profile } from '../../game/wire';
import { sessionOf } from './fixtures';

/** `children` once the session names a player, with the marker that says their profile has arrived. */
export function SignedIn({ children }: { children: ReactNode }) {
  return useSession().info?.user ? (
    <>
      {children}
      <ProfileRead />
    </>
  ) : null;
}

/** Says when the profile has arrived, through the read every signed-in component shares: a test moves its clock after. */
function ProfileRead() {
  const { profile } = usePlayer(useSignedInPlayer().uid);
  return profile && <span data-testid="profile-read" hidden />;
}

/** setTimeout as it was when this module loaded, before any test's fake clock: a wait on it moves no fake time. */
const realSetTimeout = globalThis.setTimeout.bind(globalThis);

/**
 * Resolves once `locator` finds an element, checking on real timers. `expect.element` advances a fake clock by its
 * interval at every check, so more checks on a slower machine would move the test's clock by more: a test that
 * counts time from its profile would then see a wait end early (issue #50).
 */
async function present(locator: Locator) {
  while (!locator.query()) {
    // Timers already due run (the data layer's zero-delay ones); the clock itself stays.
    if (vi.isFakeTimers()) vi.advanceTimersByTime(0);
    await new Promise((resolve) => realSetTimeout(resolve, 10));
  }
}

/**
 * `ui` for the player `profile` is about, signed in, once their profile (answered `profile`) has arrived; a fake
 * clock has not moved meanwhile.
 */
export async function renderSignedIn(ui: ReactNode, profile: Profile) {
  await commands.answer('/api/auth/session', sessionOf(profile));
  await commands.answer(`/api/users/${profile.uid}`, profile);
  const rendered = await render(
    <SessionProvider>
      <SignedIn>{ui}</SignedIn>
    </SessionProvider>,
  );
  const clock = Date.now();
  await present(page.getByTestId('profile-read'));
  if (vi.isFakeTimers() && Date.now() !== clock) throw new Error('the fake clock moved while the profile loaded');
  return rendered;
}

let players = 0;
/** A uid of its own for each test: the profile cache lives as long as the page. */
export const newUid = () => `u-${Date.now().toString(36)}-${(players += 1)}`;
