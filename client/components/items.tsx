/**
 * Item lists, shared by the scavenge and profile screens (docs/spec.md section 2 "Inventory panel"); the popups
 * about items are in ./item-dialogs.tsx. Rows are tapped to select (aria-pressed) and each has a details button; each shows the
 * item's drawing framed in its tier's colour; research ticks live as a bar from the server's
 * researchMs/equippedAt on the server's clock.
 */
import { useId, type ReactNode } from 'react';
import type { Item } from '../../game/wire';
import { displayStat, gainOf, itemPower, researchLeftMs, researchPercent, type Gain } from '../../game/rules';
import { Abbr } from './ui';
import { ItemIcon } from './item-art';
import { isRareFind, RarityLabel, rarityStyle } from './rarity';
import { timeLeft } from './time-left';
import { useNow } from './use-now';

export const EMPTY_SLOT = 'Empty Slot';

/** Pads a list with empty slots up to `size` rows. */
export function padded<T>(items: readonly T[], size: number): (T | null)[] {
  return [...items, ...Array.from({ length: Math.max(0, size - items.length) }, () => null)];
}

/**
 * Research at `serverNow`, ticking on from the server's researchMs/equippedAt; never lower than the server's
 * percent when read. A pending find (researchMs 0, not equipped) stays at 0.
 */
export function researchOf(item: Item, serverNow: number): number {
  return Math.max(item.research, researchPercent(item.rarity, item, serverNow));
}

/** How long research still takes: "ready", "2 h 35 m left" while equipped, "10 m 0 s to research" before. */
export function researchWait(item: Item, serverNow: number): string {
  if (researchOf(item, serverNow) >= 100) return 'ready';
  const left = timeLeft(researchLeftMs(item.rarity, item, serverNow));
  return item.equippedAt === null ? `${left} to research` : `${left} left`;
}

interface ItemPanelProps {
  title: string;
  /** Beside the title, e.g. the duffel bag's capacity. */
  aside?: ReactNode;
  /** In the order the server sent them (best first, or loot in slot order); null for an empty slot. */
  slots: readonly (Item | null)[];
  selected: ReadonlySet<string>;
  /** False: rows show but cannot be selected (spec: inventory before a scavenge). */
  selectable: boolean;
  /** Called with the item's id (`loot-<slot>` for a pending find). */
  onToggle: (id: string) => void;
  onDetails: (item: Item) => void;
  /** lib/player.ts's clockOffset: research ticks on the server's clock. */
  clockOffset: number;
  /** Shown when there are no rows at all (a duffel bag of size 0). */
  emptyText?: string;
  testId?: string;
  /** Extra classes of the list, e.g. an entrance animation. */
  listClassName?: string;
  /** Loot: each row shows what taking it would do to the totals against these equipped items. */
  compareWith?: readonly Item[];
  /** Rows marked "New": finds new to the player's collection (issue #40, a badge rather than a toast). */
  isNew?: (item: Item) => boolean;
  /** A line under a row, e.g. what salvaging a duplicate find teaches ("Studies your Chainsaw: +4 min"). */
  noteOf?: (item: Item) => string | null;
  children?: ReactNode;
}

export function ItemPanel({ title, aside, slots, selected, selectable, onToggle, onDetails, clockOffset, emptyText, testId, listClassName = '', compareWith, isNew, noteOf, children }: ItemPanelProps) {
  const titleId = useId();
  const serverNow = useNow(1000) + clockOffset;
  return (
    <section aria-labelledby={titleId} data-testid={testId} className="panel">
      <div className="flex items-baseline justify-between gap-2 px-4 pt-3 pb-1 sm:pt-4 sm:pb-2">
        <h2 id={titleId} className="panel-title">
          {title}
        </h2>
        {aside}
      </div>
      {slots.length === 0 && emptyText ? (
        <p className="px-4 pb-4 text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>
      ) : (
        <ul className={`${compareWith ? 'space-y-1.5 px-2 sm:px-3' : 'space-y-2 px-3'} pb-3 ${listClassName}`}>
          {slots.map((item, index) =>
            item ? (
              <ItemRow
                key={item.id}
                item={item}
                selected={selected.has(item.id)}
                selectable={selectable}
                research={researchOf(item, serverNow)}
                researchText={researchWait(item, serverNow)}
                gain={compareWith && gainOf(item, compareWith)}
                isNew={isNew?.(item) ?? false}
                note={noteOf?.(item) ?? null}
                onToggle={() => onToggle(item.id)}
                onDetails={() => onDetails(item)}
              />
            ) : (
              <li key={`empty-${index}`} data-testid="empty-slot" className="slot-empty">
                {EMPTY_SLOT}
              </li>
            ),
          )}
        </ul>
      )}
      {children}
    </section>
  );
}

