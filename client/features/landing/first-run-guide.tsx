/**
 * The first-run guide (issue 17): right after choosing a username, three steps of the game's loop and a
 * "Scavenge now" that starts it. Shown once (client/lib/first-run.ts says where that is remembered), and only
 * over a profile that shows no play yet: it waits for the profile, and a profile with a scavenge, a kept find or
 * a trophy ends it unseen (issue 24, point 9), so it never covers the finds of a player who already played.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { INVENTORY_SIZE, LOOT_PER_SCAVENGE, SCAVENGE_COST } from '../../../game/constants';
import { Dialog } from '../../components/dialog';
import { usePlayer } from '../../lib/player';
import { firstRun, hasPlayed } from '../../lib/first-run';
import { useSignedInPlayer } from '../../lib/session';
import { PATHS } from '../../paths';

const STEPS = [
  { title: 'Scavenge', text: `Each scavenge costs ${SCAVENGE_COST} energy and turns up ${LOOT_PER_SCAVENGE} finds. Energy comes back by itself over time.` },
  { title: 'Keep the best', text: `Take the finds you want into your ${INVENTORY_SIZE} inventory slots; the stronger the gear you keep, the stronger you are.` },
  { title: 'Research', text: 'What you keep is researched while it sits in your inventory. Fully researched finds can go into your trophy case, which ranks you on the leaderboard.' },
];

export default function FirstRunGuide() {
  const { profile } = usePlayer(useSignedInPlayer().uid);
  const played = profile ? hasPlayed(profile) : null;
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (played) firstRun.finish();
  }, [played]);
  if (!open || played !== false) return null;
  const close = () => {
    firstRun.finish();
    setOpen(false);
  };
  return (
    <Dialog
      title="Welcome, scavenger! Three steps to start"
      onClose={close}
      testId="first-run-guide"
      actions={
        <>
          <button type="button" className="btn-secondary" onClick={close}>
            Not now
          </button>
          <Link className="btn-game" to={PATHS.scavenge} onClick={close} data-autofocus>
            Scavenge now
          </Link>
        </>
      }
    >
      <ol className="space-y-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex gap-3">
            <span aria-hidden="true" className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-amber-500 font-black text-slate-950">
              {index + 1}
            </span>
            <div>
              <h3 className="font-bold">{step.title}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
