/**
 * Spec section 2 "Scavenge screen" and section 4 "Scavenge flow". The server rolls the loot and moves the
 * numbers (DESIGN.md section 3); this screen sends the intents, plays the 2-second search and shows the answers.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { INVENTORY_SIZE, LOOT_PER_SCAVENGE, SCAVENGE_ANIMATION_MS, SCAVENGE_DOTS_MS } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Item } from '../../../game/wire';
import { RARITY_NAMES, rarityRank } from '../../../game/rules';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { ShovelIcon } from '../../components/glyphs';
import { isRareFind } from '../../components/rarity';
import { ItemDetailsDialog, ItemPanel, ItemsToDestroy, padded } from '../../components/items';
import { playerStore, usePlayer } from '../../components/player-store';
import { ProfileHeader } from '../../components/profile-header';
import { toast } from '../../components/toasts';
import { count, Loading } from '../../components/ui';
import { useSelection } from '../../components/use-selection';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { useLoad } from '../../lib/use-load';
import { PATHS } from '../../paths';
import { scavengeApi } from './api';

/** A Take/Swap: the loot slots to take and the equipped items to drop. */
interface Swap {
  take: number[];
  drop: Item[];
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

export function ScavengePage() {
  const { uid } = useSignedInPlayer();
  const { profile, receivedAt, clockOffset, error } = usePlayer(uid);
  const pending = useLoad(() => scavengeApi.pending(), [], 'could not read pending loot');
  /** The finds an intent on this screen answered: newer than the pending read, whichever arrived first. */
  const [answered, setAnswered] = useState<Item[] | null>(null);
  const [scavengedHere, setScavengedHere] = useState(false);
  const intent = useIntent<'scavenge' | 'swap'>();
  const [details, setDetails] = useState<Item | null>(null);
  // A Take/Swap that drops equipped items, waiting for the player's yes.
  const [confirming, setConfirming] = useState<Swap | null>(null);
  const lootSelection = useSelection();
  const inventorySelection = useSelection();
  const refresh = useCallback(() => void playerStore.load(uid), [uid]);

  /** Pending finds, in slot order; null until the server said what is pending (nothing, if it could not). */
  const loot = answered ?? pending.data?.loot ?? (pending.error ? [] : null);
  const bySlot = new Map((loot ?? []).map((find) => [find.slot, find]));
  const lootSlots = Array.from({ length: LOOT_PER_SCAVENGE }, (_, slot) => bySlot.get(slot) ?? null);
  const hasLoot = (loot?.length ?? 0) > 0;
  const scavenging = intent.busy('scavenge');

  const scavenge = () =>
    intent.run('scavenge', async () => {
      lootSelection.clear();
      inventorySelection.clear();
      // The search takes 2 seconds whatever the network does; the server's answer is shown when both are done.
      const searching = wait(SCAVENGE_ANIMATION_MS);
      const result = await scavengeApi.scavenge();
      await searching;
      playerStore.apply(result);
      setAnswered(result.loot);
      setScavengedHere(true);
      announceBestFind(result.loot);
    });

  /** What Take/Swap would send: the picked finds' slots and the selected equipped items (destroyed on success). */
  const chosen = () => ({
    take: (loot ?? []).filter((find) => lootSelection.keys.has(find.id)).flatMap((find) => (find.slot === null ? [] : [find.slot])),
    drop: (profile?.inventory ?? []).filter((item) => inventorySelection.keys.has(item.id)),
  });

  const send = ({ take, drop }: Swap) =>
    intent.run('swap', async () => {
      const result = await scavengeApi.swap({ take, drop: drop.map((item) => item.id) });
      playerStore.apply(result);
      setAnswered(result.loot);
      lootSelection.clear();
      inventorySelection.clear();
      toast(drop.length ? `Took ${count(take.length, 'find')}, dropped ${count(drop.length, 'item')}.` : `Took ${count(take.length, 'find')}.`);
    });

  /**
   * Nothing is destroyed without the player seeing it named first: a swap that would drop equipped items asks,
   * and sends exactly what it named. With no find picked the server refuses before dropping anything.
   */
  const takeSwap = () => {
    const swap = chosen();
    if (swap.drop.length > 0 && swap.take.length > 0) setConfirming(swap);
    else void send(swap);
  };

  const confirmSwap = (swap: Swap) => {
    setConfirming(null);
    void send(swap);
  };

  if (!profile) return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error: {error}</p> : <Loading />;

  const picked = lootSelection.keys.size;
  const dropped = inventorySelection.keys.size;

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={refresh} />

      <section aria-label="Scavenge" className="panel p-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <button type="button" className="btn-game min-h-14 text-base" onClick={() => void scavenge()} disabled={scavenging}>
            <ShovelIcon />
            Scavenge (1 energy)
          </button>
          <button type="button" className="btn-secondary min-h-14 text-base" onClick={takeSwap} disabled={intent.busy()}>
            Take/Swap
          </button>
        </div>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-2 text-sm text-slate-600 dark:text-slate-300">
          <p aria-live="polite">
            {hasLoot ? `Selected: ${count(picked, 'find')} to take, ${count(dropped, 'equipped item')} to drop.` : 'Scavenge, then tap the finds you want to keep.'}
          </p>
          <Link to={PATHS.odds} className="link link-target">
            See the odds
          </Link>
        </div>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {scavenging ? (
          <Searching />
        ) : hasLoot || scavengedHere ? (
          <ItemPanel
            title="Scavenged Loot"
            testId="loot-panel"
            slots={lootSlots}
            selected={lootSelection.keys}
            selectable
            onToggle={lootSelection.toggle}
            onDetails={setDetails}
            clockOffset={clockOffset}
            listClassName={scavengedHere ? 'loot-in' : ''}
          />
        ) : (
          <section className="panel flex min-h-40 flex-col items-center justify-center p-6 text-center text-slate-600 dark:text-slate-400">
            <p className="font-semibold">Nothing found yet.</p>
            <p className="mt-1 text-sm">Each scavenge turns up {LOOT_PER_SCAVENGE} finds. Keep the best ones.</p>
          </section>
        )}
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(profile.inventory, INVENTORY_SIZE)}
          selected={inventorySelection.keys}
          selectable={hasLoot && !scavenging}
          onToggle={inventorySelection.toggle}
          onDetails={setDetails}
          clockOffset={clockOffset}
        />
      </div>

