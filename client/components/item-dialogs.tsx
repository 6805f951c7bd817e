/**
 * The popups about items, shared by the scavenge and profile screens: an item's details (docs/spec.md section 2)
 * and the list of what an action is about to destroy, for its confirmation (issue 17, no silent loss).
 */
import type { ReactNode } from 'react';
import type { Item } from '../../game/wire';
import { displayStat, RARITY_NAMES, researchLostMs } from '../../game/rules';
import { CloseButton, Dialog } from './dialog';
import { ItemIcon } from './item-art';
import { ResearchBar, researchOf, researchWait } from './items';
import { RarityLabel } from './rarity';
import { timeLeft } from './time-left';
import { useNow } from './use-now';

/**
 * Spec: name, Quality, Attack, Defense, Percentage (research), Rarity and Value, a Close button, extra actions;
 * and beside Value what the item salvages for (docs/design.md section 9.1).
 */
export function ItemDetailsDialog({ item, clockOffset, onClose, actions }: { item: Item; clockOffset: number; onClose: () => void; actions?: ReactNode }) {
  const serverNow = useNow(1000) + clockOffset;
  const research = researchOf(item, serverNow);
  const rows: [string, ReactNode][] = [
    ['Quality', item.quality],
    ['Attack', displayStat(item.attack, item.quality)],
    ['Defense', displayStat(item.defense, item.quality)],
    ['Percentage', `${research}%`],
    ['Rarity', <RarityLabel rarity={item.rarity} className="font-bold" />],
    ['Value', item.value],
    ['Salvage', `${item.salvage.toLocaleString('en-US')} gold`],
  ];
  return (
    <Dialog
      title={item.itemName}
      onClose={onClose}
      testId="item-details"
      actions={
        <>
          {actions}
          <CloseButton onClose={onClose} />
        </>
      }
    >
      <div className="flex gap-4">
        <ItemIcon catalogId={item.catalogId} rarity={item.rarity} size="lg" />
        <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
              <dd className="text-right font-semibold tabular-nums" data-testid={`detail-${label.toLowerCase()}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      <p className="mt-4 flex items-center gap-2 text-xs font-medium text-slate-600 dark:text-slate-300">
        <ResearchBar research={research} className="h-2.5 flex-1" />
        <span data-testid="detail-research-left">
          <span className="sr-only">Research: </span>
          {researchWait(item, serverNow)}
        </span>
      </p>
      <p className="mt-4 text-sm">{item.description}</p>
      <p className="mt-2 text-sm italic text-slate-600 dark:text-slate-400">{item.history}</p>
    </Dialog>
  );
}

/**
 * The items an action is about to destroy, for its confirmation (issue 17, no silent loss): each named with its
 * drawing, rarity, quality and research, e.g. "Geiger Counter · Rare · quality 7 · 52 % researched", and where
 * it is now when `placeOf` says.
 */
export function ItemsToDestroy({
  items,
  clockOffset,
  placeOf,
  salvagedFor,
}: {
  items: readonly Item[];
  clockOffset: number;
  placeOf?: (item: Item) => string | undefined;
  /** The gold the items salvage for, when they are salvaged rather than deleted (docs/design.md section 10.3). */
  salvagedFor?: number;
}) {
  const serverNow = useNow(1000) + clockOffset;
  if (items.length === 0) return <p className="text-sm">No items are selected.</p>;
  // What research the drop throws away, said in time (issue #24): the leaderboard counts researched trophies.
  const lost = researchLostMs(items, serverNow);
  return (
    <>
      <p className="text-sm">
        {salvagedFor === undefined
          ? items.length === 1
            ? 'This item will be destroyed for good:'
            : `These ${items.length} items will be destroyed for good:`
          : `${items.length === 1 ? 'This item is' : `These ${items.length} items are`} salvaged for ${salvagedFor.toLocaleString('en-US')} gold:`}
      </p>
      {lost > 0 && (
        <p className="mt-1 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="research-lost">
          {timeLeft(lost)} of research lost
        </p>
      )}
      <ul className="mt-2 space-y-1.5" data-testid="items-to-destroy">
        {items.map((item) => {
          const research = researchOf(item, serverNow);
          const place = placeOf?.(item);
          return (
            <li key={item.id} className="flex items-center gap-2 text-sm" data-testid="item-to-destroy" data-item-key={item.id}>
              <ItemIcon catalogId={item.catalogId} rarity={item.rarity} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="font-semibold">{item.itemName}</span> · {RARITY_NAMES[item.rarity]} · quality {item.quality} ·{' '}
                <span className={research > 0 ? 'font-semibold' : ''}>{research} % researched</span>
                {place && <span className="block text-xs text-slate-600 dark:text-slate-300">{place}</span>}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}
