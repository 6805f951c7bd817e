/**
 * docs/spec.md section 2 "Scavenge screen" and section 4 "Scavenge flow". The server rolls the loot and moves the
 * numbers (docs/design.md section 3); this screen sends the intents, plays the 2-second search and shows the answers.
 *
 * Issue 17: the loop fits one phone screen. The header keeps only energy and gold on phones, each find says what
 * taking it would do to attack and defense, and the actions (Scavenge, Take best, Keep for research, Take/Swap)
 * sit in a bar stuck to the bottom, above the phone's navigation, within the thumb's reach. A button that cannot
 * succeed says why, and pressed anyway shows the spec's popup (issue #24).
 *
 * Issue #40 (docs/design.md section 9.2): "Take best" and "Keep for research" each complete the step in one tap
 * (take, drop what must go, salvage the rest), asking first only as ./one-tap.ts says; Take/Swap stays the spec's
 * manual path. Nothing stays selected-but-untaken across a Scavenge, and the lists hold still under an action.
 *
 * This file composes the screen; the picks (./use-loot-choice.ts), the intents (./use-scavenge-intents.ts), the
 * one-tap rule (./one-tap.ts) and the action bar (./action-bar.tsx) each live on their own.
 */
import { useCallback, useRef, useState } from 'react';
import { INVENTORY_SIZE, SCAVENGE_COST } from '../../../game/constants';
import type { Item } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { ItemDetailsDialog } from '../../components/item-dialogs';
import { ItemPanel, padded } from '../../components/items';
import { playerCache, usePlayer } from '../../lib/player';
import { ProfileHeader } from '../../components/profile-header';
import { Loading, ScreenHeading } from '../../components/ui';
import { useNow } from '../../components/use-now';
import { useSignedInPlayer } from '../../lib/session';
import { useRead } from '../../lib/query';
import { scavengeApi } from './api';
import { ScavengeActionBar } from './action-bar';
import { NothingFoundYet, OddsLink } from './nothing-found';
import { isNewFind, studiesNote } from './find-notices';
import { findsWorthKeeping, oneTapPicks, stepOf, type Step } from './one-tap';
import { ConfirmStepDialog, ConfirmSwapDialog, LeaveFindsDialog } from './scavenge-dialogs';
import { Searching } from './searching';
import { scavengeButtonIn, useScavengeKeys } from './shortcuts';
import { useLootChoice, type Swap } from './use-loot-choice';
import { useScavengeIntents } from './use-scavenge-intents';
import { WhileYouWait } from './while-you-wait';
import { useZone, ZoneButton, ZonePicker } from './zone-picker';

