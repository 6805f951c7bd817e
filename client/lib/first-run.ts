/**
 * The first-run guide is due once: from the moment a player chooses their username until they dismiss it or
 * take its "Scavenge now". Remembered in this browser's localStorage, keyed by the player's uid: only a brand
 * new player is ever shown it (an existing player on a new device is not), it survives the reload that follows
 * the username and a closed tab, and it costs no column, migration or request. It is also over as soon as the
 * profile shows the player has played (issue 24, point 9): a guide to the first scavenge must never cover the
 * profile of someone who already scavenged and kept finds.
 */
import type { Profile } from '../../game/wire';

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

/**
 * Whether a profile shows play: a scavenge (every one earns XP), a find kept (equipped or in the bag) or a trophy.
 * The guide is for a profile with none of these.
 */
export const hasPlayed = (profile: Pick<Profile, 'xp' | 'inventory' | 'duffelBag' | 'trophyCaseScore'>) =>
  profile.xp > 0 || profile.inventory.length > 0 || profile.duffelBag.length > 0 || profile.trophyCaseScore > 0;
