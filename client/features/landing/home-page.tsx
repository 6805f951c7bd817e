import { useSyncExternalStore } from 'react';
import { Link, Navigate } from 'react-router';
import { NARROW_SCREEN_PX } from '../../../game/constants';
import { Loading } from '../../components/ui';
import { useSession } from '../../lib/session';
import { PATHS } from '../../paths';

const narrowQuery = `(max-width: ${NARROW_SCREEN_PX - 1}px)`;
function useIsNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(narrowQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(narrowQuery).matches,
  );
}

const FEATURES = [
  { title: 'Scavenge', text: 'Spend energy to search the wastes. Every run turns up six finds, from feathers to heirlooms.' },
  { title: 'Research', text: 'Equip what you keep. The rarer the find, the longer it takes to understand it fully.' },
  { title: 'Show off', text: 'Fully researched treasures go into your trophy case and lift you up the leaderboard.' },
  { title: 'Talk', text: 'One live chatroom for every scavenger: trade tips, brag about finds, see who is online.' },
];

/** Spec section 2 "/": players go to their profile, phone visitors to login, others see the landing page. */
export default function HomePage() {
  const { info } = useSession();
  const narrow = useIsNarrow();
  if (!info) return <Loading />;
  if (info.user?.username) return <Navigate to={PATHS.profile} replace />;
  if (info.user) return <Navigate to={PATHS.setUsername} replace />;
  if (narrow) return <Navigate to={PATHS.login} replace />;
  return (
    <div className="mx-auto max-w-5xl px-6 py-16">
      <section className="text-center">
        <h1 className="text-5xl font-black tracking-tight">
          Find it. Study it. <span className="text-amber-700 dark:text-amber-400">Keep the best.</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Scavenger is a loot game for the few minutes you have: scavenge for random treasures, research them, build a
          trophy case worth envying and chat with everyone else out there.
        </p>
        <div className="mt-10 flex justify-center gap-4">
          <Link className="btn-primary px-6 py-3 text-lg" to={PATHS.signup}>
            Start scavenging
          </Link>
          <Link className="btn-secondary px-6 py-3 text-lg" to={PATHS.login}>
            Login
          </Link>
        </div>
      </section>
      <ul className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
            <h2 className="text-lg font-bold text-amber-800 dark:text-amber-300">{feature.title}</h2>
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{feature.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
