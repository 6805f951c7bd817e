/** The scavenge screen's questions before anything is lost for good (issue 17 and #24: no silent loss). */
import { RARITY_NAMES } from '../../../game/rules';
import type { Item } from '../../../game/wire';
import { count } from '../../components/count';
import { ConfirmDialog } from '../../components/dialog';
import { ItemsToDestroy } from '../../components/items';
import type { Swap } from './use-loot-choice';

/** A Take/Swap that drops equipped items names them and asks first; yes sends exactly what it named. */
export function ConfirmSwapDialog({ swap, clockOffset, busy, onConfirm, onCancel }: { swap: Swap; clockOffset: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      question={`Take ${count(swap.take.length, 'find')} and destroy ${count(swap.drop.length, 'equipped item')}?`}
      confirmLabel="Yes, destroy and take"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      <ItemsToDestroy items={swap.drop} clockOffset={clockOffset} />
    </ConfirmDialog>
  );
}

/** A new scavenge throws away the finds not taken: with rare-or-better ones among them, it names them and asks. */
export function LeaveFindsDialog({ finds, onConfirm, onCancel }: { finds: readonly Item[]; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      question={`Leave ${listed(finds.map((find) => `${find.itemName} (${RARITY_NAMES[find.rarity]})`))} behind?`}
      confirmLabel="Scavenge anyway"
      cancelLabel="Keep looking"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="text-sm">A new scavenge replaces the finds you have not taken.</p>
    </ConfirmDialog>
  );
}

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
