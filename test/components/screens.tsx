/**
 * What the tests of a screen's reads share: the screen signed in inside a router, as the app routes it, a
 * failure as the server answers one, and a data layer with nothing read yet, so each test sees its own
 * loading state.
 */
import type { ReactNode } from 'react';
import { beforeEach, expect } from 'vitest';
import { commands, page } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { MemoryRouter } from 'react-router';
import { queryClient } from '../../client/lib/query';
import { SessionProvider } from '../../client/lib/session';
import type { Profile } from '../../game/wire';
import { sessionOf } from './fixtures';
import { SignedIn } from './signed-in';

/** The one cache lives as long as the page: a read answered in one test would be shown at once in the next. */
export function forgetReadsBetweenTests() {
  beforeEach(() => {
    queryClient.clear();
  });
}

/** A failed read as the server answers it (test/e2e/screens.ts holdThenFail). */
export const RESTING = { error: { code: 'down', message: 'The game is resting.' } };

/**
 * `ui` at `path` of the router for the player `profile` is about (signed in as signed-in.tsx does, with their
 * email verified unless said), once their profile has arrived.
 */
export async function renderScreen(ui: ReactNode, profile: Profile, { path = '/', emailVerified = true }: { path?: string; emailVerified?: boolean } = {}) {
  const session = sessionOf(profile);
  await commands.answer('/api/auth/session', { ...session, user: { ...session.user, emailVerified } });
  await commands.answer(`/api/users/${profile.uid}`, profile);
  const rendered = await render(
    <MemoryRouter initialEntries={[path]}>
      <SessionProvider>
        <SignedIn>{ui}</SignedIn>
      </SessionProvider>
    </MemoryRouter>,
  );
  await expect.element(page.getByTestId('profile-read')).toBeInTheDocument();
  return rendered;
}
