/**
 * docs/spec.md section 2 "Profile screen": the header, Log / Craft / Trophy Case, the inventory ('Equipped:'), the
 * profile swap, the trash button and the duffel bag. Every change is an intent the server decides
 * (docs/design.md section 3); its answer refreshes the shared profile.
 */
import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { INVENTORY_SIZE } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Item } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { ItemDetailsDialog } from '../../components/item-dialogs';
import { ItemPanel, padded } from '../../components/items';
import { usePlayer, playerCache } from '../../lib/player';
import { ProfileHeader } from '../../components/profile-header';
import { Loading } from '../../components/ui';
import { Button } from '../../components/forms';
import { useNow } from '../../components/use-now';
import { useSignedInPlayer } from '../../lib/session';
import { DeleteDialog } from './delete-dialog';
import { DuffelCapacity } from './duffel-capacity';
import { FightPowerChange, ScoreNote, SellLink, TrophyButton } from './item-actions';
import { ToolButtons, ToolDialogs, useProfileTools, type CashShopProps, type CraftDialogProps, type TrophyCaseModalProps } from './profile-tools';
import { SelectedItemsBar } from './selected-items-bar';
import { useProfileItems } from './use-profile-items';
import { VerifyEmailBanner } from './verify-banner';

interface ProfilePageProps {
  TrophyCase: ComponentType<TrophyCaseModalProps>;
  /** Today's contracts (docs/design.md section 8.2), handed in by the shell like the trophy case. */
  Contracts: ComponentType;
  /** What cash buys, opened from the header's cash. */
  CashShop: ComponentType<CashShopProps>;
  Craft: ComponentType<CraftDialogProps>;
  /** Sign-out belongs to the shell (it also leaves the chat); phones reach it from here. */
  onSignOut: () => void;
}

export function ProfilePage({ TrophyCase, Craft, Contracts, CashShop, onSignOut }: ProfilePageProps) {
  const { uid } = useSignedInPlayer();
  const { profile, receivedAt, clockOffset, error } = usePlayer(uid);
  const { intent, inventorySelection, duffelSelection, chosenInventoryItems, chosenDuffelItems, clearSelections, ...items } = useProfileItems(profile);
  const [details, setDetails] = useState<Item | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const tools = useProfileTools();
  const refresh = useCallback(() => void playerCache.reload(), []);
  const now = useNow(1000);

  if (!profile) {
    return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error fetching user data: {error}</p> : <Loading />;
  }

  const owned = (id: string) => profile.inventory.some((item) => item.id === id) || profile.duffelBag.some((item) => item.id === id);
  const busy = intent.busy();

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={refresh} screen="Profile" onCash={() => tools.setShopOpen(true)}>
        <ToolButtons tools={tools} onSignOut={onSignOut} />
      </ProfileHeader>
      <VerifyEmailBanner />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] lg:items-start">
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(profile.inventory, INVENTORY_SIZE)}
          selected={inventorySelection.keys}
          selectable
          onToggle={items.toggleInventory}
          onDetails={setDetails}
          clockOffset={clockOffset}
        />

        <SelectedItemsBar
          profile={profile}
          toDuffel={chosenInventoryItems}
          toInventory={chosenDuffelItems}
          serverNow={now + clockOffset}
          busy={busy}
          said={items.said}
          onRefuse={(refusal, clearsSelection) => {
            intent.refuse(refusal);
            // docs/spec.md section 5: refused for unresearched items, the selections are cleared.
            if (clearsSelection) clearSelections();
          }}
          onSwap={() => void items.swap()}
          onDelete={() => setConfirmDelete(true)}
        />

        <ItemPanel
          title="Duffel Bag"
          testId="duffel-panel"
          aside={<DuffelCapacity used={profile.duffelBag.length} size={profile.duffelBagSize} />}
          slots={padded(profile.duffelBag, profile.duffelBagSize)}
          selected={duffelSelection.keys}
          selectable
          onToggle={items.toggleDuffel}
          onDetails={setDetails}
          clockOffset={clockOffset}
          emptyText="Your duffel bag has no slots yet. Upgrade it to carry fully researched items you are not using."
        >
          <div className="border-t border-slate-200 p-3 dark:border-slate-800">
            <Button className="btn-secondary w-full" onClick={() => void items.upgrade(profile.duffelBagSize)} disabled={busy}>
              Upgrade (+1 slot) — {profile.duffelUpgradeCost} gold
            </Button>
          </div>
        </ItemPanel>
      </div>

      <Suspense fallback={<p className="panel p-4 text-sm text-slate-600 dark:text-slate-400">Loading contracts…</p>}>
        <Contracts />
      </Suspense>

      {details && (
        <ItemDetailsDialog
          item={details}
          clockOffset={clockOffset}
          onClose={() => setDetails(null)}
          actions={
            owned(details.id) && (
              <>
                <ScoreNote item={details} username={profile.username} />
                <FightPowerChange item={details} profile={profile} />
                <TrophyButton
                  item={details}
                  clockOffset={clockOffset}
                  onAdd={() => void items.addToTrophyCase(details, () => setDetails(null))}
                  onBlocked={() => intent.refuse(MSG.trophyNeedsResearch)}
                  disabled={busy}
                />
                <SellLink item={details} clockOffset={clockOffset} />
              </>
            )
          }
        />
      )}
      {confirmDelete && (
        <DeleteDialog
          inventory={chosenInventoryItems}
          duffel={chosenDuffelItems}
          clockOffset={clockOffset}
          onConfirm={() => {
            setConfirmDelete(false);
            void items.remove();
          }}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
      <ToolDialogs tools={tools} uid={uid} profile={profile} clockOffset={clockOffset} TrophyCase={TrophyCase} CashShop={CashShop} Craft={Craft} />
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}
