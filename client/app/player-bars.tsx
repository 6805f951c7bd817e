/**
 * The phone bars of a signed-in player with a username (docs/spec.md section 2 "Navigation"): the top bar with the
 * screen's title and the player's stats, and the bottom navigation; and the desktop's news strip and chat badge
 * (issue 24, 8a). Loaded by the shell (layout.tsx) only for such a player, so the landing page's bundle stays small.
 * The phone's top bar and the desktop's parts each render only at their own width (useWideScreen), so there is
 * one ticker and one badge, whichever the screen is.
 */
import { Suspense, useState, type ReactNode } from 'react';
import { lazy, lazyNamed } from '../lib/lazy';
import { NavLink, useLocation } from 'react-router';
import { MAX_ENERGY } from '../../game/constants';
import { useFirstScreenShown } from '../lib/first-screen';
import { useSignedInPlayer } from '../lib/session';
import { usePlayer } from '../lib/player';
import { useWideScreen } from '../components/use-wide-screen';
import { PATHS } from '../paths';
import { navEntries, screenTitle } from './navigation';

export { WaitNotices } from '../components/wait-notices';

// The ticker and the chat badge need the chat connection, which loads with them, never on the landing page, and
// only once the screen under the bars has been shown (Later).
const NewsTicker = lazyNamed(() => import('../features/chat/top-bar'), 'NewsTicker');
const ChatLink = lazyNamed(() => import('../features/chat/top-bar'), 'ChatLink');
const UnreadCount = lazyNamed(() => import('../features/chat/top-bar'), 'UnreadCount');
// The notice badge (docs/design.md section 8.7): the phone's bell and the desktop's count.
const NoticeBell = lazyNamed(() => import('../features/notifications/notice-bell'), 'NoticeBell');
const NoticeCount = lazyNamed(() => import('../features/notifications/notice-bell'), 'NoticeCount');

/**
 * A part of the bars no first screen needs (the chat's and the notices'): its code, its socket and its read wait
 * until the screen under the bars has been shown (client/lib/first-screen.ts, issue #57); until then, and while it
 * loads, `placeholder` keeps its room.
 */
function Later({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return useFirstScreenShown() ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}

/**
 * The desktop's news (issue 24, 8a; the spec shows the ticker on phones only): a dark strip under the navigation,
 * the phone's ticker with its pause button (WCAG 2.2.2), clipped to the strip so it never scrolls the page sideways.
 */
export function DesktopNewsBar() {
  if (!useWideScreen()) return null;
  return (
    <div className="surface-dark flex items-center overflow-hidden border-b border-slate-700 bg-slate-900 px-4 text-white dark:border-slate-800 dark:bg-slate-950" data-testid="desktop-news">
      <Later placeholder={<div className="h-11 flex-1" />}>
        <NewsTicker />
      </Later>
    </div>
  );
}

/** The desktop Chat link's unread badge (issue 24, 8a), as the phone's chat icon has. */
export function DesktopUnread() {
  if (!useWideScreen()) return null;
  return (
    <Later placeholder={null}>
      <UnreadCount />
    </Later>
  );
}

/** The desktop Notices link's count of what happened while away (docs/design.md section 8.7). */
export function DesktopNotices() {
  if (!useWideScreen()) return null;
  return (
    <Later placeholder={null}>
      <NoticeCount />
    </Later>
  );
}

/** docs/spec.md section 2 "Mobile top bar": news ticker, chat icon with its badge, level, attack, defense, energy, title. */
export function PlayerTopBar() {
  const { uid, isAdmin } = useSignedInPlayer();
  const { profile } = usePlayer(uid);
  const { pathname } = useLocation();
  // On a desktop the navigation has the ticker and the badge (DesktopNewsBar, DesktopUnread).
  if (useWideScreen()) return null;
  return (
    <header className="surface-dark bg-slate-900 text-white sm:hidden dark:border-b dark:border-slate-800 dark:bg-slate-950">
      {/* The ticker with its pause button, and the chat: the row's two controls, each a finger's size. */}
      <div className="flex items-center border-b border-slate-700 pr-2">
        <Later placeholder={<div className="h-11 flex-1" />}>
          <NewsTicker />
        </Later>
        <Later placeholder={<span className="h-11 w-11" />}>
          <NoticeBell />
        </Later>
        <Later placeholder={<span className="h-11 w-11" />}>
          <ChatLink to={PATHS.chat} />
        </Later>
      </div>
      <div className="flex items-center gap-2 px-4 py-1">
        {/* Shrinks before the stats and the chat link do: a long title must never push them off a narrow screen. */}
        {/* Takes the focus after a route change where the screen's own h1 is hidden on phones (Scavenge). */}
        <span className="min-w-0 truncate text-base font-bold focus:outline-none" data-testid="screen-title" data-screen-title tabIndex={-1}>
          {screenTitle(pathname, isAdmin)}
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
      </div>
    </header>
  );
}

// 24×24 glyphs drawn here rather than taken from an icon set, which would be far larger than these four.
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

export function MobileBottomNav() {
  const [moreOpen, setMoreOpen] = useState(false);
  const item = ({ isActive }: { isActive: boolean }) =>
    `flex min-h-12 flex-1 items-center justify-center text-sm font-semibold ${isActive ? 'text-amber-300 shadow-[inset_0_3px_0_var(--color-amber-400)]' : 'text-slate-200'}`;
  return (
    <nav aria-label="Game" className="surface-dark fixed inset-x-0 bottom-0 z-30 flex border-t border-slate-700 bg-slate-900 pb-[env(safe-area-inset-bottom)] sm:hidden dark:bg-slate-950">
      {navEntries('phone').map(({ label, path, end }) => (
        <NavLink key={label} className={item} to={path} end={end}>
          {label}
        </NavLink>
      ))}
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