export function ScavengePage() {
  const { uid } = useSignedInPlayer();
  const { profile, receivedAt, clockOffset, error } = usePlayer(uid);
  const choice = useLootChoice();
  const { intent, loot, lootSlots, scavengedHere, scavenging, announcement, said, best: bestSaid, took, panels, ...send } = useScavengeIntents(choice.clear);
  const trophies = useRead(scavengeApi.trophyCase(uid), 'could not read the trophy case');
  const listings = useRead(scavengeApi.listings, 'could not read your listings');
  const [details, setDetails] = useState<Item | null>(null);
  // A Take/Swap that drops equipped items, waiting for the player's yes.
  const [confirming, setConfirming] = useState<Swap | null>(null);
  // A one-tap step that would give up something worth keeping, waiting for the player's yes.
  const [step, setStep] = useState<Step | null>(null);
  // Finds worth keeping a new scavenge would salvage, waiting for the player's yes (issue #24).
  const [leaving, setLeaving] = useState<Item[] | null>(null);
  // What the lists showed when an action was sent: they hold still until it is done, so nothing moves under a
  // second tap (issue #40).
  const [held, setHeld] = useState<{ loot: (Item | null)[]; inventory: Item[] } | null>(null);
  const refresh = useCallback(() => void playerCache.reload(), []);
  const now = useNow(1000);
  const [zone, setZone] = useZone();
  const screen = useRef<HTMLDivElement>(null);
  // `s`, `b` and `r`, only while the focus is inside the page's main region (./shortcuts.ts).
  useScavengeKeys(screen, !!(confirming || step || leaving || details || intent.refusal), !!profile);
  const hasLoot = (loot?.length ?? 0) > 0;

  /**
   * Catalogue ids the collection has besides the equipped items: the trophy case, the duffel bag and open listings
   * (docs/design.md section 10.3); null until read. Listings that cannot be read count as none.
   */
  const listed = listings.data?.listings.filter((listing) => listing.status === 'open').map((listing) => listing.item) ?? (listings.error ? [] : null);
  const collected =
    trophies.data && profile && listed ? new Set([...trophies.data.map((entry) => entry.item), ...profile.duffelBag, ...listed].map((item) => item.catalogId)) : null;
  /** A find is new when neither the collection nor the inventory has its catalogue item. */
  const isNew = (find: Item) => isNewFind(find, collected && profile ? new Set([...collected, ...profile.inventory.map((item) => item.catalogId)]) : null);
  const scavenge = () => send.scavenge(zone.id);

  /** Runs an action with the lists held as they are until it is done (a tap while one runs sends nothing). */
  const holding = (action: Promise<void>) => {
    if (intent.busy()) return;
    const snapshot = { loot: lootSlots, inventory: profile?.inventory ?? [] };
    setHeld(snapshot);
    void action.finally(() => setHeld((current) => (current === snapshot ? null : current)));
  };

  /**
   * Nothing is destroyed without the player seeing it named first: a swap that would drop equipped items asks,
   * and sends exactly what it named. With no find picked the server refuses before dropping anything.
   */
  const takeSwap = () => {
    const swap = choice.chosen(loot ?? [], profile?.inventory ?? []);
    if (swap.drop.length > 0 && swap.take.length > 0) setConfirming(swap);
    else holding(send.swap(swap));
  };

  /** A one-tap step: at once, or after the player's yes when it would lose research or a Very Rare (./one-tap.ts). */
  const runStep = (next: Step) => (next.asks ? setStep(next) : sendStep(next));
  // Once a step is done the focus goes to Scavenge, the next thing to do (docs/accessibility.md): the find that had
  // it is gone, and by keyboard the loop is `s`, `r` (or `b`) and a yes when asked.
  const sendStep = (next: Step) =>
    holding(
      send.swap({ take: next.take.flatMap((find) => (find.slot === null ? [] : [find.slot])), drop: next.drop }, true, () => scavengeButtonIn(screen.current)?.focus()),
    );

  if (!profile) return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error: {error}</p> : <Loading />;

  const serverNow = now + clockOffset;
  // Both buttons weigh finds by the one "worth a slot" score (game/rules/best.ts, docs/design.md section 10.3).
  const { best, forResearch } = oneTapPicks(profile.inventory, loot ?? [], collected, serverNow);
  const keeps = forResearch?.take ?? null;

  /**
   * No silent loss (issue #24): scavenging again salvages the finds not taken, so with one worth keeping among
   * them the player is asked first, the finds named.
   */
  const scavengeAsked = () => {
    const worth = findsWorthKeeping(loot ?? [], keeps, isNew);
    if (worth.length > 0) setLeaving(worth);
    else void scavenge();
  };
  const shownLoot = held?.loot ?? lootSlots;
  const shownInventory = held?.inventory ?? profile.inventory;

  return (
    <div ref={screen} className="mx-auto max-w-5xl space-y-3 px-3 pt-3 sm:px-6 sm:py-4">
      {/* On phones the top bar already names the screen. */}
      <ScreenHeading title="Scavenge" className="text-2xl font-black tracking-tight max-sm:sr-only" />
      <p role="status" className="sr-only" data-testid="scavenge-announcer">
        {announcement}
      </p>
      <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={refresh} compact />
      <ZonePicker zone={zone} level={profile.level} tucked={hasLoot || scavengedHere || scavenging} onChange={setZone} />
      {profile.energy < SCAVENGE_COST && <WhileYouWait items={profile.inventory} now={now + clockOffset} />}

      <div ref={panels} className="grid grid-cols-1 gap-3 sm:gap-4 lg:grid-cols-[3fr_2fr]">
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
            slots={shownLoot}
            selected={choice.finds}
            selectable
            onToggle={(id) => {
              send.picking();
              choice.toggleFind(id, profile.inventory);
            }}
            onDetails={setDetails}
            clockOffset={clockOffset}
            listClassName={scavengedHere ? 'loot-in' : ''}
            compareWith={shownInventory}
            isNew={isNew}
            noteOf={(find) => studiesNote(find, shownInventory, serverNow)}
          />
        ) : (
          <NothingFoundYet />
        )}
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(shownInventory, INVENTORY_SIZE)}
          selected={choice.drops}
          selectable={hasLoot && !scavenging}
          onToggle={(id) => {
            send.picking();
            choice.toggleDrop(id);
          }}
          onDetails={setDetails}
          clockOffset={clockOffset}
        />
      </div>

      <ScavengeActionBar
        profile={profile}
        zone={zone}
        nextEnergyMs={(profile.secondsToNextEnergy ?? 0) * 1000 - (now - receivedAt)}
        hasLoot={hasLoot}
        picked={choice.finds.size}
        dropped={choice.drops.size}
        bestTakes={best.take.length}
        researchTakes={forResearch ? forResearch.take.length : null}
        trophiesFailed={!!trophies.error}
        scavenging={scavenging}
        busy={intent.busy()}
        took={took}
        said={said}
        best={hasLoot ? bestSaid : null}
        onRefuse={intent.refuse}
        onScavenge={scavengeAsked}
        onTakeBest={() => runStep(stepOf(best, loot ?? [], serverNow))}
        onKeepForResearch={() => forResearch && runStep(stepOf(forResearch, loot ?? [], serverNow))}
        onTakeSwap={takeSwap}
      />

      {confirming && (
        <ConfirmSwapDialog
          swap={confirming}
          clockOffset={clockOffset}
          busy={intent.busy()}
          onConfirm={() => {
            setConfirming(null);
            holding(send.swap(confirming));
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {step && (
        <ConfirmStepDialog
          step={step}
          clockOffset={clockOffset}
          busy={intent.busy()}
          onConfirm={() => {
            setStep(null);
            sendStep(step);
          }}
          onCancel={() => setStep(null)}
        />
      )}
      {leaving && (
        <LeaveFindsDialog
          finds={leaving}
          gold={(loot ?? []).reduce((sum, find) => sum + find.salvage, 0)}
          onConfirm={() => {
            setLeaving(null);
            void scavenge();
          }}
          onCancel={() => setLeaving(null)}
        />
      )}
      {details && <ItemDetailsDialog item={details} clockOffset={clockOffset} onClose={() => setDetails(null)} />}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}
