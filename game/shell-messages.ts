/**
 * The sentences the app shell itself shows (loading, not found, a failed profile fetch). They are part of
 * `MSG` (game/messages.ts spreads them in) but live here so the first page's JavaScript carries these four and
 * not every message of the game (bench/README.md, initial JS).
 */
export const SHELL_MSG = {
  profileFetchFailed: 'Failed to fetch user profile',
  loading: 'Loading...',
  notFoundTitle: 'Page not found',
  notFoundText: "Sorry, we couldn't find the page you're looking for.",
} as const;
