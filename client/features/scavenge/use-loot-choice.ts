/**
 * What the player picked on the scavenge screen: the finds to take and the equipped items to drop for them. A
 * find picked into a full inventory brings a drop along, so the find's "vs Lead Pipe" is what Take/Swap does.
 */
import { useRef } from 'react';
import { INVENTORY_SIZE } from '../../../game/constants';
import { sortItems } from '../../../game/rules';
import type { Item } from '../../../game/wire';
import { useSelection } from '../../components/use-selection';

/** A Take/Swap: the loot slots to take and the equipped items to drop. */
export interface Swap {
  take: number[];
  drop: Item[];
}

export function useLootChoice() {
  const lootSelection = useSelection();
  const inventorySelection = useSelection();
  // Equipped items the screen picked to drop for a find taken into a full inventory, so a find's "vs Lead Pipe"
  // is what Take/Swap does; the player may pick others instead.
  const autoDrops = useRef(new Set<string>());

  /**
   * A find picked into a full inventory brings the weakest equipped item not yet chosen into the drops (the one
   * its gain line names); unpicked, the drop it brought goes again. The player may change either.
   */
  const toggleFind = (id: string, inventory: readonly Item[]) => {
    const picking = !lootSelection.keys.has(id);
    lootSelection.toggle(id);
    const drops = new Set(inventorySelection.keys);
    const needed = lootSelection.keys.size + (picking ? 1 : -1) + inventory.length - INVENTORY_SIZE;
    if (picking && drops.size < needed) {
      const weakest = sortItems(inventory.filter((item) => !drops.has(item.id))).at(-1);
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

  /** An equipped item picked by hand is the player's choice, no longer one a find brought. */
  const toggleDrop = (id: string) => {
    autoDrops.current.delete(id);
    inventorySelection.toggle(id);
  };

  /** Replaces both picks, e.g. with what "Take best" or "Keep for research" chose. */
  const pick = ({ take, drop }: { take: readonly Item[]; drop: readonly Item[] }) => {
    lootSelection.select(take.map((find) => find.id));
    inventorySelection.select(drop.map((item) => item.id));
  };

  const clear = () => {
    lootSelection.clear();
    inventorySelection.clear();
  };

  /** What Take/Swap would send: the picked finds' slots and the selected equipped items (destroyed on success). */
  const chosen = (loot: readonly Item[], inventory: readonly Item[]): Swap => ({
    take: loot.filter((find) => lootSelection.keys.has(find.id)).flatMap((find) => (find.slot === null ? [] : [find.slot])),
    drop: inventory.filter((item) => inventorySelection.keys.has(item.id)),
  });

  return { finds: lootSelection.keys, drops: inventorySelection.keys, toggleFind, toggleDrop, pick, clear, chosen };
}
