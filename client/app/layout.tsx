/**
 * The app shell (spec section 2 "Navigation"): desktop top navigation, and on phones a top bar plus a
 * bottom navigation for players.
 */
import { lazy, Suspense } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { usePlayer } from '../components/player-store';
import { signOut } from './sign-out';
import { PATHS } from '../paths';

const PRODUCT_TITLE = 'Scavenger';

const navLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-amber-500/15 text-amber-700 dark:text-amber-300' : 'hover:bg-slate-200/60 dark:hover:bg-slate-800'}`;


function DesktopNav() {
  const { info } = useSession();
  const user = info?.user;
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 border-b border-slate-200 bg-white/80 px-6 py-3 backdrop-blur sm:flex dark:border-slate-800 dark:bg-slate-900/80">
      <Link to={user?.username ? PATHS.profile : PATHS.home} className="mr-4 text-lg font-black tracking-tight text-amber-600 dark:text-amber-400">
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
      <header className="flex items-center justify-between bg-slate-900 px-4 py-3 text-white sm:hidden">
        <span className="text-lg font-black tracking-tight text-amber-400">{PRODUCT_TITLE}</span>
        {user && (
          <button type="button" className="min-h-11 text-sm underline" onClick={() => void signOut()}>
            Sign Out
          </button>
        )}
      </header>
    );
  }
  return <PlayerTopBar uid={user.uid} username={user.username} />;
}

// The ticker and the chat badge need the chat connection, which loads with them, never on the landing page.
const NewsTicker = lazy(() => import('../features/chat/top-bar').then((module) => ({ default: module.NewsTicker })));
const ChatLink = lazy(() => import('../features/chat/top-bar').then((module) => ({ default: module.ChatLink })));

/** Spec section 2 "Mobile top bar": news ticker, chat icon with its badge, attack, defense, energy, title. */
function PlayerTopBar({ uid, username }: { uid: string; username: string }) {
  const { profile } = usePlayer(uid);
  return (
    <header className="bg-slate-900 text-white sm:hidden">
      <Suspense fallback={<div className="h-6 border-b border-slate-700" />}>
        <NewsTicker username={username} />
      </Suspense>
      <div className="flex items-center justify-between px-4 py-2">
        <span className="text-lg font-bold">Home</span>
        <Suspense fallback={<span className="h-11 w-11" />}>
          <ChatLink username={username} to={PATHS.chat} />
        </Suspense>
        <dl className="flex gap-3 text-sm" aria-label="Your stats">
          <Stat label="Attack" value={profile?.totalAttack} />
          <Stat label="Defense" value={profile?.totalDefense} />
          <Stat label="Energy" value={profile?.energy} />
        </dl>
      </div>
    </header>
  );
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="flex gap-1">
      <dt className="text-slate-400">{label}</dt>
      <dd className="font-semibold">{value ?? '…'}</dd>
    </div>
  );
}

function MobileBottomNav() {
  const { info } = useSession();
  if (!info?.user?.username) return null;
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-11 flex-1 items-center justify-center text-sm font-medium ${isActive ? 'text-amber-400' : 'text-slate-300'}`;
  return (
    <nav aria-label="Game" className="fixed inset-x-0 bottom-0 flex border-t border-slate-700 bg-slate-900 sm:hidden">
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
      <NavLink className={() => item({ isActive: false })} to={PATHS.profile}>
        More
      </NavLink>
    </nav>
  );
}

export function Layout() {
  return (
    <div className="min-h-dvh pb-16 sm:pb-0">
      <DesktopNav />
      <MobileTopBar />
      <main>
        <Outlet />
      </main>
      <MobileBottomNav />
    </div>
  );
}
