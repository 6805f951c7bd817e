/** The scavenge screen's questions before anything is lost for good (issue 17 and #24: no silent loss). */
import { RARITY_NAMES } from '../../../game/rules';
import { MSG } from '../../../game/messages';
import type { Item } from '../../../game/wire';
import { count } from '../../components/count';
import { ConfirmDialog } from '../../components/dialog';
import { ItemsToDestroy } from '../../components/item-dialogs';
import { researchOf } from '../../components/items';
import { useNow } from '../../components/use-now';
import type { Step } from './one-tap';
import type { Swap } from './use-loot-choice';

/** A Take/Swap that drops equipped items names them and asks first; yes sends exactly what it named. */
export function ConfirmSwapDialog({ swap, clockOffset, busy, onConfirm, onCancel }: { swap: Swap; clockOffset: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      question={`Take ${count(swap.take.length, 'find')} and destroy ${count(swap.drop.length, 'equipped item')}?`}
      confirmLabel="Yes, destroy and take"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      <ItemsToDestroy items={swap.drop} clockOffset={clockOffset} />
    </ConfirmDialog>
  );
}

/**
 * A one-tap step (docs/design.md section 9.2) that would give up something worth keeping: it names what, says the
 * gold the drops and the rest bring, and sends exactly that step on yes.
 */
export function ConfirmStepDialog({ step, clockOffset, busy, onConfirm, onCancel }: { step: Step; clockOffset: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const serverNow = useNow(1000) + clockOffset;
  const dropping = step.drop.length > 0 ? `, drop ${count(step.drop.length, 'equipped item')}` : '';
  return (
    <ConfirmDialog
      question={`Take ${count(step.take.length, 'find')}${dropping} and salvage the rest?`}
      confirmLabel="Yes, take and salvage"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      <p className="text-sm">{step.worthKeeping.length === 1 ? 'This is salvaged, not kept:' : `These ${step.worthKeeping.length} are salvaged, not kept:`}</p>
      <ul className="mt-2 space-y-1 text-sm" data-testid="worth-keeping">
        {step.worthKeeping.map((item) => {
          const research = researchOf(item, serverNow);
          return (
            <li key={item.id} data-testid="item-worth-keeping">
              <span className="font-semibold">{item.itemName}</span> · {RARITY_NAMES[item.rarity]} · quality {item.quality}
              {step.drop.includes(item) ? ` · equipped, ${research} % researched` : ' · a find'}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm font-semibold" data-testid="salvage-line">
        {MSG.salvageLine(step.gold)}
      </p>
    </ConfirmDialog>
  );
}

/**
 * A new scavenge salvages the finds not taken: with finds worth keeping among them (./one-tap.ts), it names them,
 * says what the untaken finds bring, and asks. The cancel button stays on the finds (issue #40: "Keep looking"
 * sounded like scavenging again).
 */
export function LeaveFindsDialog({ finds, gold, onConfirm, onCancel }: { finds: readonly Item[]; gold: number; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      question={`Leave ${listed(finds.map((find) => `${find.itemName} (${RARITY_NAMES[find.rarity]})`))} behind?`}
      confirmLabel="Scavenge anyway"
      cancelLabel="Stay and take them"
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="text-sm">A new scavenge salvages the finds you have not taken.</p>
      <p className="mt-2 text-sm font-semibold" data-testid="salvage-line">
        {MSG.salvageLine(gold)}
      </p>
    </ConfirmDialog>
  );
}

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]) => (names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
