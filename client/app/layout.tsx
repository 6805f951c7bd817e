/**
 * The app shell (spec section 2 "Navigation"): desktop top navigation, and on phones a top bar plus a
 * bottom navigation for players.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { MAX_ENERGY } from '../../game/constants';
import { useSession, useSignedInPlayer } from '../lib/session';
import { usePlayer } from '../components/player-store';
import { Toaster } from '../components/toasts';
import { signOut } from './sign-out';
import { PATHS } from '../paths';

const PRODUCT_TITLE = 'Scavenger';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium ${isActive ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300' : 'hover:bg-slate-200/60 dark:hover:bg-slate-800'}`;

function DesktopNav() {
  const { info } = useSession();
  const user = info?.user;
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 border-b border-slate-200 bg-white/80 px-6 py-2 backdrop-blur sm:flex dark:border-slate-800 dark:bg-slate-900/80">
      <Link to={user?.username ? PATHS.profile : PATHS.home} className="mr-4 inline-flex min-h-11 items-center gap-2 text-lg font-black tracking-tight text-amber-800 dark:text-amber-400">
        <Logo />
        {PRODUCT_TITLE}
      </Link>
      {user ? (
        <>
          {user.username && (
            <>
              <NavLink className={navLink} to={PATHS.profile}>
                Home
              </NavLink>
              <NavLink className={navLink} to={PATHS.scavenge}>
                Scavenge
              </NavLink>
              <NavLink className={navLink} to={PATHS.arena}>
                Arena
              </NavLink>
              <NavLink className={navLink} to={PATHS.guilds}>
                Guilds
              </NavLink>
              <NavLink className={navLink} to={PATHS.leaderboard}>
                Leaderboard
              </NavLink>
              <NavLink className={navLink} to={PATHS.chat}>
                Chat
              </NavLink>
            </>
          )}
          <span className="ml-auto text-sm text-slate-600 dark:text-slate-300">
            Logged in as <strong data-testid="nav-username">{user.username}</strong>
          </span>
          <button type="button" className="btn-secondary ml-3" onClick={() => void signOut()}>
            Sign Out
          </button>
        </>
      ) : (
        <>
          <NavLink className={navLink} to={PATHS.home} end>
            Home
          </NavLink>
          <NavLink className={navLink} to={PATHS.login}>
            Login
          </NavLink>
          <NavLink className={navLink} to={PATHS.signup}>
            Sign Up
          </NavLink>
        </>
      )}
    </nav>
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
  return <PlayerTopBar />;
}

// The ticker and the chat badge need the chat connection, which loads with them, never on the landing page.
const NewsTicker = lazy(() => import('../features/chat/top-bar').then((module) => ({ default: module.NewsTicker })));
const ChatLink = lazy(() => import('../features/chat/top-bar').then((module) => ({ default: module.ChatLink })));

/**
 * The phone top bar's title for each screen. The spec's bar always says 'Home'; it keeps that on the home
 * screen and names the others, so a player knows where they are (docs/deviations.md 16).
 */
const SCREEN_TITLES: readonly (readonly [path: string, title: string])[] = [
  [PATHS.scavenge, 'Scavenge'],
  [PATHS.chat, 'Chat'],
  [PATHS.arena, 'Arena'],
  [PATHS.guilds, 'Guilds'],
  [PATHS.leaderboard, 'Leaderboard'],
  [PATHS.odds, 'Odds'],
  [PATHS.howItWorks, 'How it works'],
  [PATHS.about, 'About'],
  [PATHS.admin, 'Admin'],
];
const screenTitle = (pathname: string) =>
  SCREEN_TITLES.find(([path]) => pathname === path || pathname.startsWith(`${path}/`))?.[1] ?? 'Home';

/** Spec section 2 "Mobile top bar": news ticker, chat icon with its badge, level, attack, defense, energy, title. */
function PlayerTopBar() {
  const { profile } = usePlayer(useSignedInPlayer().uid);
  const { pathname } = useLocation();
  return (
    <header className="surface-dark bg-slate-900 text-white sm:hidden dark:border-b dark:border-slate-800 dark:bg-slate-950">
      <Suspense fallback={<div className="h-6 border-b border-slate-700" />}>
        <NewsTicker />
      </Suspense>
      <div className="flex items-center gap-2 px-4 py-1">
        {/* Shrinks before the stats and the chat link do: a long title must never push them off a narrow screen. */}
        <span className="min-w-0 truncate text-base font-bold" data-testid="screen-title">
          {screenTitle(pathname)}
        </span>
        <dl className="flex flex-1 justify-end gap-3 text-sm" aria-label="Your stats">
          <Stat label="Level" glyph={STAR} className="text-amber-300" value={profile?.level} />
          <Stat label="Attack" glyph={SWORD} className="text-rose-300" value={profile?.totalAttack} />
          <Stat label="Defense" glyph={SHIELD} className="text-sky-300" value={profile?.totalDefense} />
          <Stat label="Energy" glyph={BOLT} className="text-emerald-300" value={profile?.energy}>
            <span aria-hidden="true" className="absolute inset-x-0 -bottom-1 h-1 overflow-hidden rounded-full bg-white/15">
              <span className="block h-full bg-emerald-400" style={{ width: `${((profile?.energy ?? 0) / MAX_ENERGY) * 100}%` }} />
            </span>
          </Stat>
        </dl>
        <Suspense fallback={<span className="h-11 w-11" />}>
          <ChatLink to={PATHS.chat} />
        </Suspense>
      </div>
    </header>
  );
}

