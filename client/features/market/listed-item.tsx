/** One item as the market shows it (its drawing, tier, quality and stats), and what an item has sold for. */
import { itemPower } from '../../../game/rules';
import type { Item, Market } from '../../../game/wire';
import { ItemIcon } from '../../components/item-art';
import { ItemStats } from '../../components/items';
import { rarityStyle } from '../../components/rarity';
import { Abbr } from '../../components/ui';

export function ListedItem({ item, detail }: { item: Item; detail?: string }) {
  return (
    <div className="flex min-w-0 items-center gap-3" style={rarityStyle(item.rarity)} data-testid="listed-item">
      <ItemIcon catalogId={item.catalogId} rarity={item.rarity} size="md" />
      <div className="flex min-w-0 flex-col">
        <span className="flex flex-wrap items-center gap-x-2 font-bold">
          <span data-testid="listed-name">{item.itemName}</span>
          <span className="chip">
            <Abbr short="Q" full="Quality" />
            {item.quality}
          </span>
        </span>
        <ItemStats item={item} power={itemPower(item.attack, item.defense, item.quality)} className="gap-x-3">
          {detail && <span>{detail}</span>}
        </ItemStats>
      </div>
    </div>
  );
}

const priceOrNone = (price: number | null) => (price === null ? 'no sales' : `${price.toLocaleString('en-US')} gold`);

/**
 * The median sale price of one item over the last day, week and month: of one quality (docs/design.md section
 * 9.7), or of all of them (`quality` null) when browsing by item.
 */
export function Medians({ medians, name, quality }: { medians: NonNullable<Market['medians']>; name: string; quality: number | null }) {
  return (
    <div className="mt-3 rounded-lg bg-slate-100 p-3 text-sm dark:bg-slate-800" data-testid="medians">
      <p className="font-semibold">{quality === null ? `${name}, all qualities, has sold for (median):` : `${name} of quality ${quality} has sold for (median):`}</p>
      <dl className="mt-1 grid grid-cols-3 gap-2">
        {(
          [
            ['Last day', medians.day],
            ['Last 7 days', medians.week],
            ['Last 30 days', medians.month],
          ] as const
        ).map(([label, price]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
            <dd className="font-bold tabular-nums">{priceOrNone(price)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
