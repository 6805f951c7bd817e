/**
 * Toasts for the waits that end while the player is in the game (issue 17): energy reaching the maximum and an
 * equipped item reaching 100 % research, on whatever screen is open. Both are read from the shared profile
 * (lib/player.ts) and the clock, so they come on screens that never read the profile again. Only what ends
 * while the game is open counts: a player who arrives to full energy or finished research is not told.
 */
import { useEffect, useRef } from 'react';
import { MAX_ENERGY } from '../../game/constants';
import { energyFullAt } from '../../game/rules/energy';
import { isFullyResearched } from '../../game/rules/research';
import type { Profile } from '../../game/wire';
import { useSignedInPlayer } from '../lib/session';
import { manyNotice } from './many-notice';
import { RetryingNotice } from './retrying';
import { usePlayer } from '../lib/player';
import { toast } from '../lib/toasts';
import { useNow } from './use-now';

/** The waits' toasts, and the wait for a lost answer sent again ("Retrying…", ./retrying.tsx). */
export function WaitNotices() {
  const { profile, receivedAt, clockOffset } = usePlayer(useSignedInPlayer().uid);
  const now = useNow();
  useEnergyFullNotice(profile, receivedAt, now);
  useResearchNotice(profile, now + clockOffset);
  return <RetryingNotice />;
}

function useEnergyFullNotice(profile: Profile | null, receivedAt: number, now: number) {
  const fullAt = profile && energyFullAt(profile.energy, profile.secondsToNextEnergy, receivedAt);
  const full = profile ? fullAt === null || now >= fullAt : null;
  // null until the first profile: full energy on arrival is not news.
  const wasFull = useRef<boolean | null>(null);
  useEffect(() => {
    if (full === null) return;
    if (full && wasFull.current === false) toast(`Energy is full: ${MAX_ENERGY}/${MAX_ENERGY}.`);
    wasFull.current = full;
  }, [full]);
}

function useResearchNotice(profile: Profile | null, serverNow: number) {
  // Items seen under way; one that is complete now was completed while the game was open.
  const underWay = useRef(new Set<string>());
  useEffect(() => {
    if (!profile) return;
    const completed: string[] = [];
    for (const item of profile.inventory) {
      if (item.research < 100 && !isFullyResearched(item.rarity, item, serverNow)) underWay.current.add(item.id);
      else if (underWay.current.delete(item.id)) completed.push(item.itemName);
    }
    const notice = manyNotice(completed, 'items researched', (name) => `Research complete: ${name}. It can go in the trophy case.`);
    if (notice) toast(notice);
  }, [profile, serverNow]);
}
