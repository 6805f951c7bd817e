/**
 * The scavenge screen's two intents, Scavenge and Take/Swap, and the finds their answers leave on screen. The
 * server rolls the loot (docs/design.md section 3); this plays the 2-second search around its answer, says the
 * result to a screen reader and moves the focus to the first find.
 */
import { useEffect, useRef, useState } from 'react';
import { LOOT_PER_SCAVENGE, SCAVENGE_ANIMATION_MS } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { ZoneId } from '../../../game/rules/zones';
import { count } from '../../components/count';
import { toast } from '../../lib/toasts';
import { useIntent } from '../../lib/use-intent';
import { setRead, useRead } from '../../lib/query';
import { scavengeApi } from './api';
import { bestLine, findNotice, findsSummary, salvagedLine } from './find-notices';
import type { Swap } from './use-loot-choice';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** `clearChoice` empties the player's picks, which a new scavenge or a done swap makes stale. */
export function useScavengeIntents(clearChoice: () => void) {
  // An intent's answer replaces the pending finds in the cache (and drops a read of them still under way).
  const pending = useRead(scavengeApi.pending, 'could not read pending loot');
  const [scavengedHere, setScavengedHere] = useState(false);
  const intent = useIntent<'scavenge' | 'swap'>();
  // What a screen reader hears of the search: always in the page, so each change is announced.
  const [announcement, setAnnouncement] = useState('');
  // The short visible line of what the last intent did and salvaged; null when there is nothing new to say.
  const [said, setSaid] = useState<string | null>(null);
  // The last scavenge's best find for the status line (issue #51: the same one the announcer and the log name).
  const [best, setBest] = useState<string | null>(null);
  // A Take/Swap has just been done and nothing picked since: a second tap that lands after it does nothing
  // rather than refuse (issue #40: 'No scavenged items selected for swapping.' after a success).
  const [took, setTook] = useState(false);
  // Each scavenge's answer takes the focus to the first find, the next thing to choose, once the finds show
  // (docs/accessibility.md).
  const focusFirstFind = useRef(false);
  const panels = useRef<HTMLDivElement>(null);

  /** Pending finds, in slot order; null until the server said what is pending (nothing, if it could not). */
  const loot = pending.data?.loot ?? (pending.error ? [] : null);
  const bySlot = new Map((loot ?? []).map((find) => [find.slot, find]));
  const lootSlots = Array.from({ length: LOOT_PER_SCAVENGE }, (_, slot) => bySlot.get(slot) ?? null);
  const scavenging = intent.busy('scavenge');
  useEffect(() => {
    if (!focusFirstFind.current || scavenging) return;
    focusFirstFind.current = false;
    panels.current?.querySelector<HTMLElement>('[data-testid="loot-panel"] [data-testid="item-row"]')?.focus();
  }, [scavenging]);

  /**
   * Each intent's answer says what it salvaged (docs/design.md section 9.1): to a screen reader with the rest of
   * the announcement, and as a short line in the action bar, never a toast over the finds (issue #40).
   */
  const tell = (line: string) => {
    setSaid(line);
    setAnnouncement(line);
  };

  const scavenge = (zone: ZoneId) =>
    intent.run('scavenge', async () => {
      clearChoice();
      setTook(false);
      setSaid(null);
      setBest(null);
      setAnnouncement(MSG.scavenging);
      // The search takes 2 seconds whatever the network does; the server's answer is shown when both are done.
      const searching = wait(SCAVENGE_ANIMATION_MS);
      try {
        const result = await scavengeApi.scavenge(zone);
        await searching;
        setRead(scavengeApi.pending, { loot: result.loot });
        setScavengedHere(true);
        const salvaged = salvagedLine(result.salvaged);
        setSaid(salvaged);
        setBest(bestLine(result.loot));
        setAnnouncement([salvaged, findsSummary(result.loot)].filter(Boolean).join(' '));
        focusFirstFind.current = true;
        // A cheer only for Very Rare and up (issue #40); what is new to the collection is a badge on its row.
        const great = findNotice(result.loot);
        if (great) toast(great);
      } catch (refusal) {
        setAnnouncement('');
        throw refusal;
      }
    });

  /** `salvageRest`: the one-tap step (./one-tap.ts), which salvages every find not taken with it. `done`: after a success. */
  const swap = ({ take, drop }: Swap, salvageRest = false, done?: () => void) =>
    intent.run('swap', async () => {
      const result = await scavengeApi.swap({ take, drop: drop.map((item) => item.id), ...(salvageRest ? { salvageRest } : {}) });
      setRead(scavengeApi.pending, { loot: result.loot });
      clearChoice();
      setTook(true);
      setBest(null);
      const took = drop.length ? `Took ${count(take.length, 'find')}, dropped ${count(drop.length, 'item')}.` : `Took ${count(take.length, 'find')}.`;
      tell([took, salvagedLine(result.salvaged, 'item')].filter(Boolean).join(' '));
      done?.();
    });

  return { intent, loot, lootSlots, scavengedHere, scavenging, announcement, said, best, took, picking: () => {
      setTook(false);
      setSaid(null);
    }, panels, scavenge, swap };
}
