/**
 * The profile's delete confirmation: the spec's question and buttons word for word ('Are you sure you want to
 * delete the selected items?', 'Yes, Delete', 'Cancel'), then what deleting pays (docs/design.md section 9.1: 'You
 * get {n} gold for salvage.', the sum of the items' salvage) and each item named with where it is.
 */
import { MSG } from '../../../game/messages';
import type { Item } from '../../../game/wire';
import { ConfirmDialog } from '../../components/dialog';
import { ItemsToDestroy } from '../../components/item-dialogs';

interface DeleteDialogProps {
  /** The selected items, equipped and in the duffel bag. */
  inventory: readonly Item[];
  duffel: readonly Item[];
  clockOffset: number;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeleteDialog({ inventory, duffel, clockOffset, onConfirm, onCancel }: DeleteDialogProps) {
  const items = [...inventory, ...duffel];
  const gold = items.reduce((sum, item) => sum + item.salvage, 0);
  return (
    <ConfirmDialog question={MSG.deleteConfirm} confirmLabel="Yes, Delete" onConfirm={onConfirm} onCancel={onCancel}>
      {items.length > 0 && (
        <p className="mb-2 text-sm font-semibold" data-testid="salvage-line">
          {MSG.salvageLine(gold)}
        </p>
      )}
      <ItemsToDestroy items={items} clockOffset={clockOffset} placeOf={(item) => (duffel.includes(item) ? 'Duffel Bag' : 'Equipped')} />
    </ConfirmDialog>
  );
}
