/**
 * docs/spec.md section 2 "Scavenge screen" and section 4 "Scavenge flow". The server rolls the loot and moves the
 * numbers (docs/design.md section 3); this screen sends the intents, plays the 2-second search and shows the answers.
 *
 * Issue 17: the loop fits one phone screen. The header keeps only energy and gold on phones, each find says what
 * taking it would do to attack and defense, and the actions (Scavenge, Take best, Keep for research, Take/Swap)
 * sit in a bar stuck to the bottom, above the phone's navigation, within the thumb's reach. A button that cannot
 * succeed says why, and pressed anyway shows the spec's popup (issue #24).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { INVENTORY_SIZE, LOOT_PER_SCAVENGE, SCAVENGE_ANIMATION_MS, SCAVENGE_COST, SCAVENGE_DOTS_MS } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Item } from '../../../game/wire';
import { bestSwap, keepForResearch, RARITY_NAMES, sortItems } from '../../../game/rules';
import { researchLeftMs } from '../../../game/rules/research';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { ShovelIcon } from '../../components/glyphs';
import { isRareFind } from '../../components/rarity';
import { ItemDetailsDialog, ItemPanel, ItemsToDestroy, padded } from '../../components/items';
import { playerStore, usePlayer } from '../../components/player-store';
import { ProfileHeader } from '../../components/profile-header';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { toast } from '../../components/toasts';
import { Loading, ScreenHeading } from '../../components/ui';
import { count } from '../../components/count';
import { useNow } from '../../components/use-now';
import { useBottomBar } from '../../components/use-bottom-bar';
import { useSelection } from '../../components/use-selection';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { useLoad } from '../../lib/use-load';
import { PATHS } from '../../paths';
import { scavengeApi } from './api';
import { findNotices, findsSummary } from './find-notices';
import { useZone, ZoneButton, ZonePicker } from './zone-picker';

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
  const trophies = useLoad(() => scavengeApi.trophyCase(uid), [uid], 'could not read the trophy case');
  /** The finds an intent on this screen answered: newer than the pending read, whichever arrived first. */
  const [answered, setAnswered] = useState<Item[] | null>(null);
  const [scavengedHere, setScavengedHere] = useState(false);
  const intent = useIntent<'scavenge' | 'swap'>();
  const [details, setDetails] = useState<Item | null>(null);
  // A Take/Swap that drops equipped items, waiting for the player's yes.
  const [confirming, setConfirming] = useState<Swap | null>(null);
  // Rare-or-better finds a new scavenge would leave behind, waiting for the player's yes (issue #24).
  const [leaving, setLeaving] = useState<Item[] | null>(null);
  // Equipped items the screen picked to drop for a find taken into a full inventory, so a find's "vs Lead Pipe"
  // is what Take/Swap does; the player may pick others instead.
  const autoDrops = useRef(new Set<string>());
  const lootSelection = useSelection();
  const inventorySelection = useSelection();
  const refresh = useCallback(() => void playerStore.load(uid), [uid]);
  const now = useNow(1000);
  // What a screen reader hears of the search: always in the page, so each change is announced.
  const [announcement, setAnnouncement] = useState('');
  // Each scavenge's answer takes the focus to the first find, the next thing to choose, once the finds show
  // (docs/accessibility.md).
  const focusFirstFind = useRef(false);
  const panels = useRef<HTMLDivElement>(null);
  const actionBar = useBottomBar();
  const [zone, setZone] = useZone();

  /** Pending finds, in slot order; null until the server said what is pending (nothing, if it could not). */
  const loot = answered ?? pending.data?.loot ?? (pending.error ? [] : null);
  const bySlot = new Map((loot ?? []).map((find) => [find.slot, find]));
  const lootSlots = Array.from({ length: LOOT_PER_SCAVENGE }, (_, slot) => bySlot.get(slot) ?? null);
  const hasLoot = (loot?.length ?? 0) > 0;
  const scavenging = intent.busy('scavenge');
  useEffect(() => {
    if (!focusFirstFind.current || scavenging) return;
    focusFirstFind.current = false;
    panels.current?.querySelector<HTMLElement>('[data-testid="loot-panel"] [data-testid="item-row"]')?.focus();
  }, [scavenging]);

  /** Catalogue ids the player holds: in the trophy case, equipped or in the duffel bag (null until read). */
  const collected = trophies.data && profile ? new Set([...trophies.data, ...profile.inventory, ...profile.duffelBag].map((entry) => ('item' in entry ? entry.item : entry).catalogId)) : null;

  const scavenge = () =>
    intent.run('scavenge', async () => {
      lootSelection.clear();
      inventorySelection.clear();
      setAnnouncement(MSG.scavenging);
      // The search takes 2 seconds whatever the network does; the server's answer is shown when both are done.
      const searching = wait(SCAVENGE_ANIMATION_MS);
      try {
        const result = await scavengeApi.scavenge(zone.id);
        await searching;
        playerStore.apply(result);
        setAnswered(result.loot);
        setScavengedHere(true);
        setAnnouncement(findsSummary(result.loot));
        focusFirstFind.current = true;
        announceFinds(result.loot, collected);
      } catch (refusal) {
        setAnnouncement('');
        throw refusal;
      }
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

  /**
   * No silent loss (issue #24): scavenging again throws away the finds not taken, so with a rare-or-better one
   * among them the player is asked first, the finds named.
   */
  const scavengeAsked = () => {
    const rare = (loot ?? []).filter((find) => isRareFind(find.rarity));
    if (rare.length > 0) setLeaving(rare);
    else void scavenge();
  };

  /**
   * A find picked into a full inventory brings the weakest equipped item not yet chosen into the drops (the one
   * its gain line names); unpicked, the drop it brought goes again. The player may change either.
   */
  const toggleFind = (id: string) => {
    const picking = !lootSelection.keys.has(id);
    lootSelection.toggle(id);
    if (!profile) return;
    const drops = new Set(inventorySelection.keys);
    const needed = lootSelection.keys.size + (picking ? 1 : -1) + profile.inventory.length - INVENTORY_SIZE;
    if (picking && drops.size < needed) {
      const weakest = sortItems(profile.inventory.filter((item) => !drops.has(item.id))).at(-1);
      if (weakest) {
        autoDrops.current.add(weakest.id);
        inventorySelection.select([...drops, weakest.id]);
      }
    } else if (!picking && drops.size > Math.max(0, needed)) {
      const brought = [...autoDrops.current].reverse().find((dropId) => drops.has(dropId));
      if (brought) {
        autoDrops.current.delete(brought);
        inventorySelection.toggle(brought);
      }
    }
  };

  if (!profile) return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error: {error}</p> : <Loading />;

  const picked = lootSelection.keys.size;
  const dropped = inventorySelection.keys.size;
  const best = bestSwap(profile.inventory, loot ?? []);
  const takeBest = () => {
    lootSelection.select(best.take.map((find) => find.id));
    inventorySelection.select(best.drop.map((item) => item.id));
  };
  // "Keep for research" (docs/design.md): never drops research in progress or a trophy not yet in the case.
  const forResearch = trophies.data ? keepForResearch(profile.inventory, loot ?? [], new Set(trophies.data.map((entry) => entry.item.catalogId)), now + clockOffset) : null;
  const keepBest = () => {
    if (!forResearch) return;
    lootSelection.select(forResearch.take.map((find) => find.id));
    inventorySelection.select(forResearch.drop.map((item) => item.id));
  };
  const nextEnergyMs = (profile.secondsToNextEnergy ?? 0) * 1000 - (now - receivedAt);

  // Why each action cannot succeed now (null: it can). The server still refuses with the spec's messages.
  const scavengeBlocked =
    profile.level < zone.level
      ? MSG.zoneLevel(zone.level)
      : profile.energy < zone.energy
        ? `${profile.energy === 0 ? 'No energy.' : `The ${zone.name} takes ${zone.energy} energy.`} The next point comes in ${timeLeft(nextEnergyMs)}.`
        : null;
  const short = picked - (INVENTORY_SIZE - profile.inventory.length) - dropped;
  const takeBlocked = !hasLoot
    ? 'Scavenge first.'
    : picked === 0
      ? 'Select a find to take.'
      : short > 0
        ? `All ${INVENTORY_SIZE} slots are full: select ${count(short, 'equipped item')} to drop.`
        : null;
  const bestBlocked = !hasLoot ? 'Scavenge first.' : best.take.length === 0 ? 'Nothing here beats what you have equipped.' : null;
  const researchBlocked = !forResearch
    ? trophies.error
      ? 'Could not read your trophy case.'
      : 'Reading your trophy case…'
    : !hasLoot
      ? 'Scavenge first.'
      : forResearch.take.length === 0
        ? 'Nothing here is worth a slot for research.'
        : null;

  return (
    <div className="mx-auto max-w-5xl space-y-3 px-3 pt-3 sm:space-y-4 sm:px-6 sm:py-6">
      {/* On phones the top bar already names the screen. */}
      <ScreenHeading title="Scavenge" className="text-2xl font-black tracking-tight max-sm:sr-only" />
      <p role="status" className="sr-only" data-testid="scavenge-announcer">
        {announcement}
      </p>
      <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={refresh} compact />
      <ZonePicker zone={zone} level={profile.level} hiddenOnPhone={hasLoot || scavengedHere || scavenging} onChange={setZone} />
      {profile.energy < SCAVENGE_COST && <WhileYouWait items={profile.inventory} now={now + clockOffset} />}

      <div ref={panels} className="grid grid-cols-1 gap-3 sm:gap-4 lg:grid-cols-2">
        {scavenging ? (
          <Searching />
        ) : hasLoot || scavengedHere ? (
          <ItemPanel
            title="Scavenged Loot"
            testId="loot-panel"
            aside={
              <>
                <ZoneButton zone={zone} level={profile.level} onChange={setZone} />
                <span className="max-sm:hidden">
                  <OddsLink />
                </span>
              </>
            }
            slots={lootSlots}
            selected={lootSelection.keys}
            selectable
            onToggle={toggleFind}
            onDetails={setDetails}
            clockOffset={clockOffset}
            listClassName={scavengedHere ? 'loot-in' : ''}
            compareWith={profile.inventory}
          />
        ) : (
          <section className="panel flex min-h-40 flex-col items-center justify-center p-6 text-center text-slate-600 dark:text-slate-400">
            <p className="font-semibold">Nothing found yet.</p>
            <p className="mt-1 text-sm">Each scavenge turns up {LOOT_PER_SCAVENGE} finds. Keep the best ones.</p>
            <p className="mt-1 text-sm" data-testid="leaderboard-counts">
              {LEADERBOARD_COUNTS}
            </p>
            <OddsLink />
          </section>
        )}
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(profile.inventory, INVENTORY_SIZE)}
          selected={inventorySelection.keys}
          selectable={hasLoot && !scavenging}
          onToggle={(id) => {
            autoDrops.current.delete(id);
            inventorySelection.toggle(id);
          }}
          onDetails={setDetails}
          clockOffset={clockOffset}
        />
      </div>

      {/* Stuck to the bottom (above the phone's navigation), so the actions stay in reach whatever shows above. */}
      <section
        ref={actionBar}
        data-bottom-bar
        aria-label="Scavenge"
        data-testid="action-bar"
        className="panel sticky bottom-[calc(3.0625rem+env(safe-area-inset-bottom))] z-20 p-2 shadow-lg sm:bottom-3 sm:p-3"
      >
        {/* Columns that never grow past their share, so four buttons fit a 360 px phone (words wrap instead). */}
        <div className="grid grid-cols-[minmax(0,1.25fr)_repeat(3,minmax(0,1fr))] items-start gap-1.5 sm:gap-2">
          <ReasonedButton
            className="btn-game min-h-12 w-full px-1.5 text-sm leading-tight max-[389px]:text-xs sm:text-base"
            reason={scavengeBlocked}
            whenBlocked={() => intent.refuse(profile.level < zone.level ? MSG.zoneLevel(zone.level) : MSG.notEnoughEnergy)}
            onClick={scavengeAsked}
            disabled={scavenging}
          >
            <ShovelIcon />
            Scavenge ({zone.energy} energy)
          </ReasonedButton>
          {/* Two kinds of best (issue #24): the strongest six, or the six that keep research and fill the case. */}
          <ReasonedButton className="btn-secondary min-h-12 w-full px-1 text-sm leading-tight max-[389px]:text-xs sm:text-base" reason={bestBlocked} onClick={takeBest} disabled={intent.busy()}>
            Take best
          </ReasonedButton>
          <ReasonedButton className="btn-secondary min-h-12 w-full px-1 text-sm leading-tight max-[389px]:text-xs sm:text-base" reason={researchBlocked} onClick={keepBest} disabled={intent.busy()}>
            Keep for research
          </ReasonedButton>
          <ReasonedButton
            className="btn-primary min-h-12 w-full px-1 text-sm leading-tight max-[389px]:text-xs sm:text-base"
            reason={takeBlocked}
            whenBlocked={() => intent.refuse(picked === 0 ? MSG.noLootSelected : MSG.inventoryFull)}
            onClick={takeSwap}
            disabled={intent.busy()}
          >
            Take/Swap
          </ReasonedButton>
        </div>
        <p aria-live="polite" className="mt-1 text-xs text-slate-600 max-sm:sr-only sm:text-sm dark:text-slate-300">
          {hasLoot ? `Selected: ${count(picked, 'find')} to take, ${count(dropped, 'equipped item')} to drop.` : 'Scavenge, then tap the finds you want to keep.'}
        </p>
      </section>

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
      {leaving && (
        <ConfirmDialog
          question={`Leave ${listed(leaving.map((find) => `${find.itemName} (${RARITY_NAMES[find.rarity]})`))} behind?`}
          confirmLabel="Scavenge anyway"
          cancelLabel="Keep looking"
          onConfirm={() => {
            setLeaving(null);
            void scavenge();
          }}
          onCancel={() => setLeaving(null)}
        >
          <p className="text-sm">A new scavenge replaces the finds you have not taken.</p>
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
      {/* Said by the screen's status line, which is always in the page: a region inserted filled is often skipped. */}
      <p className="text-lg font-bold">
        {MSG.scavenging}
        <span aria-hidden="true" className="inline-block w-6 text-left" data-testid="scavenging-dots">
          {'.'.repeat(dots)}
        </span>
      </p>
    </section>
  );
}

function OddsLink() {
  return (
    <Link to={PATHS.odds} className="link link-target text-sm">
      See the odds
    </Link>
  );
}

/** What the leaderboard ranks, said where a new player decides what to keep (issue #24). */
const LEADERBOARD_COUNTS = 'The leaderboard counts your trophy case: keep finds equipped until they are fully researched, then add them as trophies.';

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Says what a scavenge turned up that deserves a cheer, as one toast per kind. */
function announceFinds(loot: readonly Item[], collected: ReadonlySet<string> | null) {
  for (const notice of findNotices(loot, collected)) toast(notice);
}

/**
 * Out of energy, the screen points at what is worth doing meanwhile (issue #25): the equipped research that
 * ends soonest, and the contracts and Second Wind on the profile, not only a countdown.
 */
function WhileYouWait({ items, now }: { items: readonly Item[]; now: number }) {
  const [soonest] = items
    .map((item) => ({ item, left: researchLeftMs(item.rarity, item, now) }))
    .filter(({ left }) => left > 0)
    .sort((a, b) => a.left - b.left);
  return (
    <section aria-labelledby="while-you-wait" className="panel p-3 text-sm" data-testid="while-you-wait">
      <h2 id="while-you-wait" className="font-bold">
        While your energy comes back
      </h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {soonest && (
          <li data-testid="research-soonest">
            {soonest.item.itemName} finishes its research in {timeLeft(soonest.left)}: then it can go in your trophy case.
          </li>
        )}
        <li>
          <Link to={PATHS.profile} className="link">
            Today&apos;s contracts
          </Link>{' '}
          pay cash, and cash buys a Second Wind: your energy back to full at once.
        </li>
      </ul>
    </section>
  );
}
