/**
 * What the profile does with the selected items: Swap them between Equipped and the duffel bag, or delete them.
 * Stuck to the bottom below the desktop layout (above the phone's navigation), so Swap and the trash stay in
 * reach while the player selects down the Equipped list (issue #24).
 */
import { INVENTORY_SIZE, PROFILE_SWAP_COST } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { Item, Profile } from '../../../game/wire';
import { SwapIcon, TrashIcon } from '../../components/glyphs';
import { researchOf } from '../../components/items';
import { ReasonedButton } from '../../components/reasoned-button';
import { useBottomBar } from '../../components/use-bottom-bar';

interface SelectedItemsBarProps {
  profile: Profile;
  /** The selected equipped items, which a swap moves to the duffel bag, and the selected duffel items. */
  toDuffel: readonly Item[];
  toInventory: readonly Item[];
  serverNow: number;
  busy: boolean;
  /** What the last delete salvaged ("Deleted 2 items. Salvaged 2 items for 5 gold."), until the next selection. */
  said?: string | null;
  /** A blocked Swap pressed anyway: the spec's refusal, and whether the spec clears the selections with it. */
  onRefuse: (refusal: string, clearsSelection: boolean) => void;
  onSwap: () => void;
  onDelete: () => void;
}

export function SelectedItemsBar({ profile, toDuffel, toInventory, serverNow, busy, said, onRefuse, onSwap, onDelete }: SelectedItemsBarProps) {
  const actionBar = useBottomBar();
  const selectedCount = toDuffel.length + toInventory.length;
  const swapBlocked = whySwapWaits(profile, toDuffel, toInventory, serverNow);
  return (
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
        whenBlocked={() => swapBlocked && onRefuse(swapBlocked.refusal, !!swapBlocked.clearsSelection)}
        onClick={onSwap}
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
        onClick={onDelete}
        disabled={busy}
      >
        <TrashIcon />
      </ReasonedButton>
      {/* After a delete, what it salvaged (issue #40: a line, not a toast); said to a screen reader too. */}
      <p className="text-xs text-slate-600 lg:w-24 lg:text-center dark:text-slate-400" aria-live="polite" data-testid="selection-line">
        {selectedCount === 0 ? (said ?? '') : `${selectedCount} selected`}
      </p>
    </div>
  );
}

/**
 * Why the profile's Swap would be refused, said before the press (issue #24), with the spec's refusal for a press
 * anyway; null when it can go. In the server's order (worker/features/profile/decide.ts): energy, nothing
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
