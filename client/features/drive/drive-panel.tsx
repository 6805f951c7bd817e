/**
 * The guild Salvage Drive on the guild's page (docs/design.md section 8.6): the week's progress towards the
 * target, the top donors, and for a member what they gave, Give (./give-dialog.tsx) and Claim (with why it waits,
 * said before the tap).
 */
import { useState } from 'react';
import { MSG } from '../../../game/messages';
import { DRIVE_CASH, DRIVE_CLAIM_POINTS } from '../../../game/rules/drive';
import type { Drive } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { ReadState } from '../../components/read-state';
import { toast } from '../../lib/toasts';
import { Button } from '../../components/forms';
import { useNow } from '../../components/use-now';
import { invalidate, useRead } from '../../lib/query';
import { useIntent } from '../../lib/use-intent';
import { API } from '../../lib/api';
import { driveApi } from './api';
import { GiveDialog } from './give-dialog';
import { points } from './points';

/** How often an open drive panel reads itself again. */
const DRIVE_READ_AGAIN_MS = 15_000;

export function DrivePanel({ guildId }: { guildId: string }) {
  // Gifts arrive as live events (./world.ts); a member joining moves the target without one, so the
  // panel also reads itself again while on screen (issue #51).
  const drive = useRead(driveApi.drive(guildId), 'could not read the drive', { refetchInterval: DRIVE_READ_AGAIN_MS });
  const intent = useIntent<'give' | 'claim'>();
  const [giving, setGiving] = useState(false);
  const now = useNow(30_000);

  const give = (itemIds: string[], total: number) =>
    intent.run('give', async () => {
      await driveApi.donate(guildId, itemIds);
      setGiving(false);
      toast(`You gave ${points(total)} to the Salvage Drive.`);
      // The answer is the giver's profile: the drive's points and donors are read again.
      void invalidate(API.drive);
    });
  const claim = () =>
    intent.run('claim', async () => {
      await driveApi.claim(guildId);
      toast(`You claimed ${DRIVE_CASH} cash from the Salvage Drive.`);
      void invalidate(API.drive);
    });

  return (
    <section aria-labelledby="drive-title" className="panel p-4" data-testid="drive">
      <h2 id="drive-title" className="panel-title">
        Salvage Drive
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        Each week the guild gives fully researched items, destroyed for salvage points: what each would score in a trophy case. At the target, every member
        from before the week (every member, in a guild’s first week) who gave {DRIVE_CLAIM_POINTS} points claims {DRIVE_CASH} cash, once a week in any guild.
      </p>
      <ReadState read={drive} errorPrefix="" errorClassName="mt-3 text-sm" errorTestId="drive-error">
        {(week) => <DriveWeek drive={week} now={now} busy={intent.busy()} onGive={() => setGiving(true)} onClaim={() => void claim()} onBlocked={intent.refuse} />}
      </ReadState>
      {giving && <GiveDialog drive={drive.data} busy={intent.busy('give')} onGive={(ids, total) => void give(ids, total)} onBlocked={() => intent.refuse(MSG.nothingToDonate)} onClose={() => setGiving(false)} />}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </section>
  );
}

interface DriveWeekProps {
  drive: Drive;
  now: number;
  busy: boolean;
  onGive: () => void;
  onClaim: () => void;
  onBlocked: (message: string) => void;
}

function DriveWeek({ drive, now, busy, onGive, onClaim, onBlocked }: DriveWeekProps) {
  const met = drive.points >= drive.target;
  const share = drive.target === 0 ? 0 : Math.min(1, drive.points / drive.target);
  const wait = whyClaimWaits(drive);
  return (
    <>
      <p className="mt-3 flex flex-wrap justify-between gap-x-3 text-sm font-semibold">
        <span data-testid="drive-progress">
          {drive.points.toLocaleString('en-US')} / {points(drive.target)}
          {met ? ': target met!' : ''}
        </span>
        <span className="text-slate-600 dark:text-slate-300">Ends in {timeLeft(drive.endsAt - now)}</span>
      </p>
      <span
        role="progressbar"
        aria-label="Salvage Drive progress"
        aria-valuemin={0}
        aria-valuemax={drive.target}
        aria-valuenow={Math.min(drive.points, drive.target)}
        className="bar mt-1 block h-3"
      >
        <span className={`bar-fill block h-full ${met ? 'bg-emerald-500' : 'bg-amber-500'}`} style={{ width: `${share * 100}%` }} />
      </span>
      {drive.mine && (
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <p className="w-full text-sm" data-testid="drive-mine">
            You gave {points(drive.mine.points)} this week{drive.mine.claimed ? ' and claimed your reward' : ''}.
          </p>
          <Button className="btn-secondary" disabled={busy} onClick={onGive}>
            Give items
          </Button>
          <ReasonedButton className="btn-game" reasonClassName="max-w-64" reason={wait?.reason ?? null} whenBlocked={() => wait && onBlocked(wait.refusal)} disabled={busy} onClick={onClaim}>
            Claim {DRIVE_CASH} cash
          </ReasonedButton>
        </div>
      )}
      <h3 className="mt-4 text-sm font-bold">Top donors this week</h3>
      {drive.donors.length === 0 ? (
        <p className="mt-1 text-sm" data-testid="drive-empty">
          Nobody has given to this week’s drive yet.
        </p>
      ) : (
        <ol className="mt-1 space-y-1 text-sm" data-testid="drive-donors">
          {drive.donors.map((donor) => (
            <li key={donor.username} className="flex justify-between gap-3">
              <span className="truncate font-medium">{donor.username}</span>
              <span className="tabular-nums">{points(donor.points)}</span>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** Why a claim would be refused, in the server's order (what no giving changes first), and its words; null when it can go. */
function whyClaimWaits(drive: Drive): { reason: string; refusal: string } | null {
  const mine = drive.mine;
  if (!mine) return null;
  if (mine.claimed) return { reason: 'Claimed this week.', refusal: MSG.driveClaimed };
  if (mine.claimedElsewhere) return { reason: 'Claimed in another guild this week.', refusal: MSG.driveClaimedElsewhere };
  if (!mine.canClaim) return { reason: 'You joined this week: next week’s drive is yours.', refusal: MSG.driveJoinedLate };
  if (drive.points < drive.target) return { reason: `${points(drive.target - drive.points)} to go.`, refusal: MSG.driveNotMet(drive.target - drive.points) };
  if (mine.points < DRIVE_CLAIM_POINTS) return { reason: `Give ${points(DRIVE_CLAIM_POINTS - mine.points)} more to claim.`, refusal: MSG.driveTooLittle(DRIVE_CLAIM_POINTS - mine.points) };
  return null;
}
