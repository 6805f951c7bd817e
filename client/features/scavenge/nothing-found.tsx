import { Link } from 'react-router';
import { LOOT_PER_SCAVENGE } from '../../../game/constants';
import { PATHS } from '../../paths';

/** What the leaderboard ranks, said where a new player decides what to keep (issue #24). */
const LEADERBOARD_COUNTS = 'The leaderboard counts your trophy case: keep finds equipped until they are fully researched, then add them as trophies.';

/** Where the finds show before the first scavenge: what a scavenge gives and what is worth keeping. */
export function NothingFoundYet() {
  return (
    <section className="panel flex min-h-40 flex-col items-center justify-center p-6 text-center text-slate-600 dark:text-slate-400">
      <p className="font-semibold">Nothing found yet.</p>
      <p className="mt-1 text-sm">Each scavenge turns up {LOOT_PER_SCAVENGE} finds. Keep the best ones.</p>
      <p className="mt-1 text-sm" data-testid="leaderboard-counts">
        {LEADERBOARD_COUNTS}
      </p>
      <OddsLink />
    </section>
  );
}

export function OddsLink() {
  return (
    <Link to={PATHS.odds} className="link link-target text-sm">
      See the odds
    </Link>
  );
}
