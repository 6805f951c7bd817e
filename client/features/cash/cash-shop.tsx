/**
 * What cash buys and where it comes from (docs/design.md section 8.2), opened from the profile header's cash.
 * Each buy says beside it when it cannot be had (energy already full, how much more cash); the server decides
 * all the same, and a refusal shows its words (a Second Wind already used today, the day's three Field Kits).
 * The Showcase pins trophies to the public player card. Every cash spend asks first, naming what it buys and
 * its price, and nothing on screen moves under a pending one (docs/design.md section 9.2, issue #40).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { MAX_ENERGY } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { BONUS_REWARD, STREAK_CASH, STREAK_LENGTH } from '../../../game/rules/contracts';
import { SECOND_WIND_CASH } from '../../../game/rules/cash';
import type { Profile } from '../../../game/wire';
import { CloseButton, ConfirmDialog, Dialog, MessageDialog } from '../../components/dialog';
import { ReasonedButton } from '../../components/reasoned-button';
import { toast } from '../../lib/toasts';
import { useNow } from '../../components/use-now';
import { useIntent } from '../../lib/use-intent';
import { PATHS } from '../../paths';
import { cashApi } from './api';
import { FieldKits } from './field-kits';
import { ShowcaseSection } from './showcase';
import { short, type Spend } from './spend';

interface CashShopProps {
  profile: Profile;
  /** Server time minus local time (lib/player.ts), so research left is counted on the server's clock. */
  clockOffset: number;
  onClose: () => void;
}


export default function CashShop({ profile, clockOffset, onClose }: CashShopProps) {
  const intent = useIntent<string>();
  const [asking, setAsking] = useState<Spend | null>(null);
  const now = useNow() + clockOffset;
  // The question stays open, its button disabled, until the answer: a second tap lands on nothing that spends.
  const buy = ({ name, send, done }: Spend) =>
    void intent.run(name, async () => {
      try {
        await send();
        toast(done);
      } finally {
        setAsking(null);
      }
    });

  return (
    <Dialog title="What cash buys" onClose={onClose} actions={<CloseButton onClose={onClose} />} testId="cash-shop">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        You have <strong>{profile.cash} cash</strong>. Cash comes from your daily contracts on the profile: 1 or 2 for each, {BONUS_REWARD.cash} more for all three, and{' '}
        {STREAK_CASH} more on every {STREAK_LENGTH}th day in a row.
      </p>
      <section className="mt-4" aria-labelledby="second-wind-title">
        <h3 id="second-wind-title" className="font-bold">
          Second Wind
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Energy back to {MAX_ENERGY} at once, once a day. Gold buys refills too, in the{' '}
          <Link to={PATHS.shop} className="link" onClick={onClose}>
            gold shop
          </Link>
          .
        </p>
        <ReasonedButton
          className="btn-game mt-2"
          reason={profile.energy >= MAX_ENERGY ? MSG.energyAlreadyFull : short(SECOND_WIND_CASH, profile.cash)}
          onClick={() =>
            setAsking({
              name: 'second-wind',
              question: `Buy a Second Wind for ${SECOND_WIND_CASH} cash?`,
              price: SECOND_WIND_CASH,
              send: () => cashApi.secondWind(),
              done: `Second Wind: energy back to ${MAX_ENERGY}.`,
            })
          }
          disabled={intent.busy()}
        >
          Buy Second Wind ({SECOND_WIND_CASH} cash)
        </ReasonedButton>
      </section>
      <FieldKits profile={profile} now={now} busy={intent.busy()} onFinish={setAsking} />
      <ShowcaseSection profile={profile} busy={intent.busy()} onPin={(spend) => (spend.price > 0 ? setAsking(spend) : buy(spend))} />
      {asking && (
        <ConfirmDialog
          question={asking.question}
          confirmLabel={`Pay ${asking.price} cash`}
          onConfirm={() => buy(asking)}
          onCancel={() => setAsking(null)}
          busy={intent.busy()}
        >
          <p className="text-sm" data-testid="cash-left">
            You keep {profile.cash - asking.price} cash.
          </p>
        </ConfirmDialog>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </Dialog>
  );
}

