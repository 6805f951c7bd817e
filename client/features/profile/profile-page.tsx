/**
 * Spec section 2 "Profile screen": the header, Log / Craft / Trophy Case, the inventory ('Equipped:'), the
 * profile swap, the trash button and the duffel bag. Every change is an intent the server decides
 * (DESIGN.md section 3); its answer refreshes the shared profile.
 */
import { Suspense, useCallback, useMemo, useState, type ComponentType } from 'react';
import { INVENTORY_SIZE } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { messageOf } from '../../components/error-message';
import { bestFirst, ItemDetailsDialog, ItemPanel, padded, type ShownItem } from '../../components/items';
import { usePlayer, playerStore } from '../../components/player-store';
import { ProfileHeader } from '../../components/profile-header';
import { Loading } from '../../components/ui';
import { useSelection } from '../../components/use-selection';
import { profileApi } from './api';
import { LogDialog } from './log-dialog';

/** The trophy case modal, handed in by the app shell (features do not import each other). */
export interface TrophyCaseModalProps {
  uid: string;
  score: number;
  averageQuality: number;
  onClose: () => void;
}

interface ProfilePageProps {
  uid: string;
  TrophyCase: ComponentType<TrophyCaseModalProps>;
  /** Sign-out belongs to the shell (it also leaves the chat); phones reach it from here. */
  onSignOut: () => void;
}

type Busy = 'swap' | 'delete' | 'upgrade' | 'trophy' | null;

