/**
 * The signed-in player's profile, shared by every screen that shows it (the mobile top bar, the profile and
 * scavenge screens), so an intent answered on one screen updates the numbers on all of them at once.
 * The server owns every number (docs/design.md section 3): this only keeps its latest answer.
 *
 * Type-only imports from game/, and the HTTP client on demand: the layout loads this eagerly, so it must not
 * pull zod, the contract or the rules into the landing page's bundle.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { SHELL_MSG } from '../../game/shell-messages';
import type { IntentResult, Profile } from '../../game/wire';
import { toast } from './toasts';

const loadApi = () => import('../lib/api');

export interface PlayerState {
  uid: string | null;
  profile: Profile | null;
  /** Local clock (Date.now()) when `profile` arrived: countdowns run from here. */
  receivedAt: number;
  /** profile.serverTime − receivedAt: add to Date.now() to read the server's clock. */
  clockOffset: number;
  error: string | null;
}

const EMPTY: PlayerState = { uid: null, profile: null, receivedAt: 0, clockOffset: 0, error: null };

let state: PlayerState = EMPTY;
const listeners = new Set<() => void>();
const inflight = new Map<string, Promise<void>>();

function set(next: PlayerState) {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Keeps the newest answer: a read that started before an intent but arrived after it must not roll the
 * screen back, and the server's clock says which answer is newer. Every answer passes here, whichever screen
 * asked, so a level-up (docs/design.md section 7.4) is cheered here, once: the next answer already has the level.
 */
function accept(profile: Profile) {
  const current = state.uid === profile.uid ? state.profile : null;
  if (current && profile.serverTime < current.serverTime) return;
  const receivedAt = Date.now();
  set({ uid: profile.uid, profile, receivedAt, clockOffset: profile.serverTime - receivedAt, error: null });
  if (current && profile.level > current.level) toast(`Level up! You are now level ${profile.level}.`);
}

export const playerStore = {
  /** Reads the profile; concurrent calls for the same player share one request. */
  load(uid: string): Promise<void> {
    const running = inflight.get(uid);
    if (running) return running;
    if (state.uid !== uid) set({ ...EMPTY, uid });
    const request = loadApi()
      .then(({ api, API }) => api.call(API.profile, { params: { uid } }))
      .then(accept, (error: unknown) => {
        console.warn(SHELL_MSG.profileFetchFailed, error);
        if (state.uid === uid) set({ ...state, error: SHELL_MSG.profileFetchFailed });
      })
      .finally(() => inflight.delete(uid));
    inflight.set(uid, request);
    return request;
  },
  /** Every intent answers the fresh profile (IntentResult), so no second read is needed. */
  apply(result: Pick<IntentResult, 'profile'>) {
    accept(result.profile);
  },
  get: () => state,
};

/** The player's state, loaded when a screen that needs it mounts (and again on every mount, to stay fresh). */
export function usePlayer(uid: string | undefined): PlayerState {
  const snapshot = useSyncExternalStore(subscribe, playerStore.get, playerStore.get);
  useEffect(() => {
    if (uid) void playerStore.load(uid);
  }, [uid]);
  return uid && snapshot.uid === uid ? snapshot : EMPTY;
}
