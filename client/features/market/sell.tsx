/**
 * Listing one item for sale: the price, what the listing costs and pays, and what the item has sold for. The fee
 * is kept whatever happens, so the form says it before the tap.
 */
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MSG } from '../../../game/messages';
import { listingFee, MAX_OPEN_LISTINGS, PRICE_MAX, PRICE_MIN, proceedsOf } from '../../../game/rules/market';
import type { NewListingResult, Profile } from '../../../game/wire';
import { researchOf } from '../../components/items';
import { Panel } from '../../components/panel';
import { ReadState } from '../../components/read-state';
import { ReasonedButton } from '../../components/reasoned-button';
import { useNow } from '../../components/use-now';
import { usePlayer } from '../../lib/player';
import { useRead } from '../../lib/query';
import type { Intent } from '../../lib/use-intent';
import { PATHS } from '../../paths';
import { marketApi, type MarketIntent } from './api';
import { ListedItem, Medians } from './listed-item';

interface SellPanelProps {
  profile: Profile;
  itemId: string;
  blocked: string | null;
  /** Listings counting against the limit; null until read. */
  openListings: number | null;
  intent: Intent<MarketIntent>;
  onListed: (result: NewListingResult) => void;
}

export function SellPanel({ profile, itemId, blocked, openListings, intent, onListed }: SellPanelProps) {
  const item = [...profile.inventory, ...profile.duffelBag].find((owned) => owned.id === itemId);
  return (
    <Panel id="sell-title" title="Sell on the market">
      {item ? (
        <SellForm key={item.id} profile={profile} item={item} blocked={blocked} openListings={openListings} intent={intent} onListed={onListed} />
      ) : (
        <p className="mt-2 text-sm" data-testid="sell-missing">
          That item is not in your inventory or duffel bag any more. Choose another from your{' '}
          <Link to={PATHS.profile} className="font-semibold text-amber-800 underline underline-offset-2 dark:text-amber-300">
            profile
          </Link>
          .
        </p>
      )}
    </Panel>
  );
}

function SellForm({ profile, item, blocked, openListings, intent, onListed }: Omit<SellPanelProps, 'itemId'> & { item: Profile['inventory'][number] }) {
  const id = useId();
  const [text, setText] = useState('');
  // What this item sold for at its own quality: a low quality's prices would misprice a high one.
  const sales = useRead(marketApi.item(item.catalogId, item.quality), 'could not read the median prices');
  const { clockOffset } = usePlayer(profile.uid);
  const now = useNow(1000);
  const price = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  const validPrice = price !== null && price >= PRICE_MIN && price <= PRICE_MAX;
  const fee = validPrice ? listingFee(price) : null;
  // The market's floor (docs/design.md section 9.3): never less than deleting the item would pay, twice over.
  const floor = item.salvage * 2;

  const researched = researchOf(item, now + clockOffset) >= 100;
  const [reason, refusal] = ((): [string | null, string] => {
    if (blocked) return ['You cannot trade yet.', blocked];
    if (!researched) return ['Only fully researched items can be sold.', MSG.mustBeResearched];
    if (openListings !== null && openListings >= MAX_OPEN_LISTINGS) return [`Cancel or collect one of your ${MAX_OPEN_LISTINGS} listings first.`, MSG.tooManyListings];
    if (!validPrice) return [text.trim() === '' ? 'Enter a price.' : MSG.priceInvalid, MSG.priceInvalid];
    if (price < floor) return [MSG.belowFloor(floor), MSG.belowFloor(floor)];
    if (fee !== null && profile.gold < fee) return [`You need ${fee - profile.gold} more gold for the fee.`, MSG.notEnoughGold];
    return [null, ''];
  })();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (price === null || reason) return;
    void intent.run('list', async () => onListed(await marketApi.list(item.id, price)));
  };

  return (
    <form className="mt-2 space-y-3" onSubmit={submit} noValidate data-testid="sell-form">
      <ListedItem item={item} />
      <ReadState read={sales} errorPrefix="Median prices: " errorClassName="text-sm">
        {({ medians }) => medians && <Medians medians={medians} name={item.itemName} quality={item.quality} />}
      </ReadState>
      <div>
        <label htmlFor={`${id}-price`} className="mb-1 block text-sm font-medium">
          Price in gold
        </label>
        <input
          id={`${id}-price`}
          className="input"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={(text.trim() !== '' && !validPrice) || undefined}
          aria-describedby={`${id}-fees`}
        />
        <p id={`${id}-fees`} className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="sell-fees">
          {fee === null || price === null
            ? `From ${Math.max(PRICE_MIN, floor).toLocaleString('en-US')} to ${PRICE_MAX.toLocaleString('en-US')} gold: the lowest price is twice the ${item.salvage.toLocaleString('en-US')} gold its salvage pays. Listing costs 1 gold plus 1 % of the price, kept even if it does not sell.`
            : `Listing costs ${fee} gold now, kept even if it does not sell. If it sells you collect ${proceedsOf(price).toLocaleString('en-US')} gold. Unsold, it comes back after 72 hours.`}
        </p>
      </div>
      <ReasonedButton type="submit" className="btn-game w-full" reason={reason} whenBlocked={() => intent.refuse(refusal)} disabled={intent.busy('list')}>
        {price !== null && validPrice ? `List for ${price.toLocaleString('en-US')} gold` : 'List for sale'}
      </ReasonedButton>
    </form>
  );
}
