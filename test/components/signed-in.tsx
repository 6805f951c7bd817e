/**
 * Renders what only a signed-in player sees, reading the session and the profile through the app's own data
 * layer: the answers come from the network (browser-commands.ts `answer`), as the server's would.
 */
import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { commands, page } from 'vitest/browser';
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

/** `ui` for the player `profile` is about, signed in, once their profile (answered `profile`) has arrived. */
export async function renderSignedIn(ui: ReactNode, profile: Profile) {
  await commands.answer('/api/auth/session', sessionOf(profile));
  await commands.answer(`/api/users/${profile.uid}`, profile);
  const rendered = await render(
    <SessionProvider>
      <SignedIn>{ui}</SignedIn>
    </SessionProvider>,
  );
  await expect.element(page.getByTestId('profile-read')).toBeInTheDocument();
  return rendered;
}

let players = 0;
/** A uid of its own for each test: the profile cache lives as long as the page. */
export const newUid = () => `u-${Date.now().toString(36)}-${(players += 1)}`;
