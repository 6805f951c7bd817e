/**
 * The profile's two selections, Equipped and Duffel Bag, and the intents on the items (docs/spec.md section 5):
 * swap between them, delete, upgrade the bag, add to the trophy case. The server decides each (docs/design.md
 * section 3); its answer refreshes the shared profile.
 */
import { useState } from 'react';
import type { Item, Profile } from '../../../game/wire';
import { count } from '../../components/count';
import { toast } from '../../lib/toasts';
import { useSelection } from '../../components/use-selection';
import { useIntent } from '../../lib/use-intent';
import { profileApi } from './api';

const ids = (items: readonly Item[]) => items.map((item) => item.id);

/** `profile` is null until read; the intents are only offered once it is. */
export function useProfileItems(profile: Profile | null) {
  const inventorySelection = useSelection();
  const duffelSelection = useSelection();
  const intent = useIntent<'swap' | 'delete' | 'upgrade' | 'trophy'>();
  // What the last delete salvaged, in the bar's line: a toast would sit over the lists (issue #40).
  const [said, setSaid] = useState<string | null>(null);

  /** The selected equipped items (a swap moves them to the duffel bag) and duffel items (to Equipped). */
  const chosenInventoryItems = (profile?.inventory ?? []).filter((item) => inventorySelection.keys.has(item.id));
  const chosenDuffelItems = (profile?.duffelBag ?? []).filter((item) => duffelSelection.keys.has(item.id));
  const selectedCount = chosenInventoryItems.length + chosenDuffelItems.length;
  const clearSelections = () => {
    inventorySelection.clear();
    duffelSelection.clear();
  };

  const swap = () =>
    intent.run(
      'swap',
      async () => {
        await profileApi.swap({ toDuffel: ids(chosenInventoryItems), toInventory: ids(chosenDuffelItems) });
        clearSelections();
        toast(`Swapped ${count(selectedCount, 'item')}.`);
      },
      // docs/spec.md section 5: refused for unresearched items, the selections are cleared.
      ({ code }) => code === 'not_researched' && clearSelections(),
    );

  const remove = () =>
    intent.run('delete', async () => {
      const { salvaged } = await profileApi.deleteItems({ itemIds: [...ids(chosenInventoryItems), ...ids(chosenDuffelItems)] });
      clearSelections();
      setSaid(`Deleted ${count(selectedCount, 'item')} for ${salvaged.gold.toLocaleString('en-US')} gold in salvage.`);
    });

  /** `slots`: the bag's size now, for the toast that says the new one. */
  const upgrade = (slots: number) =>
    intent.run('upgrade', async () => {
      await profileApi.upgradeDuffel();
      toast(`Your duffel bag now has ${count(slots + 1, 'slot')}.`);
    });

  /** The item leaves both selections once in the case; `onAdded` closes what showed it. */
  const addToTrophyCase = (item: Item, onAdded: () => void) =>
    intent.run('trophy', async () => {
      await profileApi.addToTrophyCase({ itemId: item.id });
      onAdded();
      if (inventorySelection.keys.has(item.id)) inventorySelection.toggle(item.id);
      if (duffelSelection.keys.has(item.id)) duffelSelection.toggle(item.id);
      toast(`${item.itemName} was added to your trophy case.`);
    });

  /** A new pick: what the last delete salvaged is old news. */
  const toggle = (selection: typeof inventorySelection) => (id: string) => {
    setSaid(null);
    selection.toggle(id);
  };

  return { intent, said, toggleInventory: toggle(inventorySelection), toggleDuffel: toggle(duffelSelection), inventorySelection, duffelSelection, chosenInventoryItems, chosenDuffelItems, selectedCount, clearSelections, swap, remove, upgrade, addToTrophyCase };
}
