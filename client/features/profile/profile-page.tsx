import { MAX_ENERGY } from '../../../game/constants';
import { Loading } from '../../components/ui';
import { useProfile } from './api';

/** Spec section 2 "Profile header card". The inventory, duffel bag and trophy case arrive with the game. */
export default function ProfilePage() {
  const { profile, error } = useProfile();
  if (error) return <p role="alert" className="p-8 text-red-600">Error fetching user data: {error}</p>;
  if (!profile) return <Loading />;
  const stats: [string, string | number][] = [
    ['Attack', profile.totalAttack],
    ['Defense', profile.totalDefense],
    ['Rank', profile.ranking],
    ['Energy', profile.energy >= MAX_ENERGY ? `${profile.energy} (max)` : profile.energy],
    ['Gold', profile.gold],
    ['Cash', profile.cash],
  ];
  return (
    <section className="mx-auto max-w-3xl px-4 py-6">
      <div className="rounded-2xl bg-white p-6 shadow ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800" data-testid="profile-header">
        <h1 className="text-2xl font-bold">{profile.username}</h1>
        <dl className="mt-4 grid grid-cols-3 gap-4 sm:grid-cols-6">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs uppercase tracking-wide text-slate-500 dark:text-slate-400">{label}</dt>
              <dd className="text-lg font-semibold" data-testid={`stat-${label.toLowerCase()}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