function ItemRow({
  item,
  selected,
  selectable,
  research,
  researchText,
  gain,
  isNew,
  note,
  onToggle,
  onDetails,
}: {
  item: Item;
  selected: boolean;
  selectable: boolean;
  research: number;
  researchText: string;
  /** A find's effect on the totals; research is left out for finds, which all start at 0. */
  gain?: Gain<Item>;
  isNew: boolean;
  note: string | null;
  onToggle: () => void;
  onDetails: () => void;
}) {
  const power = itemPower(item.attack, item.defense, item.quality);
  return (
    <li
      className={`flex items-stretch gap-2 ${isRareFind(item.rarity) ? 'rare-find' : ''}`}
      data-testid="item"
      data-item-key={item.id}
      data-item-name={item.itemName}
    >
      <button
        type="button"
        aria-pressed={selected}
        // A row that cannot be chosen yet (the equipped before a scavenge) is left out of the tab order; no
        // action disables it while it has the focus.
        // eslint-disable-next-line no-restricted-syntax
        disabled={!selectable}
        onClick={onToggle}
        data-testid="item-row"
        style={rarityStyle(item.rarity)}
        // A find's row is denser: six of them, their gains and the action bar share one phone screen.
        className={`item-row ${gain ? 'gap-2 py-1.5' : ''} ${selected ? 'item-row-selected' : ''}`}
      >
        <ItemIcon catalogId={item.catalogId} rarity={item.rarity} size={gain ? 'sm' : 'md'} />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="flex items-center gap-2">
            <span className="truncate font-bold" data-testid="item-name">
              {item.itemName}
            </span>
            <span className="chip">
              <Abbr short="Q" full="Quality" />
              {item.quality}
            </span>
            {isNew && (
              <span className="shrink-0 rounded-full bg-emerald-700 px-1.5 text-xs font-bold text-white dark:bg-emerald-300 dark:text-slate-950" data-testid="new-badge">
                New
              </span>
            )}
            {selected && (
              <span aria-hidden="true" className="ml-auto shrink-0 rounded-full bg-amber-500 px-1.5 text-xs font-black text-slate-950">
                ✓
              </span>
            )}
          </span>
          {gain ? (
            // A find's stats and gain share one line where the row is wide enough, so four finds show at 1280×800.
            <span className="flex flex-col lg:flex-row lg:items-baseline lg:gap-x-3">
              <ItemStats item={item} power={null} className="mt-0.5 gap-x-2 lg:shrink-0" />
              <GainLine gain={gain} power={power} />
            </span>
          ) : (
            <ItemStats item={item} power={power} className="mt-0.5 gap-x-3" />
          )}
          {note && (
            <span className="mt-0.5 truncate text-xs font-semibold text-emerald-800 dark:text-emerald-300" data-testid="item-note">
              {note}
            </span>
          )}
          {gain ? null : (
            <span className="mt-1 flex items-center gap-2">
              <ResearchBar research={research} className="h-1.5 flex-1" />
              <span className="text-right text-xs tabular-nums text-slate-600 dark:text-slate-300">
                <span className="sr-only">Research </span>
                <span data-testid="item-research">{research}%</span>
                {' · '}
                <span data-testid="research-left">{researchText}</span>
              </span>
            </span>
          )}
        </span>
      </button>
      <button type="button" onClick={onDetails} aria-label={`Details of ${item.itemName}`} className="details-button">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-current">
          <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm1 15h-2v-6h2v6zm0-8h-2V7h2v2z" />
        </svg>
      </button>
    </li>
  );
}

/** An item's tier, attack and defense (and power, unless null), then anything more: the line under its name. */
export function ItemStats({ item, power, className = '', children }: { item: Item; power: number | null; className?: string; children?: ReactNode }) {
  return (
    <span className={`flex flex-wrap text-xs text-slate-600 dark:text-slate-300 ${className}`}>
      <RarityLabel rarity={item.rarity} />
      <span>
        <Abbr short="ATK" full="Attack" /> {displayStat(item.attack, item.quality)}
      </span>
      <span>
        <Abbr short="DEF" full="Defense" /> {displayStat(item.defense, item.quality)}
      </span>
      {power !== null && (
        <span>
          <Abbr short="PWR" full="Power" /> {power}
        </span>
      )}
      {children}
    </span>
  );
}

/**
 * "+77 ATK −12 DEF vs Lead Pipe": what taking a find does to the totals, against the item it would replace when
 * every slot is used. A screen reader hears it in words: "If taken: +77 attack, −12 defense, against Lead Pipe".
 */
function GainLine({ gain, power }: { gain: Gain<Item>; power: number }) {
  const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');
  const tone = (n: number) => (n > 0 ? 'text-emerald-700 dark:text-emerald-300' : n < 0 ? 'text-red-700 dark:text-red-300' : '');
  const against = gain.replaces ? `, against ${gain.replaces.itemName}` : '';
  return (
    <span className="mt-0.5 flex min-w-0 gap-x-2 text-xs tabular-nums">
      <span className="whitespace-nowrap text-slate-600 dark:text-slate-300">
        <Abbr short="PWR" full="Power" /> {power}
      </span>
      <span className="sr-only" data-testid="gain-said">
        If taken: {signed(gain.attack)} attack, {signed(gain.defense)} defense{against}.
      </span>
      <span aria-hidden="true" className="flex min-w-0 gap-x-2 font-bold" data-testid="gain">
        <span className={`whitespace-nowrap ${tone(gain.attack)}`}>{signed(gain.attack)} ATK</span>{' '}
        <span className={`whitespace-nowrap ${tone(gain.defense)}`}>{signed(gain.defense)} DEF</span>{' '}
        {gain.replaces && <span className="truncate font-medium text-slate-600 dark:text-slate-300">vs {gain.replaces.itemName}</span>}
      </span>
    </span>
  );
}

/** Research as a bar: amber while under way, green once complete. The percentage is always written beside it. */
export function ResearchBar({ research, className }: { research: number; className: string }) {
  return (
    <span aria-hidden="true" className={`bar ${className}`}>
      <span className={`bar-fill ${research >= 100 ? 'bg-emerald-500' : 'bg-amber-500'}`} style={{ width: `${research}%` }} />
    </span>
  );
}