// 24×24 glyphs drawn here rather than taken from an icon set: the shell is part of the landing route's bundle.
const SWORD = 'M21 3v4L10.5 17.5l-4-4L17 3zM3.5 14.5 5 13l6 6-1.5 1.5zM5.5 16.5l2 2L4 22l-2-2z';
const SHIELD = 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3z';
const BOLT = 'M13 2 4 14h6l-1 8 9-12h-6l1-8z';
const STAR = 'm12 2 3 6.9 7.5.7-5.7 5 1.7 7.4L12 18l-6.5 4 1.7-7.4-5.7-5 7.5-.7z';

function Stat({ label, glyph, className, value, children }: { label: string; glyph: string; className: string; value: number | undefined; children?: ReactNode }) {
  return (
    <div className="relative flex items-center gap-1">
      <dt>
        <svg aria-hidden="true" viewBox="0 0 24 24" className={`h-4 w-4 fill-current ${className}`}>
          <path d={glyph} />
        </svg>
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="font-semibold tabular-nums">{value ?? '…'}</dd>
      {children}
    </div>
  );
}

const MoreSheet = lazy(() => import('./more-sheet'));

function MobileBottomNav() {
  const { info } = useSession();
  const [moreOpen, setMoreOpen] = useState(false);
  if (!info?.user?.username) return null;
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-12 flex-1 items-center justify-center text-sm font-semibold ${isActive ? 'text-amber-300 shadow-[inset_0_3px_0_var(--color-amber-400)]' : 'text-slate-200'}`;
  return (
    <nav aria-label="Game" className="surface-dark fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-700 bg-slate-900 pb-[env(safe-area-inset-bottom)] sm:hidden dark:bg-slate-950">
      <NavLink className={item} to={PATHS.profile} end>
        Home
      </NavLink>
      <NavLink className={item} to={PATHS.scavenge}>
        Scavenge
      </NavLink>
      <NavLink className={item} to={PATHS.arena}>
        Arena
      </NavLink>
      <NavLink className={item} to={PATHS.guilds}>
        Guilds
      </NavLink>
      {/* The spec's More goes to /profile; it opens the rest of the game instead (docs/deviations.md). */}
      <button type="button" className={item({ isActive: moreOpen })} aria-haspopup="dialog" aria-expanded={moreOpen} onClick={() => setMoreOpen(true)}>
        More
      </button>
      {moreOpen && (
        <Suspense fallback={null}>
          <MoreSheet onClose={() => setMoreOpen(false)} />
        </Suspense>
      )}
    </nav>
  );
}

/** A gem: the game's mark, the same drawing as public/favicon.svg. */
function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="h-7 w-7">
      <rect width="64" height="64" rx="14" fill="#0f172a" />
      <path d="M21 16h22l10 12-21 22L11 28z" fill="#f59e0b" />
      <path d="M21 16l5 12H11z" fill="#fde68a" />
      <path d="M26 28h12l-6 22z" fill="#fbbf24" />
      <path d="M43 16l10 12H38z" fill="#d97706" />
      <path d="M38 28h15L32 50z" fill="#b45309" />
    </svg>
  );
}

/** Every screen ends with the way to the odds, the rules and the credits of the artwork. */
function Footer() {
  return (
    <footer className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-4 px-4 py-4 text-sm text-slate-600 dark:text-slate-400">
      <span>{PRODUCT_TITLE}</span>
      <Link className="link link-target" to={PATHS.odds}>
        Odds
      </Link>
      <Link className="link link-target" to={PATHS.howItWorks}>
        How it works
      </Link>
      <Link className="link link-target" to={PATHS.about}>
        About &amp; credits
      </Link>
    </footer>
  );
}

export function Layout() {
  return (
    <div className="flex min-h-dvh flex-col pb-16 sm:pb-0">
      <DesktopNav />
      <MobileTopBar />
      <main className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <MobileBottomNav />
      <Toaster />
    </div>
  );
}
