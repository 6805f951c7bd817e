/**
 * The market's open listings: one tier or one item the player has seen, the cheapest or the newest first, and what
 * an item sold for. Before a purchase it says where the item would go, or why the server would refuse it, and
 * whether it would score (docs/design.md sections 9.4, 9.7).
 */
import { useId, useState, type ReactNode } from 'react';
import { MSG } from '../../../game/messages';
import { CATALOGUE, itemsOfRarity, RARITIES, RARITY_NAMES, type Rarity } from '../../../game/rules';
import { arrivalOf, type Arrival } from '../../../game/rules/market';
import type { Market, Profile } from '../../../game/wire';
import { ConfirmDialog } from '../../components/dialog';
import { ReasonedButton } from '../../components/reasoned-button';
import { ReadState } from '../../components/read-state';
import { usePressed, useRowsInPlace } from '../../components/rows-in-place';
import { researchNote } from '../../components/research-note';
import { toast } from '../../lib/toasts';
import { useRead } from '../../lib/query';
import type { Intent } from '../../lib/use-intent';
import { marketApi, type MarketFilter, type MarketIntent } from './api';
import { ListedItem, Medians } from './listed-item';

type Offer = Market['listings'][number];

interface BrowsePanelProps {
  profile: Profile;
  blocked: string | null;
  intent: Intent<MarketIntent>;
}

