import { Suspense, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router';
import { Loading, NotFound } from '../components/ui';
import type { Fill, Guard, Route, Shell, SlotName, Slots } from '../lib/feature';
import { lazy } from '../lib/lazy';
import { PHONE_QUERY } from '../features/landing/manifest';
import { PATHS } from '../paths';
import { FEATURES, ROUTES } from './features';
import { AdminOnly, NoUsernameOnly, PlayerOnly, SignedOutOnly } from './guards';
import { Layout } from './layout';
import { signOut } from './sign-out';

const GUARDS: Record<Guard, ComponentType<{ children: ReactNode }> | null> = {
  public: null,
  'signed-out': SignedOutOnly,
  'no-username': NoUsernameOnly,
  // Game screens: PlayerOnly makes sure there is a player, whom the screens read with useSignedInPlayer().
  player: PlayerOnly,
  // /admin: everyone but the admin sees the 404 page.
  admin: AdminOnly,
};

// The shell composes features (features never import each other): a screen's slots get the parts other
// features fill them with, each loaded only when the screen first renders it. That each slot a route names is
// filled, once, is test/client/features.test.ts's to check: the compiler sees the fills only one by one.
function slotsOf(fills: readonly Fill[]): Slots {
  const slots: Partial<Record<SlotName, Slots[SlotName]>> = {};
  for (const { slot, load } of fills) slots[slot] = lazy(load);
  return slots as Slots;
}
const SLOTS = slotsOf(FEATURES.flatMap((feature) => feature.fills ?? []));
const SHELL: Shell = { signOut: () => void signOut() };

// Route-level code splitting: the landing route loads only what it shows.
function element({ load, guard }: Route) {
  const Screen = lazy(load);
  const screen = (
    <Suspense fallback={<Loading />}>
      <Screen slots={SLOTS} shell={SHELL} />
    </Suspense>
  );
  const Guarded = GUARDS[guard];
  return Guarded ? <Guarded>{screen}</Guarded> : screen;
}

const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [...ROUTES.map((route) => ({ path: route.path, element: element(route) })), { path: '*', element: <NotFound /> }],
  },
];

/**
 * Declarative routing (BrowserRouter + useRoutes), not the data router: no screen uses loaders or actions, and
 * leaving createBrowserRouter out takes about 60 KB of react-router off the landing route, which must stay
 * under 100 KB of gzipped JS (docs/decisions/006-look-and-feel.md).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts loading the screen of the address the tab opened at, beside the session read (main.tsx): the guards
 * render the screen only once the session is known, and its code would otherwise be asked for only then.
 */
export function preloadOpeningScreen(): void {
  const opening = [window.location.pathname];
  // A phone visitor at `/` is sent on to the login form (client/features/landing/home-page.tsx): its code comes too.
  if (opening[0] === PATHS.home && window.matchMedia(PHONE_QUERY).matches) opening.push(PATHS.login);
  for (const pathname of opening) {
    const path = matchRoutes(
      ROUTES.map(({ path }) => ({ path })),
      pathname,
    )?.[0]?.route.path;
    // A failure is the screen's to handle when it renders (client/lib/lazy.ts).
    void ROUTES.find((route) => route.path === path)
      ?.load()
      .catch(() => undefined);
  }
}
