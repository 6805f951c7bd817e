/**
 * docs/spec.md section 2 "Profile screen": the header, Log / Craft / Trophy Case, the inventory ('Equipped:'), the
 * profile swap, the trash button and the duffel bag. Every change is an intent the server decides
 * (docs/design.md section 3); its answer refreshes the shared profile.
 */
import { Suspense, useCallback, useState, type ComponentType } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { INVENTORY_SIZE, PROFILE_SWAP_COST } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Item, Profile } from '../../../game/wire';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { ItemDetailsDialog, ItemPanel, ItemsToDestroy, padded, researchOf, researchWait } from '../../components/items';
import { usePlayer, playerStore } from '../../components/player-store';
import { ProfileHeader } from '../../components/profile-header';
import { SwapIcon, TrashIcon, TrophyIcon } from '../../components/glyphs';
import { ReasonedButton } from '../../components/reasoned-button';
import { toast } from '../../components/toasts';
import { Button, Loading } from '../../components/ui';
import { count } from '../../components/count';
import { useBottomBar } from '../../components/use-bottom-bar';
import { useNow } from '../../components/use-now';
import { useSelection } from '../../components/use-selection';
import { useIntent } from '../../lib/use-intent';
import { useSignedInPlayer } from '../../lib/session';
import { marketSellPath, PATHS, OPEN_LOG } from '../../paths';
import { VerifyEmailBanner } from './verify-banner';
import { profileApi } from './api';
import { LogDialog } from './log-dialog';

/** The trophy case modal, handed in by the app shell (features do not import each other). */
export interface TrophyCaseModalProps {
  uid: string;
  score: number;
  averageQuality: number;
  onClose: () => void;
}

/** What cash buys (docs/design.md section 8.2), handed in by the app shell like the trophy case. */
export interface CashShopProps {
  profile: Profile;
  clockOffset: number;
  onClose: () => void;
}

