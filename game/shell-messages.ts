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
  // An error boundary (client/app/error-boundary.tsx): a screen that failed to show, in a player's words.
  screenFailedTitle: 'This screen could not be shown',
  screenFailedText: 'Something went wrong on our side, and nothing you did was lost: what the server accepted is kept. Reloading the page usually fixes it.',
  appFailedTitle: 'Scavenger could not start',
  reload: 'Reload',
} as const;
