/** The scavenge screen's questions before anything is lost for good (issue 17 and #24: no silent loss). */
import { RARITY_NAMES } from '../../../game/rules';
import { MSG } from '../../../game/messages';
import type { Item } from '../../../game/wire';
import { count } from '../../components/count';
import { ConfirmDialog } from '../../components/dialog';
import { ItemsToDestroy } from '../../components/item-dialogs';
import { researchOf } from '../../components/items';
import { timeLeft } from '../../components/time-left';
import { useNow } from '../../components/use-now';
import type { Step } from './one-tap';
import type { Swap } from './use-loot-choice';

/**
 * A Take/Swap that drops equipped items names them and asks first; yes sends exactly what it named. The dropped
 * items are salvaged, never "destroyed" (docs/design.md section 10.3), and the dialog says for how much.
 */
export function ConfirmSwapDialog({ swap, clockOffset, busy, onConfirm, onCancel }: { swap: Swap; clockOffset: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      question={`Take ${count(swap.take.length, 'find')} and salvage ${count(swap.drop.length, 'equipped item')}?`}
      confirmLabel="Yes, salvage and take"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      <ItemsToDestroy items={swap.drop} clockOffset={clockOffset} salvagedFor={swap.drop.reduce((sum, item) => sum + item.salvage, 0)} />
    </ConfirmDialog>
  );
}

/**
 * A one-tap step (docs/design.md section 10.3) that would lose 10 minutes of research or a Very Rare or better: it
 * names the research lost, what goes, and the gold the drops and the rest bring, and sends exactly that step on yes.
 */
export function ConfirmStepDialog({ step, clockOffset, busy, onConfirm, onCancel }: { step: Step; clockOffset: number; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const serverNow = useNow(1000) + clockOffset;
  const dropping = step.drop.length > 0 ? `, drop ${count(step.drop.length, 'equipped item')}` : '';
  const named = [...step.drop.filter((item) => step.great.includes(item) || researchOf(item, serverNow) > 0), ...step.rest.filter((find) => step.great.includes(find))];
  return (
    <ConfirmDialog
      question={`Take ${count(step.take.length, 'find')}${dropping} and salvage the rest?`}
      confirmLabel="Yes, take and salvage"
      onConfirm={onConfirm}
      onCancel={onCancel}
      busy={busy}
    >
      <p className="text-sm font-semibold" data-testid="research-lost">
        {step.researchLost > 0 ? `${timeLeft(step.researchLost)} of research lost.` : 'No research lost.'}
      </p>
      <ul className="mt-2 space-y-1 text-sm" data-testid="worth-keeping">
        {named.map((item) => (
          <li key={item.id} data-testid="item-worth-keeping">
            <span className="font-semibold">{item.itemName}</span> · {RARITY_NAMES[item.rarity]} · quality {item.quality}
            {step.drop.includes(item) ? ` · equipped, ${researchOf(item, serverNow)} % researched` : ' · a find'}
          </li>
        ))}
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
