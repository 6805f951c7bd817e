/**
 * /market (docs/design.md section 8.5): sell a fully researched find for gold, buy other players' finds, and
 * collect what sold. The server decides every trade (worker/features/market/); this screen says before a tap what
 * a trade costs and why it would be refused, and shows the server's refusal when it is.
 * `?sell=<itemId>` opens the form that lists that item: an item's details on the profile link here.
 */
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MSG } from '../../../game/messages';
import { MARKET_LEVEL } from '../../../game/rules/market';
import type { Profile } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { usePlayer } from '../../lib/player';
import { ReadState } from '../../components/read-state';
import { toast } from '../../lib/toasts';
import { ScreenHeading } from '../../components/ui';
import { useIntent, type Intent } from '../../lib/use-intent';
import { useSignedInPlayer } from '../../lib/session';
import { PATHS } from '../../paths';
import { marketApi, type MarketIntent } from './api';
import { BrowsePanel } from './browse';
import { MyListingsPanel } from './my-listings';
import { SellPanel } from './sell';

/** Why this player cannot trade yet, in the server's order and words; null when they can. */
function tradeBlock(profile: Profile, emailVerified: boolean): string | null {
  if (!emailVerified) return MSG.tradeVerify;
  if (profile.level < MARKET_LEVEL) return `${MSG.tradeLevel} You are level ${profile.level}: scavenging and fights earn XP.`;
  return null;
}

export function MarketPage() {
  const { uid, emailVerified } = useSignedInPlayer();
  const { profile, error } = usePlayer(uid);
  const intent = useIntent<MarketIntent>();
  const [params, setParams] = useSearchParams();
  const sellId = params.get('sell');

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <section
        aria-labelledby="market-title"
        className="surface-dark rounded-2xl bg-linear-to-br from-slate-900 via-slate-800 to-teal-950 px-5 py-5 text-white shadow-lg ring-1 ring-teal-500/30"
      >
        <ScreenHeading id="market-title" title="Market" className="text-3xl font-black tracking-tight" />
        <p className="text-sm text-slate-200">
          Sell fully researched finds for gold and buy other players’ finds. Listing costs 1 gold plus 1 % of the price, and a sale pays you the price less 5 %: the fees
          leave the game.
        </p>
      </section>
      <ReadState read={{ data: profile, error }} errorPrefix="Error fetching user data: " errorClassName="panel p-4">
        {(profile) => (
          <MarketScreen profile={profile} blocked={tradeBlock(profile, emailVerified)} intent={intent} sellId={sellId} onSold={() => setParams({}, { replace: true })} />
        )}
      </ReadState>
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}

interface MarketScreenProps {
  profile: Profile;
  blocked: string | null;
  intent: Intent<MarketIntent>;
  sellId: string | null;
  onSold: () => void;
}

function MarketScreen({ profile, blocked, intent, sellId, onSold }: MarketScreenProps) {
  const [openListings, setOpenListings] = useState<number | null>(null);
  return (
    <>
      {blocked && (
        <p className="panel border-l-4 border-amber-500 p-4 text-sm font-medium" data-testid="trade-block">
          {blocked} Until then you can look around.
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
        <div className="space-y-4 lg:col-start-2 lg:row-start-1">
          {sellId && (
            <SellPanel
              profile={profile}
              itemId={sellId}
              blocked={blocked}
              openListings={openListings}
              intent={intent}
              onListed={(result) => {
                toast(`Listed ${result.listing.item.itemName} for ${result.listing.price} gold.`);
                onSold();
                void marketApi.traded();
              }}
            />
          )}
          <MyListingsPanel intent={intent} onOpenCount={setOpenListings} />
          {!sellId && (
            <p className="px-1 text-sm text-slate-600 dark:text-slate-300" data-testid="how-to-sell">
              To sell, open a fully researched item’s details on your <Link to={PATHS.profile} className="font-semibold text-amber-800 underline underline-offset-2 dark:text-amber-300">profile</Link>{' '}
              and choose Sell on the market.
            </p>
          )}
        </div>
        <BrowsePanel profile={profile} blocked={blocked} intent={intent} />
      </div>
    </>
  );
}
