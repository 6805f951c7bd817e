/** The seller's side: open listings (cancel), sales to collect, listings that ran out, and one Collect for all. */
import { useEffect } from 'react';
import { MSG } from '../../../game/messages';
import type { MyListings } from '../../../game/wire';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { ReadState } from '../../components/read-state';
import { toast } from '../../lib/toasts';
import { Button } from '../../components/forms';
import { useNow } from '../../components/use-now';
import { useRead } from '../../lib/query';
import type { Intent } from '../../lib/use-intent';
import { marketApi, type MarketIntent } from './api';
import { ListedItem } from './listed-item';

type MyListing = MyListings['listings'][number];

interface MyListingsPanelProps {
  intent: Intent<MarketIntent>;
  /** How many listings count against the limit (open, or run out and not collected), once read. */
  onOpenCount: (count: number) => void;
}

export function MyListingsPanel({ intent, onOpenCount }: MyListingsPanelProps) {
  const mine = useRead(marketApi.mine, 'could not read your listings');
  const now = useNow(30_000);
  const listings = mine.data?.listings ?? [];
  const openCount = listings.filter((listing) => listing.status === 'open').length;
  const ranOut = listings.filter((listing) => listing.status === 'open' && listing.expiresAt <= now).length;
  const uncollected = mine.data?.uncollected ?? 0;
  useEffect(() => {
    if (mine.data) onOpenCount(openCount);
  }, [mine.data, openCount, onOpenCount]);

  const collect = () =>
    intent.run('collect', async () => {
      await marketApi.collect();
      toast(collectedText(uncollected, ranOut));
      void marketApi.traded();
    });
  const cancel = (listing: MyListing) =>
    intent.run('cancel', async () => {
      await marketApi.cancel(listing.id);
      toast(`${listing.item.itemName} is back with you.`);
      void marketApi.traded();
    });

  return (
    <section aria-labelledby="mine-title" className="panel p-4" data-testid="my-listings">
      <h2 id="mine-title" className="panel-title">
        Your listings
      </h2>
      <ReadState read={mine} errorPrefix="" errorClassName="mt-3 text-sm" errorTestId="mine-error">
        {() => (
          <>
            <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm" data-testid="to-collect">
                {uncollected === 0 && ranOut === 0 ? 'Nothing to collect.' : collectText(uncollected, ranOut)}
              </p>
              <ReasonedButton
                className="btn-game"
                reason={uncollected === 0 && ranOut === 0 ? 'Sales and unsold items wait here for you.' : null}
                whenBlocked={() => intent.refuse(MSG.nothingToCollect)}
                disabled={intent.busy('collect')}
                onClick={() => void collect()}
              >
                Collect
              </ReasonedButton>
            </div>
            {listings.length === 0 ? (
              <p className="mt-3 text-sm" data-testid="mine-empty">
                You have nothing on the market.
              </p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
                {listings.map((listing) => (
                  <li key={listing.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3" data-testid="my-listing">
                    <ListedItem item={listing.item} detail={`${listing.price.toLocaleString('en-US')} gold`} />
                    <div className="flex items-center gap-3">
                      <span className="text-sm font-medium" data-testid="listing-status">
                        {statusText(listing, now)}
                      </span>
                      {listing.status === 'open' && listing.expiresAt > now && (
                        <Button className="btn-secondary" disabled={intent.busy('cancel')} onClick={() => void cancel(listing)} aria-label={`Cancel the listing of ${listing.item.itemName}`}>
                          Cancel
                        </Button>
                      )}
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </ReadState>
    </section>
  );
}

function collectText(gold: number, items: number): string {
  const parts = [gold > 0 ? `${gold.toLocaleString('en-US')} gold from sales` : '', items > 0 ? `${items} unsold ${items === 1 ? 'item' : 'items'}` : ''];
  return `To collect: ${parts.filter(Boolean).join(' and ')}.`;
}

function collectedText(gold: number, items: number): string {
  const parts = [gold > 0 ? `${gold.toLocaleString('en-US')} gold` : '', items > 0 ? `${items} unsold ${items === 1 ? 'item' : 'items'}` : ''];
  return `Collected ${parts.filter(Boolean).join(' and ')}.`;
}

function statusText(listing: MyListing, now: number): string {
  switch (listing.status) {
    case 'open':
      return listing.expiresAt > now ? `Ends in ${timeLeft(listing.expiresAt - now)}` : 'Ran out: collect it';
    case 'sold':
      return listing.collectedAt === null ? `Sold: ${listing.proceeds.toLocaleString('en-US')} gold to collect` : `Sold for ${listing.price.toLocaleString('en-US')} gold`;
    case 'cancelled':
      return 'Cancelled';
    case 'expired':
      return 'Ran out, collected';
  }
}
