/**
 * The signed-in player's profile, one query of the data layer (./query.ts) shared by every screen that shows it
 * (the bars, the profile and scavenge screens), so an intent answered on one screen updates the numbers on all
 * of them at once. The server owns every number (docs/design.md section 3): this keeps its newest answer.
 */
import { useQuery } from '@tanstack/react-query';
import { SHELL_MSG } from '../../game/shell-messages';
import type { IntentResult, Profile } from '../../game/wire';
import { toast } from './toasts';
import { API, onIntentAnswer } from './api';
import { invalidate, queryClient, readOf } from './query';

interface Snapshot {
  profile: Profile;
  /** Local clock (Date.now()) when `profile` arrived: countdowns run from here. */
  receivedAt: number;
}

export interface PlayerState {
  uid: string | null;
  profile: Profile | null;
  receivedAt: number;
  /** profile.serverTime − receivedAt: add to Date.now() to read the server's clock. */
  clockOffset: number;
  error: string | null;
}

const EMPTY: PlayerState = { uid: null, profile: null, receivedAt: 0, clockOffset: 0, error: null };

const stamped = (profile: Profile): Snapshot => ({ profile, receivedAt: Date.now() });

/**
 * Keeps the newest answer: a read that started before an intent but arrived after it must not roll the screen
 * back, and the server's clock says which answer is newer. Every answer passes here, whichever screen asked, so a
 * level-up (docs/design.md section 7.4) is cheered here, once: the next answer already has the level.
 */
function newest(current: Snapshot | undefined, next: Snapshot): Snapshot {
  if (current && next.profile.serverTime < current.profile.serverTime) return current;
  if (current && next.profile.level > current.profile.level) toast(`Level up! You are now level ${next.profile.level}.`);
  return next;
}

function playerRead(uid: string) {
  const read = readOf(API.profile, { params: { uid } }, { as: 'stamped', from: stamped });
  return {
    queryKey: read.queryKey,
    queryFn: async () => {
      const answer = await read.queryFn().catch((error: unknown) => {
        console.warn(SHELL_MSG.profileFetchFailed, error);
        throw error;
      });
      return newest(queryClient.getQueryData<Snapshot>(read.queryKey), answer);
    },
  };
}

export const playerCache = {
  /** Every intent answers the fresh profile (IntentResult), so no second read is needed. */
  apply(result: Pick<IntentResult, 'profile'>) {
    const { queryKey } = playerRead(result.profile.uid);
    queryClient.setQueryData<Snapshot>(queryKey, (current) => newest(current, stamped(result.profile)));
  },
  /** Something changed the profile without this tab's intent (a fight against the player): read it again. */
  reload: () => invalidate(API.profile),
  /**
   * The first screen's read, started by the player guard (client/app/guards.tsx) as soon as the session names the
   * player, while the screen's own code still loads; the screen then finds it under way or done.
   */
  prefetch: (uid: string) => void queryClient.prefetchQuery(playerRead(uid)),
};

/** An intent's answer that carries the caller's fresh profile (IntentResult, a fight's, a new listing's). */
function carriesProfile(answer: unknown): answer is Pick<IntentResult, 'profile'> {
  return typeof answer === 'object' && answer !== null && 'profile' in answer && typeof answer.profile === 'object' && answer.profile !== null;
}

// Every intent answers the fresh profile: it goes to the cache here, as the answer arrives, whichever screen asked.
onIntentAnswer((answer) => {
  if (carriesProfile(answer)) playerCache.apply(answer);
});

/** The player's state, read when a screen that needs it mounts (and again on every mount, to stay fresh). */
export function usePlayer(uid: string | undefined): PlayerState {
  const query = useQuery({ ...playerRead(uid ?? ''), enabled: !!uid }, queryClient);
  if (!uid) return EMPTY;
  const snapshot = query.data;
  return {
    uid,
    profile: snapshot?.profile ?? null,
    receivedAt: snapshot?.receivedAt ?? 0,
    clockOffset: snapshot ? snapshot.profile.serverTime - snapshot.receivedAt : 0,
    // A failed read after a good one keeps the numbers shown (as before): the error shows only with nothing to show.
    error: query.error && !snapshot ? SHELL_MSG.profileFetchFailed : null,
  };
}
