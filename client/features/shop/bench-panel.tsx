/**
 * The research bench (docs/design.md section 9.3): an inventory item still under research moves to the bench in
 * the duffel bag, where it keeps researching, so its slot takes a new find. One item at a time, BENCH_GOLD each.
 * It lists the items it can take, says what is on the bench and why it would refuse, and asks first, naming the
 * item and the price; the server decides, and a refusal shows its words. A double tap buys once (useIntent).
 */
import { useState } from 'react';
import { MSG } from '../../../game/messages';
import { BENCH_GOLD } from '../../../game/rules/shop';
import type { Item, Profile } from '../../../game/wire';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { researchOf, researchWait } from '../../components/items';
import { Panel } from '../../components/panel';
import { ReadState } from '../../components/read-state';
import { ReasonedButton } from '../../components/reasoned-button';
import { toast } from '../../lib/toasts';
import { useNow } from '../../components/use-now';
import { usePlayer } from '../../lib/player';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { shopApi } from './api';

const gold = (n: number) => `${n.toLocaleString('en-US')} gold`;
const named = (item: Item) => `${item.itemName} (Q${item.quality})`;

export function BenchPanel() {
  const { uid } = useSignedInPlayer();
  const { profile, error, clockOffset } = usePlayer(uid);
  return (
    <Panel id="bench-title" title="Research bench">
      <ReadState read={{ data: profile, error }} errorClassName="mt-2 text-sm">
        {(read) => <Bench profile={read} clockOffset={clockOffset} />}
      </ReadState>
    </Panel>
  );
}

function Bench({ profile, clockOffset }: { profile: Profile; clockOffset: number }) {
  const intent = useIntent<'bench'>();
  const [asking, setAsking] = useState<Item | null>(null);
  const serverNow = useNow(1000) + clockOffset;
  const onBench = profile.duffelBag.find((item) => item.equippedAt !== null && researchOf(item, serverNow) < 100);
  const researching = profile.inventory.filter((item) => researchOf(item, serverNow) < 100);
  const noRoom = profile.duffelBag.length >= profile.duffelBagSize;
  const reason = onBench ? MSG.benchBusy : noRoom ? MSG.benchNeedsRoom : profile.gold < BENCH_GOLD ? `You need ${gold(BENCH_GOLD - profile.gold)} more.` : null;
  const refusal = onBench ? MSG.benchBusy : noRoom ? MSG.benchNeedsRoom : profile.gold < BENCH_GOLD ? MSG.notEnoughGold : null;
  const move = (item: Item) =>
    void intent.run('bench', async () => {
      try {
        await shopApi.bench(item.id);
        toast(`${named(item)} researches on the bench. Its slot is free for a new find.`);
      } finally {
        setAsking(null);
      }
    });
  return (
    <div className="mt-2 space-y-2 text-sm" data-testid="bench">
      <p>
        An item under research moves from its slot to the bench in your duffel bag and keeps researching there, so the slot can take a new find. One item at a time, {gold(BENCH_GOLD)} each.
      </p>
      <p data-testid="bench-state">
        {onBench ? `On the bench: ${named(onBench)}, ${researchWait(onBench, serverNow)}.` : 'The bench is free.'} You have {gold(profile.gold)} and {profile.duffelBagSize - profile.duffelBag.length} free{' '}
        {profile.duffelBagSize - profile.duffelBag.length === 1 ? 'slot' : 'slots'} in your duffel bag.
      </p>
      {researching.length === 0 ? (
        <p data-testid="bench-empty" className="text-slate-600 dark:text-slate-300">
          Nothing in your inventory is under research.
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Items under research">
          {researching.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="bench-item">
              <span>
                {named(item)}: {researchWait(item, serverNow)}
              </span>
              <ReasonedButton className="btn-game" reason={reason} whenBlocked={() => refusal && intent.refuse(refusal)} onClick={() => setAsking(item)} disabled={intent.busy()}>
                Move {item.itemName} to the bench ({gold(BENCH_GOLD)})
              </ReasonedButton>
            </li>
          ))}
        </ul>
      )}
      {asking && (
        <ConfirmDialog question={`Move ${named(asking)} to the bench for ${gold(BENCH_GOLD)}?`} confirmLabel={`Move (${gold(BENCH_GOLD)})`} onConfirm={() => move(asking)} onCancel={() => setAsking(null)} busy={intent.busy()}>
          <p className="text-sm" data-testid="bench-left">
            It keeps researching in your duffel bag ({researchWait(asking, serverNow)}), and you keep {gold(profile.gold - BENCH_GOLD)}.
          </p>
        </ConfirmDialog>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}
