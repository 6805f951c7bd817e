/**
 * The arena (docs/design.md section 7.1): the player's standing, two tabs (fights: opponents, recent fights and the
 * rating ladder; sparring: what the sparring feature puts in the `arena.sparring` slot, docs/design.md section 10.2),
 * and the fight played back. Sparring is the first tab for a protected new player, fights for everyone else; `?tab=`
 * opens either, and `?q=name` (a player card's Fight link) the fights. The server decides every fight; this screen
 * sends the intent and shows the answer, whose profile refreshes energy and gold everywhere.
 */
import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_ENERGY, USERNAME_PREFIX_PATTERN } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import { energyAt } from '../../../game/rules/energy';
import { FIGHT_ENERGY_COST, protectionHoursLeft } from '../../../game/rules/fight';
import type { Fight } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { usePlayer } from '../../lib/player';
import { useNow } from '../../components/use-now';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { API } from '../../lib/api';
import { invalidate, useRead } from '../../lib/query';
import { arenaApi } from './api';
import { FightReplay } from './fight-replay';
import { Ladder } from './ladder';
import { Opponents } from './opponents';
import { RecentFights } from './recent-fights';
import { Tabs } from '../../components/tabs';
import { timeLeft } from '../../components/time-left';
import { Loading, ScreenHeading } from '../../components/ui';
import type { ScreenProps } from '../../lib/feature';

declare module '../../lib/feature' {
  interface Slots {
    /** Sparring's panel (docs/design.md section 10.2); it hands the spar back to be played like any fight. */
    'arena.sparring': ComponentType<{ onSparred: (fight: Fight) => void }>;
  }
}

type Tab = 'fights' | 'sparring';
const TAB_LABELS: Record<Tab, string> = { fights: 'Fights', sparring: 'Sparring' };

export function ArenaPage({ slots }: ScreenProps<'arena.sparring'>) {
  const Sparring = slots['arena.sparring'];
  const { uid, username } = useSignedInPlayer();
  const { profile, receivedAt } = usePlayer(uid);
  // `?q=name` (a player card's Fight link) opens the list searched for that player.
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => {
    const wanted = params.get('q') ?? '';
    return USERNAME_PREFIX_PATTERN.test(wanted) ? wanted : '';
  });
  const arena = useRead(arenaApi.arena(search), 'could not read the arena');
  const fights = useRead(arenaApi.fights, 'could not read the fights');
  const intent = useIntent<'fight'>();
  const [replay, setReplay] = useState<Fight | null>(null);
  const now = useNow(1000);
  const serverNow = now + (arena.data?.clockOffset ?? 0);

  const fight = (defender: string) =>
    intent.run(
      'fight',
      async () => {
        const result = await arenaApi.fight(defender);
        setReplay(result.fight);
        void invalidate(API.arena, API.fights);
      },
      // The list may be older than the refusal (someone else beat them meanwhile): show what is true now.
      () => void invalidate(API.arena),
    );

  const me = arena.data?.me;
  const recoveringMs = me ? me.recoveringUntil - serverNow : 0;
  const protectedHours = me && me.protectedUntil > serverNow ? protectionHoursLeft(me.protectedUntil, serverNow) : null;
  // Too little energy is said before a press, with when there will be enough (issue #24); a press shows the
  // spec's refusal without sending the fight.
  const fightBlocked =
    profile && profile.energy < FIGHT_ENERGY_COST
      ? `A fight takes ${FIGHT_ENERGY_COST} energy and you have ${profile.energy}: enough in ${timeLeft(energyAt(profile.energy, profile.secondsToNextEnergy, receivedAt, FIGHT_ENERGY_COST) - now)}.`
      : null;

  // Sparring first for a protected newcomer: nobody can attack them yet, and attacking would end it.
  const order: Tab[] = protectedHours !== null ? ['sparring', 'fights'] : ['fights', 'sparring'];
  const asked = params.get('tab');
  const tab: Tab = asked === 'fights' || asked === 'sparring' ? asked : params.has('q') ? 'fights' : order[0]!;
  const choose = (next: Tab) =>
    setParams(
      (current) => {
        const kept = new URLSearchParams(current);
        kept.set('tab', next);
        return kept;
      },
      { replace: true },
    );
  const sparred = (fight: Fight) => {
    setReplay(fight);
    void invalidate(API.fights);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <section
        aria-labelledby="arena-title"
        className="surface-dark overflow-hidden rounded-2xl bg-linear-to-br from-slate-900 via-slate-800 to-rose-950 text-white shadow-lg ring-1 ring-rose-500/30"
      >
        <div className="px-5 pt-5">
          <ScreenHeading id="arena-title" title="Arena" className="text-3xl font-black tracking-tight" />
          <p className="text-sm text-slate-200">Fight other scavengers for gold, rating and XP.</p>
        </div>
        <dl className="mt-4 grid grid-cols-4 gap-px bg-white/10">
          <HeaderStat label="Rating" testId="arena-rating">
            {me?.rating ?? '…'}
          </HeaderStat>
          <HeaderStat label="Record" testId="arena-record">
            {me ? `${me.wins}–${me.losses}` : '…'}
          </HeaderStat>
          <HeaderStat label="Energy" testId="arena-energy">
            {profile ? `${profile.energy}/${MAX_ENERGY}` : '…'}
          </HeaderStat>
          <HeaderStat label="Gold" testId="arena-gold">
            {profile?.gold ?? '…'}
          </HeaderStat>
        </dl>
        {recoveringMs > 0 && (
          <p className="bg-slate-950/40 px-5 py-2 text-sm text-rose-100" data-testid="me-recovering">
            You are recovering: <strong className="tabular-nums">{timeLeft(recoveringMs)}</strong> left. Nobody can attack you until then, unless you attack first: that ends it.
          </p>
        )}
        {protectedHours !== null && (
          <p className="bg-slate-950/40 px-5 py-2 text-sm text-sky-100" data-testid="me-protected">
            You are new here: nobody can attack you for <strong className="tabular-nums">{protectedHours} h</strong>, unless you attack first: that ends
            it.
          </p>
        )}
      </section>

      {/* The tabs wait for the standing, which says whether the player is protected and so which tab comes first. */}
      {!me && !arena.error ? (
        <Loading />
      ) : (
        <Tabs label="Arena" tabs={order.map((id) => ({ id, label: TAB_LABELS[id] }))} open={tab} onOpen={choose}>
          {tab === 'sparring' ? (
            <Suspense fallback={<Loading />}>
              <Sparring onSparred={sparred} />
            </Suspense>
          ) : (
            <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
              <Opponents
                opponents={{ data: arena.data?.opponents ?? null, error: arena.error }}
                search={search}
                onSearch={setSearch}
                serverNow={serverNow}
                myPower={profile ? profile.totalAttack + profile.totalDefense : null}
                blocked={fightBlocked}
                onBlocked={() => intent.refuse(MSG.notEnoughEnergy)}
                onFight={(defender) => void fight(defender)}
              />
              <div className="space-y-4">
                <RecentFights fights={fights} me={username} onReplay={setReplay} />
                {arena.data && <Ladder ladder={arena.data.ladder} me={username} />}
              </div>
            </div>
          )}
        </Tabs>
      )}

      {replay && <FightReplay fight={replay} me={username} onClose={() => setReplay(null)} />}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
  );
}

function HeaderStat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0 bg-slate-900/60 px-1 py-2 text-center">
      <dt className="truncate text-[0.65rem] font-semibold uppercase tracking-wider text-slate-300 sm:text-[0.7rem]">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-amber-300">
        <span data-testid={testId}>{children}</span>
      </dd>
    </div>
  );
}