export function ProfilePage({ uid, TrophyCase, onSignOut }: ProfilePageProps) {
  const { profile, receivedAt, clockOffset, error } = usePlayer(uid);
  const inventorySelection = useSelection();
  const duffelSelection = useSelection();
  const [busy, setBusy] = useState<Busy>(null);
  const [popup, setPopup] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [details, setDetails] = useState<ShownItem | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [logOpen, setLogOpen] = useState(false);
  const [trophyOpen, setTrophyOpen] = useState(false);
  const refresh = useCallback(() => void playerStore.load(uid), [uid]);

  const inventory = useMemo(() => bestFirst(profile?.inventory ?? []), [profile?.inventory]);
  const duffel = useMemo(() => bestFirst(profile?.duffelBag ?? []), [profile?.duffelBag]);

  if (!profile) {
    return error ? <p role="alert" className="p-8 text-red-600 dark:text-red-400">Error fetching user data: {error}</p> : <Loading />;
  }

  const chosenInventory = profile.inventory.filter((item) => inventorySelection.keys.has(item.id)).map((item) => item.id);
  const chosenDuffel = profile.duffelBag.filter((item) => duffelSelection.keys.has(item.id)).map((item) => item.id);
  const clearSelections = () => {
    inventorySelection.clear();
    duffelSelection.clear();
  };

  /** Runs one intent; a refusal shows the server's message in a popup. */
  async function run(kind: Exclude<Busy, null>, action: () => Promise<unknown>, onRefused?: (message: string) => void): Promise<boolean> {
    if (busy) return false;
    setBusy(kind);
    setNotice(null);
    try {
      await action();
      return true;
    } catch (e) {
      const message = messageOf(e);
      onRefused?.(message);
      setPopup(message);
      return false;
    } finally {
      setBusy(null);
    }
  }

  const swap = async () => {
    const ok = await run(
      'swap',
      () => profileApi.swap({ toDuffel: chosenInventory, toInventory: chosenDuffel }),
      // Spec section 5: refused for unresearched items, the selections are cleared.
      (message) => message === MSG.mustBeResearched && clearSelections(),
    );
    if (ok) clearSelections();
  };

  const remove = async () => {
    setConfirmDelete(false);
    const ok = await run('delete', () => profileApi.deleteItems([...chosenInventory, ...chosenDuffel]));
    if (ok) clearSelections();
  };

  const upgrade = () => void run('upgrade', () => profileApi.upgradeDuffel());

  const addToTrophyCase = async (item: ShownItem) => {
    const ok = await run('trophy', () => profileApi.addToTrophyCase(item.key));
    if (ok) {
      setDetails(null);
      if (inventorySelection.keys.has(item.key)) inventorySelection.toggle(item.key);
      if (duffelSelection.keys.has(item.key)) duffelSelection.toggle(item.key);
      setNotice(`${item.itemName} was added to your trophy case.`);
    }
  };

  const selectedCount = chosenInventory.length + chosenDuffel.length;
  const owned = (key: string) => profile.inventory.some((item) => item.id === key) || profile.duffelBag.some((item) => item.id === key);

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <ProfileHeader profile={profile} receivedAt={receivedAt} onCountdownEnd={refresh}>
        <button type="button" className="btn-tool" onClick={() => setLogOpen(true)} aria-haspopup="dialog">
          Log
        </button>
        <button type="button" className="btn-tool" disabled aria-describedby="craft-hint" title={MSG.craftSoon}>
          Craft
        </button>
        <button type="button" className="btn-tool" onClick={() => setTrophyOpen((open) => !open)} aria-haspopup="dialog" aria-expanded={trophyOpen}>
          <TrophyIcon />
          Trophy Case
        </button>
        <button type="button" className="btn-tool ml-auto sm:hidden" onClick={onSignOut}>
          Sign Out
        </button>
        <p id="craft-hint" className="basis-full text-xs text-slate-300">
          {MSG.craftSoon}
        </p>
      </ProfileHeader>

      {notice && (
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-500/30">
          {notice}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[1fr_auto_1fr] lg:items-start">
        <ItemPanel
          title="Equipped:"
          testId="inventory-panel"
          slots={padded(inventory, INVENTORY_SIZE)}
          selected={inventorySelection.keys}
          selectable
          onToggle={inventorySelection.toggle}
          onDetails={setDetails}
          clockOffset={clockOffset}
        />

        <div className="panel flex items-center gap-2 p-3 lg:mt-12 lg:flex-col lg:p-2" role="group" aria-label="Selected items">
          <button type="button" className="btn-game flex-1 whitespace-nowrap lg:flex-none" onClick={() => void swap()} disabled={busy !== null}>
            <SwapIcon />
            Swap (2 energy)
          </button>
          <button
            type="button"
            className="btn-danger w-12 px-0"
            aria-label="Delete selected items"
            title="Delete selected items"
            onClick={() => setConfirmDelete(true)}
            disabled={busy !== null}
          >
            <TrashIcon />
          </button>
          <p className="text-xs text-slate-500 lg:w-24 lg:text-center dark:text-slate-400" aria-live="polite">
            {selectedCount === 0 ? 'Tap items to select them.' : `${selectedCount} selected`}
          </p>
        </div>

        <ItemPanel
          title="Duffel Bag"
          testId="duffel-panel"
          aside={
            <span className="text-sm font-semibold tabular-nums text-slate-500 dark:text-slate-400" aria-label="Capacity" data-testid="duffel-capacity">
              {profile.duffelBag.length}/{profile.duffelBagSize}
            </span>
          }
          slots={padded(duffel, profile.duffelBagSize)}
          selected={duffelSelection.keys}
          selectable
          onToggle={duffelSelection.toggle}
          onDetails={setDetails}
          clockOffset={clockOffset}
          emptyText="Your duffel bag has no slots yet. Upgrade it to carry fully researched items you are not using."
        >
          <div className="border-t border-slate-200 p-3 dark:border-slate-800">
            <button type="button" className="btn-secondary w-full" onClick={upgrade} disabled={busy !== null}>
              Upgrade (+1 slot) — {profile.duffelUpgradeCost} gold
            </button>
          </div>
        </ItemPanel>
      </div>

      {details && (
        <ItemDetailsDialog
          item={details}
          clockOffset={clockOffset}
          onClose={() => setDetails(null)}
          actions={
            owned(details.key) && (
              <button type="button" className="btn-primary" onClick={() => void addToTrophyCase(details)} disabled={busy !== null}>
                Add to Trophy Case
              </button>
            )
          }
        />
      )}
      {confirmDelete && <ConfirmDialog question={MSG.deleteConfirm} confirmLabel="Yes, Delete" onConfirm={() => void remove()} onCancel={() => setConfirmDelete(false)} />}
      {logOpen && <LogDialog uid={uid} onClose={() => setLogOpen(false)} />}
      {trophyOpen && (
        <Suspense fallback={null}>
          <TrophyCase uid={uid} score={profile.trophyCaseScore} averageQuality={profile.trophyCaseAvgQuality} onClose={() => setTrophyOpen(false)} />
        </Suspense>
      )}
      {popup && <MessageDialog message={popup} onClose={() => setPopup(null)} />}
    </div>
  );
}

function TrophyIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-current">
      <path d="M17 4V2H7v2H3v3a4 4 0 0 0 4 4h.3A5 5 0 0 0 11 13.9V17H8v3h8v-3h-3v-3.1a5 5 0 0 0 3.7-2.9h.3a4 4 0 0 0 4-4V4h-4zM5 7V6h2v3a2 2 0 0 1-2-2zm14 0a2 2 0 0 1-2 2V6h2v1z" />
    </svg>
  );
}

function SwapIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d="M7 7h11l-3-3 1.4-1.4L22 8l-5.6 5.4L15 12l3-3H7V7zm10 10H6l3 3-1.4 1.4L2 16l5.6-5.4L9 12l-3 3h11v2z" />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
      <path d="M9 3h6l1 2h4v2H4V5h4l1-2zm-3 6h12l-1 12H7L6 9zm4 2v8h1.5v-8H10zm3.5 0v8H15v-8h-1.5z" />
    </svg>
  );
}
