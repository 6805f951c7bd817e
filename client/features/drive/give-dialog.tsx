/**
 * The Salvage Drive's Give dialog (docs/design.md sections 8.6 and 9.9): the giver's fully researched items with
 * the points each gives, what is destroyed, and before anything is chosen whether the giver can claim this week's
 * reward, and why not, so nobody gives for a reward they cannot have.
 */
import { useState } from 'react';
import { DRIVE_CASH, DRIVE_CLAIM_POINTS, salvagePoints } from '../../../game/rules/drive';
import type { Drive, Item } from '../../../game/wire';
import { Dialog } from '../../components/dialog';
import { researchOf } from '../../components/items';
import { RarityLabel } from '../../components/rarity';
import { ReasonedButton } from '../../components/reasoned-button';
import { Loading } from '../../components/ui';
import { useNow } from '../../components/use-now';
import { usePlayer } from '../../lib/player';
import { useSignedInPlayer } from '../../lib/session';
import { points } from './points';

/** Whether the giver can claim this week, and why not, in the server's order (worker/features/drive/decide.ts). */
export function claimLine(drive: Drive, mine: NonNullable<Drive['mine']>): { canClaim: boolean; text: string } {
  if (mine.canClaim) {
    const more = Math.max(0, DRIVE_CLAIM_POINTS - mine.points);
    const met = drive.points >= drive.target;
    if (more === 0) return { canClaim: true, text: met ? `You have given enough to claim ${DRIVE_CASH} cash this week.` : `You can claim ${DRIVE_CASH} cash this week once the target is met.` };
    return { canClaim: true, text: `You can claim ${DRIVE_CASH} cash this week once you have given ${points(more)} more${met ? '' : ' and the target is met'}.` };
  }
  const why = mine.claimed
    ? 'You already claimed this week’s reward'
    : mine.claimedElsewhere
      ? 'You already claimed a Salvage Drive reward this week, in another guild'
      : 'You joined this guild this week, so only next week’s drive can pay you';
  return { canClaim: false, text: `${why}: what you give now helps the guild, not you.` };
}

interface GiveDialogProps {
  /** The week's drive, with the giver's part; null while it is not read. */
  drive: Drive | null;
  busy: boolean;
  onGive: (itemIds: string[], total: number) => void;
  onBlocked: () => void;
  onClose: () => void;
}

/** The player's fully researched items with the points each gives; the chosen ones are destroyed. */
export function GiveDialog({ drive, busy, onGive, onBlocked, onClose }: GiveDialogProps) {
  const { uid } = useSignedInPlayer();
  const { profile, clockOffset } = usePlayer(uid);
  const now = useNow(1000);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const items = profile ? [...profile.inventory, ...profile.duffelBag].filter((item) => researchOf(item, now + clockOffset) >= 100) : [];
  const worth = (item: Item) => salvagePoints(item.rarity, item.quality);
  const total = items.filter((item) => chosen.has(item.id)).reduce((sum, item) => sum + worth(item), 0);
  const toggle = (id: string) => setChosen((before) => (before.has(id) ? new Set([...before].filter((other) => other !== id)) : new Set([...before, id])));
  const claim = drive?.mine ? claimLine(drive, drive.mine) : null;
  return (
    <Dialog
      title="Give to the Salvage Drive"
      onClose={onClose}
      testId="give-dialog"
      actions={
        <>
          <button type="button" className="btn-secondary min-w-24" onClick={onClose}>
            Cancel
          </button>
          <ReasonedButton
            className="btn-danger"
            reason={chosen.size === 0 ? 'Choose the items to give.' : null}
            whenBlocked={onBlocked}
            disabled={busy}
            onClick={() => onGive([...chosen], total)}
          >
            {chosen.size === 0 ? 'Destroy and give' : `Destroy ${chosen.size} for ${points(total)}`}
          </ReasonedButton>
        </>
      }
    >
      {claim && (
        <p className={`text-sm font-semibold ${claim.canClaim ? '' : 'text-amber-800 dark:text-amber-300'}`} data-testid="give-claim">
          {claim.text}
        </p>
      )}
      <p className={`text-sm ${claim ? 'mt-2' : ''}`}>Given items are destroyed. Only fully researched items from your inventory and duffel bag can be given.</p>
      {!profile ? (
        <Loading />
      ) : items.length === 0 ? (
        <p className="mt-3 text-sm font-medium" data-testid="give-empty">
          You have no fully researched items to give. Research finishes while items stay equipped.
        </p>
      ) : (
        <ul className="mt-3 max-h-72 space-y-1 overflow-y-auto" data-testid="give-items">
          {items.map((item) => (
            <li key={item.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
                <input type="checkbox" className="h-5 w-5 accent-amber-600" checked={chosen.has(item.id)} onChange={() => toggle(item.id)} />
                <span className="min-w-0 flex-1">
                  <span className="font-semibold">{item.itemName}</span> <RarityLabel rarity={item.rarity} className="text-xs" /> · quality {item.quality}
                </span>
                <span className="tabular-nums">{points(worth(item))}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
