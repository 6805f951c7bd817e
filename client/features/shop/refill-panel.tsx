/**
 * The energy refill (docs/design.md section 9.3). It asks first, naming the price and the gold left; the server
 * decides, and a refusal shows its words ('Your energy is already full.', 'You do not have enough gold.'). The
 * button says beforehand why it would be refused, and a press then shows the same words. A double tap on the
 * question's button buys once: useIntent's guard.
 */
import { useState } from 'react';
import { MAX_ENERGY } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { REFILL_FIRST_GOLD } from '../../../game/rules/shop';
import type { Profile, Shop } from '../../../game/wire';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { Panel } from '../../components/panel';
import { ReadState } from '../../components/read-state';
import { ReasonedButton } from '../../components/reasoned-button';
import { toast } from '../../lib/toasts';
import { usePlayer } from '../../lib/player';
import { useRead } from '../../lib/query';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { shopApi } from './api';

const gold = (n: number) => `${n.toLocaleString('en-US')} gold`;

export function RefillPanel() {
  const { uid } = useSignedInPlayer();
  const { profile, error } = usePlayer(uid);
  const shop = useRead(shopApi.shop(), 'could not read the gold shop');
  return (
    <Panel id="refill-title" title="Energy refill">
      <ReadState read={{ data: profile && shop.data ? { profile, shop: shop.data } : null, error: error ?? shop.error }} errorClassName="mt-2 text-sm">
        {(read) => <Refill {...read} />}
      </ReadState>
    </Panel>
  );
}

function Refill({ profile, shop }: { profile: Profile; shop: Shop }) {
  const intent = useIntent<'refill'>();
  const [asking, setAsking] = useState(false);
  const { price, boughtToday } = shop.refill;
  const full = profile.energy >= MAX_ENERGY;
  const refusal = full ? MSG.energyAlreadyFull : profile.gold < price ? MSG.notEnoughGold : null;
  // The question stays open, its button disabled, until the answer: a second tap lands on nothing that spends.
  const buy = () =>
    void intent.run('refill', async () => {
      try {
        await shopApi.refill();
        toast(`Energy refill: energy back to ${MAX_ENERGY}.`);
      } finally {
        setAsking(false);
      }
    });
  return (
    <div className="mt-2 space-y-2 text-sm" data-testid="refill">
      <p>
        Your energy back to {MAX_ENERGY} at once. The first refill of a day (UTC) costs {gold(REFILL_FIRST_GOLD)}, and each next one that day twice the one before.
      </p>
      <p data-testid="refill-state">
        You have {profile.energy}/{MAX_ENERGY} energy and {gold(profile.gold)}.{' '}
        {boughtToday === 0 ? 'No refill bought today.' : `Refills bought today: ${boughtToday}.`}
      </p>
      <ReasonedButton
        className="btn-game"
        reason={full ? MSG.energyAlreadyFull : profile.gold < price ? `You need ${gold(price - profile.gold)} more.` : null}
        whenBlocked={() => refusal && intent.refuse(refusal)}
        onClick={() => setAsking(true)}
        disabled={intent.busy()}
      >
        Refill energy ({gold(price)})
      </ReasonedButton>
      {asking && (
        <ConfirmDialog question={`Refill your energy for ${gold(price)}?`} confirmLabel={`Refill (${gold(price)})`} onConfirm={buy} onCancel={() => setAsking(false)} busy={intent.busy()}>
          <p className="text-sm" data-testid="refill-left">
            Your energy goes from {profile.energy} to {MAX_ENERGY}, and you keep {gold(profile.gold - price)}.
          </p>
        </ConfirmDialog>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}
