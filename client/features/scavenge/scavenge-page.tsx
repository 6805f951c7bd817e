/**
 * docs/spec.md section 2 "Scavenge screen" and section 4 "Scavenge flow". The server rolls the loot and moves the
 * numbers (docs/design.md section 3); this screen sends the intents, plays the 2-second search and shows the answers.
 *
 * Issue 17: the loop fits one phone screen. The header keeps only energy and gold on phones, each find says what
 * taking it would do to attack and defense, and the actions (Scavenge, Take best, Keep for research, Take/Swap)
 * sit in a bar stuck to the bottom, above the phone's navigation, within the thumb's reach. A button that cannot
 * succeed says why, and pressed anyway shows the spec's popup (issue #24).
 *
 * This file composes the screen; the picks (./use-loot-choice.ts), the intents (./use-scavenge-intents.ts) and
 * the action bar (./action-bar.tsx) each live on their own.
 */
import { useCallback, useState } from 'react';
import { INVENTORY_SIZE, SCAVENGE_COST } from '../../../game/constants';
import type { Item } from '../../../game/wire';
import { bestSwap, keepForResearch } from '../../../game/rules';
import { MessageDialog } from '../../components/dialog';
import { isRareFind } from '../../components/rarity';
import { ItemDetailsDialog, ItemPanel, padded } from '../../components/items';
import { playerCache, usePlayer } from '../../lib/player';
import { ProfileHeader } from '../../components/profile-header';
import { Loading, ScreenHeading } from '../../components/ui';
import { useNow } from '../../components/use-now';
import { useSignedInPlayer } from '../../lib/session';
import { useRead } from '../../lib/query';
import { scavengeApi } from './api';
import { ScavengeActionBar } from './action-bar';
import { NothingFoundYet, OddsLink } from './nothing-found';
import { ConfirmSwapDialog, LeaveFindsDialog } from './scavenge-dialogs';
import { Searching } from './searching';
import { useLootChoice, type Swap } from './use-loot-choice';
import { useScavengeIntents } from './use-scavenge-intents';
import { WhileYouWait } from './while-you-wait';
import { useZone, ZoneButton, ZonePicker } from './zone-picker';

export function ScavengePage() {
  const { uid } = useSignedInPlayer();
  const { profile, receivedAt, clockOffset, error } = usePlayer(uid);
  const choice = useLootChoice();
  const { intent, loot, lootSlots, scavengedHere, scavenging, announcement, panels, ...send } = useScavengeIntents(choice.clear);
  const trophies = useRead(scavengeApi.trophyCase(uid), 'could not read the trophy case');
  const [details, setDetails] = useState<Item | null>(null);
  // A Take/Swap that drops equipped items, waiting for the player's yes.
  const [confirming, setConfirming] = useState<Swap | null>(null);
  // Rare-or-better finds a new scavenge would leave behind, waiting for the player's yes (issue #24).
  const [leaving, setLeaving] = useState<Item[] | null>(null);
  const refresh = useCallback(() => void playerCache.reload(), []);
  const now = useNow(1000);
  const [zone, setZone] = useZone();
  const hasLoot = (loot?.length ?? 0) > 0;

  /** Catalogue ids the player holds: in the trophy case, equipped or in the duffel bag (null until read). */
  const collected = trophies.data && profile ? new Set([...trophies.data, ...profile.inventory, ...profile.duffelBag].map((entry) => ('item' in entry ? entry.item : entry).catalogId)) : null;
  const scavenge = () => send.scavenge(zone.id, collected);

  /**
   * Nothing is destroyed without the player seeing it named first: a swap that would drop equipped items asks,
   * and sends exactly what it named. With no find picked the server refuses before dropping anything.
   */
  const takeSwap = () => {
    const swap = choice.chosen(loot ?? [], profile?.inventory ?? []);
    if (swap.drop.length > 0 && swap.take.length > 0) setConfirming(swap);
    else void send.swap(swap);
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

  if (!profile) return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error: {error}</p> : <Loading />;

  const best = bestSwap(profile.inventory, loot ?? []);
  // "Keep for research" (docs/design.md): never drops research in progress or a trophy not yet in the case.
  const forResearch = trophies.data ? keepForResearch(profile.inventory, loot ?? [], new Set(trophies.data.map((entry) => entry.item.catalogId)), now + clockOffset) : null;

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
            selected={choice.finds}
            selectable
            onToggle={(id) => choice.toggleFind(id, profile.inventory)}
            onDetails={setDetails}
            clockOffset={clockOffset}
            listClassName={scavengedHere ? 'loot-in' : ''}
            compareWith={profile.inventory}
          />
        ) : (
          <NothingFoundYet />
        )}
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(profile.inventory, INVENTORY_SIZE)}
          selected={choice.drops}
          selectable={hasLoot && !scavenging}
          onToggle={choice.toggleDrop}
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
        onRefuse={intent.refuse}
        onScavenge={scavengeAsked}
        onTakeBest={() => choice.pick(best)}
        onKeepForResearch={() => forResearch && choice.pick(forResearch)}
        onTakeSwap={takeSwap}
      />

      {confirming && (
        <ConfirmSwapDialog
          swap={confirming}
          clockOffset={clockOffset}
          busy={intent.busy()}
          onConfirm={() => {
            setConfirming(null);
            void send.swap(confirming);
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      {leaving && (
        <LeaveFindsDialog
          finds={leaving}
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
