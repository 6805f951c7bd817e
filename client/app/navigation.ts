/**
 * The game's navigation (docs/spec.md section 2 "Navigation"): the desktop bar, the phone's bottom bar, its More
 * sheet and the footer each render their links from here, and the phone's top bar names the screen from it. Each
 * feature declares its own links (its `feature.ts` `nav`); a link shows in every menu its `places` name, by `order`.
 */
import { SHELL_MSG } from '../../game/shell-messages';
import type { NavEntry, NavPlace } from '../lib/feature';
import { PATHS } from '../paths';
import { FEATURES, ROUTES } from './features';

/** Every feature's links, in their order (client/lib/feature.ts NavEntry `order`). */
export const NAVIGATION: readonly NavEntry[] = FEATURES.flatMap((feature) => feature.nav ?? []).sort((a, b) => a.order - b.order);

/** The links of one menu, in order; the admin's only for the admin. */
export const navEntries = (place: NavPlace, isAdmin = false) =>
  NAVIGATION.filter((entry) => entry.places.includes(place) && (!entry.adminOnly || isAdmin));

/** The path of every screen the router serves, so the top bar can tell a screen it has no link for from a 404. */
const KNOWN_PATHS: readonly string[] = ROUTES.map(({ path }) => path.replace(/\/:[^/]+$/, ''));

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