export function BrowsePanel({ profile, blocked, intent }: BrowsePanelProps) {
  const [filter, setFilter] = useState<MarketFilter>({ tier: null, catalogId: null, sort: 'price' });
  const market = useRead(marketApi.browse(filter), 'could not read the market');
  const [buying, setBuying] = useState<Offer | null>(null);
  // Where a bought item would go, by the server's own rule, so nothing here promises what it would refuse.
  const place = arrivalOf({ inventory: profile.inventory.length, duffel: profile.duffelBag.length }, profile.duffelBagSize);

  const buy = (offer: Offer) => {
    setBuying(null);
    return intent.run(
      'buy',
      async () => {
        const result = await marketApi.buy(offer.id, offer.price);
        const inInventory = result.profile.inventory.some((item) => item.id === offer.itemId);
        toast(`You bought ${offer.item.itemName} for ${offer.price} gold. It is in your ${inInventory ? 'inventory' : 'duffel bag'}.`);
        void marketApi.traded();
      },
      // Someone else bought it first, or the seller changed it: the list is out of date.
      ({ code }) => (code === 'listing_gone' || code === 'price_changed') && void marketApi.traded(),
    );
  };

  return (
    <section aria-labelledby="browse-title" className="panel p-4 lg:col-start-1 lg:row-start-1">
      <h2 id="browse-title" className="panel-title">
        For sale
      </h2>
      <Filters filter={filter} onChange={setFilter} />
      {filter.catalogId && market.data?.medians && <Medians medians={market.data.medians} name={itemName(filter.catalogId)} quality={null} />}
      <ReadState
        read={market}
        errorPrefix=""
        errorClassName="mt-3 text-sm"
        errorTestId="market-error"
        empty={{
          when: (data) => data.listings.length === 0,
          show: (
            <p className="mt-3 text-sm" data-testid="market-empty">
              {filter.tier || filter.catalogId ? 'Nothing like that is for sale right now.' : 'Nothing is for sale right now.'} Listings last 72 hours: look again later, or
              sell one of your own finds.
            </p>
          ),
        }}
      >
        {(data) => (
          <Offers
            offers={data.listings}
            loading={market.loading}
            holding={buying !== null || intent.busy('buy')}
            buyButton={(offer) => (
              <ReasonedButton
                className="btn-game"
                reasonClassName="max-w-48"
                reason={whyNotBuy(offer, profile, blocked, place)}
                whenBlocked={() => intent.refuse(refusalOf(offer, profile, blocked))}
                disabled={intent.busy('buy')}
                onClick={() => setBuying(offer)}
                aria-label={`Buy ${offer.item.itemName} for ${offer.price} gold`}
              >
                Buy
              </ReasonedButton>
            )}
            researchLine={(offer) => researchNote(offer.item.researchedBy, profile.username)}
          />
        )}
      </ReadState>
      {buying && (
        <ConfirmDialog
          question={`Buy ${buying.item.itemName} (${RARITY_NAMES[buying.item.rarity]}, quality ${buying.item.quality}) from ${buying.seller} for ${buying.price.toLocaleString('en-US')} gold?`}
          confirmLabel={`Buy for ${buying.price.toLocaleString('en-US')} gold`}
          onConfirm={() => void buy(buying)}
          onCancel={() => setBuying(null)}
          busy={intent.busy('buy')}
        >
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="buy-where">
            You will have {(profile.gold - buying.price).toLocaleString('en-US')} gold left. {whereItGoes(place, profile.duffelBagSize)}
          </p>
          <p className="mt-2 text-sm font-medium" data-testid="buy-researched-by">
            {researchNote(buying.item.researchedBy, profile.username)}.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

interface OffersProps {
  offers: readonly Offer[];
  loading: boolean;
  /** A buy asked or under way: the rows hold their places (components/rows-in-place.ts). */
  holding: boolean;
  buyButton: (offer: Offer) => ReactNode;
  researchLine: (offer: Offer) => string;
}

/**
 * The listings, live (docs/design.md section 9.11): one sold meanwhile says "Sold just now" in place of Buy, one
 * withdrawn while a buy is pending says it is gone, and new ones come in, all without moving the row under a tap.
 */
function Offers({ offers, loading, holding, buyButton, researchLine }: OffersProps) {
  const { pressed, handlers } = usePressed();
  const rows = useRowsInPlace(offers, (offer) => offer.id, holding || pressed);
  return (
    <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800" data-testid="listings" aria-busy={loading || undefined} {...handlers}>
      {rows.map(({ row: offer, gone }) => (
        <li key={offer.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="listing">
          <div className="min-w-0">
            <ListedItem item={offer.item} detail={`from ${offer.seller}`} />
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-300" data-testid="researched-by">
              {researchLine(offer)}
            </p>
          </div>
          <div className="flex items-center gap-3">
            <span className="text-lg font-black tabular-nums">{offer.price.toLocaleString('en-US')} gold</span>
            {offer.status === 'sold' ? (
              <span className="font-semibold text-slate-700 dark:text-slate-300" data-testid="sold-just-now">
                Sold just now
              </span>
            ) : gone ? (
              <span className="font-semibold text-slate-700 dark:text-slate-300" data-testid="listing-gone">
                No longer for sale
              </span>
            ) : (
              buyButton(offer)
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

const itemName = (catalogId: string) => CATALOGUE.find((item) => item.id === catalogId)?.name ?? catalogId;

/** Why a buy would be refused, said beside the button, in the server's order; null when it can go. */
function whyNotBuy(offer: Offer, profile: Profile, blocked: string | null, place: Arrival | null): string | null {
  if (blocked) return 'You cannot trade yet.';
  if (offer.seller === profile.username) return 'Your own listing.';
  if (profile.gold < offer.price) return `You need ${(offer.price - profile.gold).toLocaleString('en-US')} more gold.`;
  if (!place) return 'No room: free a slot first.';
  return null;
}

/** The server's refusal for the same reason, shown when the blocked button is pressed anyway. */
function refusalOf(offer: Offer, profile: Profile, blocked: string | null): string {
  if (blocked) return blocked;
  if (offer.seller === profile.username) return MSG.ownListing;
  if (profile.gold < offer.price) return MSG.notEnoughGold;
  return whereItGoes(null, profile.duffelBagSize);
}

/** Where the item would go, or the server's refusal and what to do about it. */
function whereItGoes(place: Arrival | null, duffelBagSize: number): string {
  switch (place) {
    case 'inventory':
      return 'It goes to your inventory.';
    case 'duffel':
      return 'Your inventory is full, so it goes to your duffel bag.';
    case null:
      return `${MSG.noRoom(duffelBagSize)} ${duffelBagSize === 0 ? 'Free a slot in your inventory to buy.' : 'Free a slot in your inventory or duffel bag to buy.'}`;
  }
}

function Filters({ filter, onChange }: { filter: MarketFilter; onChange: (filter: MarketFilter) => void }) {
  const id = useId();
  // Only items the player has seen, so the trophy case's unseen entries stay a surprise; the chosen one stays.
  const seen = useRead(marketApi.seen, 'could not read the items you have seen');
  const offered = new Set([...(seen.data?.catalogIds ?? []), ...(filter.catalogId ? [filter.catalogId] : [])]);
  const items = (filter.tier ? itemsOfRarity(filter.tier) : CATALOGUE).filter((item) => offered.has(item.id));
  return (
    <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
      <div>
        <label htmlFor={`${id}-tier`} className="mb-1 block text-sm font-medium">
          Tier
        </label>
        <select
          id={`${id}-tier`}
          className="input"
          value={filter.tier ?? ''}
          onChange={(event) => onChange({ ...filter, tier: (event.target.value || null) as Rarity | null, catalogId: null })}
        >
          <option value="">All tiers</option>
          {RARITIES.map((rarity) => (
            <option key={rarity} value={rarity}>
              {RARITY_NAMES[rarity]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-item`} className="mb-1 block text-sm font-medium">
          Item
        </label>
        <select id={`${id}-item`} className="input" value={filter.catalogId ?? ''} onChange={(event) => onChange({ ...filter, catalogId: event.target.value || null })}>
          <option value="">All items</option>
          {[...items]
            .sort((a, b) => a.name.localeCompare(b.name))
            .map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-sort`} className="mb-1 block text-sm font-medium">
          Sort
        </label>
        <select id={`${id}-sort`} className="input" value={filter.sort} onChange={(event) => onChange({ ...filter, sort: event.target.value === 'newest' ? 'newest' : 'price' })}>
          <option value="price">Cheapest first</option>
          <option value="newest">Newest first</option>
        </select>
      </div>
    </div>
  );
}