/** The crafting dialog, handed in by the app shell like the trophy case. */
export interface CraftDialogProps {
  uid: string;
  onClose: () => void;
}

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
  const inventorySelection = useSelection();
  const duffelSelection = useSelection();
  const intent = useIntent<'swap' | 'delete' | 'upgrade' | 'trophy'>();
  const [details, setDetails] = useState<Item | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [craftOpen, setCraftOpen] = useState(false);
  const [shopOpen, setShopOpen] = useState(false);
  const [trophyOpen, setTrophyOpen] = useState(false);
  // The phone's More sheet opens the Log from any screen by coming here with OPEN_LOG as the location state.
  const location = useLocation();
  const navigate = useNavigate();
  const logFromMenu = (location.state as typeof OPEN_LOG | null)?.open === OPEN_LOG.open;
  const closeLog = () => {
    setLogOpen(false);
    if (logFromMenu) void navigate(PATHS.profile, { replace: true, state: null });
  };
  const refresh = useCallback(() => void playerStore.load(uid), [uid]);
  const now = useNow(1000);
  const actionBar = useBottomBar();

  if (!profile) {
    return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error fetching user data: {error}</p> : <Loading />;
  }

  const chosenInventoryItems = profile.inventory.filter((item) => inventorySelection.keys.has(item.id));
  const chosenDuffelItems = profile.duffelBag.filter((item) => duffelSelection.keys.has(item.id));
  const chosenInventory = chosenInventoryItems.map((item) => item.id);
  const chosenDuffel = chosenDuffelItems.map((item) => item.id);
  const clearSelections = () => {
    inventorySelection.clear();
    duffelSelection.clear();
  };

  const swap = () =>
    intent.run(
      'swap',
      async () => {
        await profileApi.swap({ toDuffel: chosenInventory, toInventory: chosenDuffel });
        clearSelections();
        toast(`Swapped ${count(selectedCount, 'item')}.`);
      },
      // docs/spec.md section 5: refused for unresearched items, the selections are cleared.
      ({ code }) => code === 'not_researched' && clearSelections(),
    );

  const remove = () => {
    setConfirmDelete(false);
    return intent.run('delete', async () => {
      await profileApi.deleteItems({ itemIds: [...chosenInventory, ...chosenDuffel] });
      clearSelections();
      toast(`Deleted ${count(selectedCount, 'item')}.`);
    });
  };

  const upgrade = () =>
    intent.run('upgrade', async () => {
      await profileApi.upgradeDuffel();
      toast(`Your duffel bag now has ${count(profile.duffelBagSize + 1, 'slot')}.`);
    });

  const addToTrophyCase = (item: Item) =>
    intent.run('trophy', async () => {
      await profileApi.addToTrophyCase({ itemId: item.id });
      setDetails(null);
      if (inventorySelection.keys.has(item.id)) inventorySelection.toggle(item.id);
      if (duffelSelection.keys.has(item.id)) duffelSelection.toggle(item.id);
      toast(`${item.itemName} was added to your trophy case.`);
    });

  const selectedCount = chosenInventory.length + chosenDuffel.length;
  const swapBlocked = whySwapWaits(profile, chosenInventoryItems, chosenDuffelItems, now + clockOffset);
  const owned = (id: string) => profile.inventory.some((item) => item.id === id) || profile.duffelBag.some((item) => item.id === id);
  const busy = intent.busy();

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={refresh} screen="Profile" onCash={() => setShopOpen(true)}>
        <button type="button" className="btn-tool" onClick={() => setLogOpen(true)} aria-haspopup="dialog">
          Log
        </button>
        <button type="button" className="btn-tool" onClick={() => setCraftOpen(true)} aria-haspopup="dialog">
          Craft
        </button>
        <button type="button" className="btn-tool" onClick={() => setTrophyOpen((open) => !open)} aria-haspopup="dialog" aria-expanded={trophyOpen}>
          <TrophyIcon />
          Trophy Case
        </button>
        <button type="button" className="btn-tool ml-auto sm:hidden" onClick={onSignOut}>
          Sign Out
        </button>
      </ProfileHeader>
      <VerifyEmailBanner />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] lg:items-start">
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(profile.inventory, INVENTORY_SIZE)}
          selected={inventorySelection.keys}
          selectable
          onToggle={inventorySelection.toggle}
          onDetails={setDetails}
          clockOffset={clockOffset}
        />

        {/*
          Stuck to the bottom below the desktop layout (above the phone's navigation), so Swap and the trash stay
          in reach while the player selects down the Equipped list (issue #24).
        */}
        <div
          ref={actionBar}
          data-bottom-bar
          className="panel sticky bottom-[calc(3.0625rem+env(safe-area-inset-bottom))] z-20 flex items-center gap-2 p-3 shadow-lg sm:bottom-3 lg:static lg:mt-12 lg:flex-col lg:p-2 lg:shadow-none"
          role="group"
          aria-label="Selected items"
        >
          {/* With nothing selected both say so beside them rather than invite a refusal (issue 17). */}
          <ReasonedButton
            className="btn-game w-full whitespace-nowrap"
            wrapperClassName="flex-1 lg:flex-none"
            reason={swapBlocked?.reason}
            whenBlocked={() => {
              if (!swapBlocked) return;
              intent.refuse(swapBlocked.refusal);
              // docs/spec.md section 5: refused for unresearched items, the selections are cleared.
              if (swapBlocked.clearsSelection) clearSelections();
            }}
            onClick={() => void swap()}
            disabled={busy}
          >
            <SwapIcon />
            Swap ({PROFILE_SWAP_COST} energy)
          </ReasonedButton>
          <ReasonedButton
            className="btn-danger w-12 shrink-0 px-0"
            wrapperClassName="shrink-0 items-center"
            reason={selectedCount === 0 ? 'Nothing to delete.' : null}
            reasonClassName="sr-only"
            aria-label="Delete selected items"
            title="Delete selected items"
            onClick={() => setConfirmDelete(true)}
            disabled={busy}
          >
            <TrashIcon />
          </ReasonedButton>
          <p className="text-xs text-slate-600 lg:w-24 lg:text-center dark:text-slate-400" aria-live="polite">
            {selectedCount === 0 ? '' : `${selectedCount} selected`}
          </p>
        </div>

        <ItemPanel
          title="Duffel Bag"
          testId="duffel-panel"
          aside={<Capacity used={profile.duffelBag.length} size={profile.duffelBagSize} />}
          slots={padded(profile.duffelBag, profile.duffelBagSize)}
          selected={duffelSelection.keys}
          selectable
          onToggle={duffelSelection.toggle}
          onDetails={setDetails}
          clockOffset={clockOffset}
          emptyText="Your duffel bag has no slots yet. Upgrade it to carry fully researched items you are not using."
        >
          <div className="border-t border-slate-200 p-3 dark:border-slate-800">
            <Button className="btn-secondary w-full" onClick={() => void upgrade()} disabled={busy}>
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
                <TrophyButton item={details} clockOffset={clockOffset} onAdd={() => void addToTrophyCase(details)} onBlocked={() => intent.refuse(MSG.trophyNeedsResearch)} disabled={busy} />
                <SellLink item={details} clockOffset={clockOffset} />
              </>
            )
          }
        />
      )}
      {confirmDelete && (
        <ConfirmDialog question={MSG.deleteConfirm} confirmLabel="Yes, Delete" onConfirm={() => void remove()} onCancel={() => setConfirmDelete(false)}>
          <ItemsToDestroy
            items={[...chosenInventoryItems, ...chosenDuffelItems]}
            clockOffset={clockOffset}
            placeOf={(item) => (chosenDuffelItems.includes(item) ? 'Duffel Bag' : 'Equipped')}
          />
        </ConfirmDialog>
      )}
      {(logOpen || logFromMenu) && <LogDialog uid={uid} onClose={closeLog} />}
      {shopOpen && (
        <Suspense fallback={null}>
          <CashShop profile={profile} clockOffset={clockOffset} onClose={() => setShopOpen(false)} />
        </Suspense>
      )}
      {craftOpen && (
        <Suspense fallback={null}>
          <Craft uid={uid} onClose={() => setCraftOpen(false)} />
        </Suspense>
      )}
      {trophyOpen && (
        <Suspense fallback={null}>
          <TrophyCase uid={uid} score={profile.trophyCaseScore} averageQuality={profile.trophyCaseAvgQuality} onClose={() => setTrophyOpen(false)} />
        </Suspense>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}

/**
 * Why the profile's Swap would be refused, said before the press (issue #24), with the spec's refusal for a press
 * anyway; null when it can go. In the server's order (worker/features/game/intents.ts): energy, nothing
 * selected, research, then room.
 */
function whySwapWaits(profile: Profile, toDuffel: readonly Item[], toInventory: readonly Item[], serverNow: number): { reason: string; refusal: string; clearsSelection?: boolean } | null {
  if (profile.energy < PROFILE_SWAP_COST) return { reason: `Not enough energy: a swap takes ${PROFILE_SWAP_COST}.`, refusal: MSG.notEnoughEnergy };
  if (toDuffel.length + toInventory.length === 0) return { reason: 'Tap items to select them.', refusal: MSG.nothingToSwap };
  if (toDuffel.some((item) => researchOf(item, serverNow) < 100)) return { reason: 'Only fully researched items go in the duffel bag.', refusal: MSG.mustBeResearched, clearsSelection: true };
  if (profile.inventory.length + toInventory.length - toDuffel.length > INVENTORY_SIZE) {
    return { reason: `Equipped holds ${INVENTORY_SIZE}: select as many equipped items to swap out.`, refusal: MSG.inventoryFull };
  }
  if (profile.duffelBag.length + toDuffel.length - toInventory.length > profile.duffelBagSize) {
    return {
      reason: profile.duffelBagSize === 0 ? `Your duffel bag has no slots yet: upgrade it for ${profile.duffelUpgradeCost} gold.` : `Your duffel bag holds ${profile.duffelBagSize}: upgrade it or select fewer.`,
      refusal: MSG.duffelFull(profile.duffelBagSize),
    };
  }
  return null;
}

/**
 * 'Add to Trophy Case' waits for full research: until then it says how long (issue 17), and a press shows the
 * spec's refusal popup on top of the details popup. The server still refuses an unresearched item.
 */
function TrophyButton({ item, clockOffset, onAdd, onBlocked, disabled }: { item: Item; clockOffset: number; onAdd: () => void; onBlocked: () => void; disabled: boolean }) {
  const serverNow = useNow(1000) + clockOffset;
  const research = researchOf(item, serverNow);
  const reason = research < 100 ? `Research ${research} % — ${researchWait(item, serverNow).replace(/ left$/, '')} to go.` : null;
  return (
    <ReasonedButton className="btn-primary w-full" wrapperClassName="mr-auto max-w-56" reason={reason} whenBlocked={onBlocked} onClick={onAdd} disabled={disabled}>
      Add to Trophy Case
    </ReasonedButton>
  );
}

/** To the market's form that lists this item (docs/design.md section 8.5): only fully researched items sell. */
function SellLink({ item, clockOffset }: { item: Item; clockOffset: number }) {
  const serverNow = useNow(1000) + clockOffset;
  if (researchOf(item, serverNow) < 100) return null;
  return (
    <Link to={marketSellPath(item.id)} className="btn-secondary">
      Sell on the market
    </Link>
  );
}

/** The duffel bag's capacity, used/size, as text and a bar; a full bag is not an error, so it says 'full' in a neutral tone. */
function Capacity({ used, size }: { used: number; size: number }) {
  const full = size > 0 && used >= size;
  return (
    <span className="flex items-center gap-2">
      <span aria-hidden="true" className="bar h-2 w-20">
        <span className={`bar-fill ${full ? 'bg-slate-500 dark:bg-slate-400' : 'bg-sky-500'}`} style={{ width: size ? `${(used / size) * 100}%` : '0%' }} />
      </span>
      <span className="text-sm font-semibold tabular-nums text-slate-600 dark:text-slate-300">
        <span className="sr-only">Capacity </span>
        <span data-testid="duffel-capacity">
          {used}/{size}
        </span>
        {full && (
          <span className="ml-1.5 chip" data-testid="duffel-full">
            full
          </span>
        )}
      </span>
    </span>
  );
}