      {confirming && (
        <ConfirmDialog
          question={`Take ${count(confirming.take.length, 'find')} and destroy ${count(confirming.drop.length, 'equipped item')}?`}
          confirmLabel="Yes, destroy and take"
          onConfirm={() => confirmSwap(confirming)}
          onCancel={() => setConfirming(null)}
          busy={intent.busy()}
        >
          <ItemsToDestroy items={confirming.drop} clockOffset={clockOffset} />
        </ConfirmDialog>
      )}
      {details && <ItemDetailsDialog item={details} clockOffset={clockOffset} onClose={() => setDetails(null)} />}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}

/** Spec: a spinner with 'Scavenging for loot' and dots that grow every 500 ms. */
function Searching() {
  const [dots, setDots] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setDots((shown) => (shown + 1) % 4), SCAVENGE_DOTS_MS);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <section className="panel flex min-h-72 flex-col items-center justify-center gap-4 p-6" data-testid="scavenging">
      <span aria-hidden="true" className="relative flex h-16 w-16 items-center justify-center">
        <span className="absolute inset-0 rounded-full border-4 border-amber-200 border-t-amber-600 motion-safe:animate-spin dark:border-slate-700 dark:border-t-amber-400" />
        <span className="text-amber-700 motion-safe:animate-bounce dark:text-amber-300">
          <ShovelIcon />
        </span>
      </span>
      <p role="status" className="text-lg font-bold">
        {MSG.scavenging}
        <span aria-hidden="true" className="inline-block w-6 text-left" data-testid="scavenging-dots">
          {'.'.repeat(dots)}
        </span>
      </p>
    </section>
  );
}

/** A rare-or-better find deserves a cheer: the rarest of the scavenge (the first in slot order of a tie) is toasted. */
function announceBestFind(loot: readonly Item[]) {
  let best: Item | undefined;
  for (const find of loot) if (isRareFind(find.rarity) && (!best || rarityRank(find.rarity) > rarityRank(best.rarity))) best = find;
  if (best) toast(`${RARITY_NAMES[best.rarity]} find: ${best.itemName}!`);
}
