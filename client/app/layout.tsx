/**
 * The app shell (docs/spec.md section 2 "Navigation"): desktop top navigation, and on phones a top bar plus a
 * bottom navigation for players. Every menu's links come from the features' registries, merged in navigation.ts.
 */
import { Suspense, useEffect } from 'react';
import { lazyNamed } from '../lib/lazy';
import { RouteBoundary } from './error-boundary';
import { Link, NavLink, Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { Toaster } from '../components/toasts';
import { shownScreenHeading } from '../components/ui';
import { sayIfSignedOut, signOut } from './sign-out';
import { PATHS } from '../paths';
import { navEntries } from './navigation';

const PRODUCT_TITLE = 'Scavenger';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-medium xl:px-3 ${isActive ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300' : 'hover:bg-slate-200/60 dark:hover:bg-slate-800'}`;

/**
 * The desktop bar's links: the game's for a player with a username, the way in for everyone else. The player's
 * Chat link carries the unread badge (issue 24, 8a), loaded with the player's bars.
 */
function DesktopLinks({ place }: { place: 'desktop' | 'visitor' }) {
  return navEntries(place).map(({ label, path, end }) => (
    <NavLink key={label} className={navLink} to={path} end={end}>
      {label}
      {place === 'desktop' && path === PATHS.chat && (
        <Suspense fallback={null}>
          <DesktopUnread />
        </Suspense>
      )}
      {place === 'desktop' && path === PATHS.notices && (
        <Suspense fallback={null}>
          <DesktopNotices />
        </Suspense>
      )}
    </NavLink>
  ));
}

function DesktopNav() {
  const { info } = useSession();
  const user = info?.user;
  return (
    <>
      <nav aria-label="Main" className="hidden flex-wrap items-center gap-1 border-b border-slate-200 bg-white/80 px-6 py-2 backdrop-blur sm:flex dark:border-slate-800 dark:bg-slate-900/80">
        <Link to={user?.username ? PATHS.profile : PATHS.home} className="mr-2 inline-flex min-h-11 items-center gap-2 text-lg font-black xl:mr-4 tracking-tight text-amber-800 dark:text-amber-400">
          <Logo />
          {PRODUCT_TITLE}
        </Link>
        {user ? (
          <>
            {user.username && <DesktopLinks place="desktop" />}
            {/* Only once there is a name to say: "Logged in as" alone reads as a sentence cut short. */}
            {user.username && (
              <span className="ml-auto text-sm text-slate-600 dark:text-slate-300">
                Logged in as <strong data-testid="nav-username">{user.username}</strong>
              </span>
            )}
            <button type="button" className={`btn-secondary ${user.username ? 'ml-3' : 'ml-auto'}`} onClick={() => void signOut()}>
              Sign Out
            </button>
          </>
        ) : (
          <DesktopLinks place="visitor" />
        )}
      </nav>
      {user?.username && (
        <Suspense fallback={null}>
          <DesktopNewsBar />
        </Suspense>
      )}
    </>
  );
}

function MobileTopBar() {
  const { info } = useSession();
  const user = info?.user;
  if (!user?.username) {
    return (
      <header className="surface-dark flex min-h-14 items-center justify-between bg-slate-900 px-4 text-white sm:hidden dark:border-b dark:border-slate-800 dark:bg-slate-950">
        <span className="flex items-center gap-2 text-lg font-black tracking-tight text-amber-400">
          <Logo />
          {PRODUCT_TITLE}
        </span>
        {user && (
          <button type="button" className="min-h-11 text-sm underline" onClick={() => void signOut()}>
            Sign Out
          </button>
        )}
      </header>
    );
  }
  return (
    // The bar's own height while it loads, so the page below does not jump.
    <Suspense fallback={<div className="surface-dark h-[4.8125rem] bg-slate-900 sm:hidden dark:bg-slate-950" />}>
      <PlayerTopBar />
    </Suspense>
  );
}

// A player's bars come with the player: the landing page's bundle carries neither them nor the player store.
const playerBars = () => import('./player-bars');
const PlayerTopBar = lazyNamed(playerBars, 'PlayerTopBar');
const MobileBottomNav = lazyNamed(playerBars, 'MobileBottomNav');
const WaitNotices = lazyNamed(playerBars, 'WaitNotices');
const DesktopNewsBar = lazyNamed(playerBars, 'DesktopNewsBar');
const DesktopUnread = lazyNamed(playerBars, 'DesktopUnread');
const DesktopNotices = lazyNamed(playerBars, 'DesktopNotices');

/**
 * A gem: the game's mark, the favicon itself (public/favicon.svg), which the browser has fetched for the tab already;
 * drawn inline it cost the landing page's script 0.2 KB gzip of its 90 KB budget.
 */
function Logo() {
  return <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />;
}

/** Every screen ends with the way to the odds, the rules and the credits of the artwork. */
function Footer() {
  return (
    <footer className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-4 px-4 py-4 text-sm text-slate-600 dark:text-slate-400">
      <span>{PRODUCT_TITLE}</span>
      {navEntries('footer').map(({ label, path, footerLabel }) => (
        <Link key={label} className="link link-target" to={path}>
          {footerLabel ?? label}
        </Link>
      ))}
    </footer>
  );
}

/**
 * What only a player with a username has: the phone's navigation, and toasts when a wait ends. It comes before
 * the page in the tab order (it is fixed to the bottom of the screen, wherever it sits in the document), so a
 * keyboard reaches the game's screens without crossing the page and its footer.
 */
function PlayerExtras() {
  const { info } = useSession();
  if (!info?.user?.username) return null;
  return (
    <Suspense fallback={null}>
      <MobileBottomNav />
      <WaitNotices />
    </Suspense>
  );
}

/** The first stop of the tab order, shown only when focused: past the menus, straight to the screen. */
function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-amber-400 focus:px-4 focus:py-3 focus:font-semibold focus:text-slate-950"
      onClick={(event) => {
        // Focus the screen's heading without a hash in the address, which the router would take for a new route.
        event.preventDefault();
        (shownScreenHeading() ?? document.querySelector<HTMLElement>('main'))?.focus();
      }}
    >
      Skip to main content
    </a>
  );
}

export function Layout() {
  useEffect(sayIfSignedOut, []);
  return (
    <div className="flex min-h-dvh flex-col pb-16 sm:pb-0">
      <SkipLink />
      <DesktopNav />
      <MobileTopBar />
      <Toaster />
      <PlayerExtras />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
      <Footer />
    </div>
  );
}
