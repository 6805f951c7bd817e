/**
 * The game's navigation (docs/spec.md section 2 "Navigation"), in one table: the desktop bar, the phone's bottom bar,
 * its More sheet and the footer each render their links from here, and the phone's top bar names the screen
 * from it. A screen added here shows in every menu its `places` name, in this order.
 */
import { SHELL_MSG } from '../../game/shell-messages';
import { OPEN_LOG, PATHS } from '../paths';

/**
 * Where a link shows: `desktop` the desktop bar of a player with a username, `visitor` the desktop bar of
 * everyone else, `phone` the phone's bottom bar (before its More button), `more` the phone's More sheet,
 * `footer` the links at the end of every screen.
 */
export type NavPlace = 'desktop' | 'visitor' | 'phone' | 'more' | 'footer';

export interface NavEntry {
  label: string;
  path: string;
  places: readonly NavPlace[];
  /** Active only on the path itself, not on the paths below it. */
  end?: boolean;
  /** Location state the link carries: the More sheet's Log opens the profile's Log from any screen. */
  state?: typeof OPEN_LOG;
  /** Shown to the admin only. */
  adminOnly?: boolean;
  /** The footer's wording, where it says more than the label. */
  footerLabel?: string;
}

export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Home', path: PATHS.profile, places: ['desktop', 'phone'], end: true },
  { label: 'Scavenge', path: PATHS.scavenge, places: ['desktop', 'phone'] },
  { label: 'Arena', path: PATHS.arena, places: ['desktop', 'phone'] },
  { label: 'Guilds', path: PATHS.guilds, places: ['desktop', 'phone'] },
  { label: 'Leaderboard', path: PATHS.leaderboard, places: ['desktop', 'more'] },
  { label: 'Market', path: PATHS.market, places: ['desktop', 'more'] },
  // On a phone the chat is the top bar's icon (player-bars.tsx).
  { label: 'Chat', path: PATHS.chat, places: ['desktop'] },
  { label: 'Log', path: PATHS.profile, places: ['more'], state: OPEN_LOG },
  // On a phone the notices are the top bar's bell (player-bars.tsx); the More sheet names them too.
  { label: 'Notices', path: PATHS.notices, places: ['desktop', 'more'] },
  { label: 'Odds', path: PATHS.odds, places: ['more', 'footer'] },
  { label: 'Fairness', path: PATHS.fairness, places: ['more', 'footer'], footerLabel: 'Check your rolls' },
  { label: 'How it works', path: PATHS.howItWorks, places: ['more', 'footer'] },
  { label: 'About', path: PATHS.about, places: ['more', 'footer'], footerLabel: 'About & credits' },
  { label: 'Admin', path: PATHS.admin, places: ['more'], adminOnly: true },
  { label: 'Home', path: PATHS.home, places: ['visitor'], end: true },
  { label: 'Login', path: PATHS.login, places: ['visitor'] },
  { label: 'Sign Up', path: PATHS.signup, places: ['visitor'] },
];

/** The links of one menu, in order; the admin's only for the admin. */
export const navEntries = (place: NavPlace, isAdmin = false) =>
  NAVIGATION.filter((entry) => entry.places.includes(place) && (!entry.adminOnly || isAdmin));

/** The path of every screen the router serves, so the top bar can tell a screen it has no link for from a 404. */
const KNOWN_PATHS: readonly string[] = Object.values(PATHS).map((path) => path.replace(/\/:[^/]+$/, ''));

/**
 * The phone top bar's title for a screen: the label of its player link. The spec's bar always says 'Home';
 * it keeps that on the home screen and names the others, so a player knows where they are
 * (docs/deviations.md 16). An admin's screen is named to the admin only: for anyone else it is a 404, and the
 * bar says so rather than naming a screen they cannot see (issue 24, 8c); so does any path no screen has.
 */
export const screenTitle = (pathname: string, isAdmin = false) => {
  const entry = NAVIGATION.find(
    (entry) => !entry.state && !entry.places.includes('visitor') && (pathname === entry.path || pathname.startsWith(`${entry.path}/`)),
  );
  if (entry && (!entry.adminOnly || isAdmin)) return entry.label;
  const known = !entry && KNOWN_PATHS.some((path) => pathname === path || (path !== PATHS.home && pathname.startsWith(`${path}/`)));
  return known ? 'Home' : SHELL_MSG.notFoundTitle;
};
