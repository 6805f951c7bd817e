/**
 * The first-run guide is due once: from the moment a player chooses their username until they dismiss it or
 * take its "Scavenge now". Remembered in this browser's localStorage, keyed by the player's uid: only a brand
 * new player is ever shown it (an existing player on a new device is not), it survives the reload that follows
 * the username and a closed tab, and it costs no column, migration or request.
 */
const KEY = 'scavenger.firstRun';

/** localStorage can be unavailable (a private window's quota, a policy): then the guide is simply not shown. */
function attempt<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const firstRun = {
  start: (uid: string) => attempt(() => localStorage.setItem(KEY, uid), undefined),
  isDue: (uid: string) => attempt(() => localStorage.getItem(KEY) === uid, false),
  finish: () => attempt(() => localStorage.removeItem(KEY), undefined),
};
