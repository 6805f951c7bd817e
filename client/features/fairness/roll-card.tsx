/** One stored roll: what it drew, and whether the revealed server seed gives exactly that, checked in the browser. */
import { useState } from 'react';
import { catalogueById } from '../../../game/rules/catalogue';
import type { StoredOutcome } from '../../../game/rules/fair';
import type { FairRoll } from '../../../game/wire';
import { verdictOf, type Verdict } from '../../../game/rules/fair-verdict';

const when = (time: number) => new Date(time).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
/** A packed scavenge keeps only its UTC day (docs/decisions/013-verifiable-rolls.md): shown as that date. */
const onDay = (day: number) => `${new Date(day).toLocaleDateString([], { month: 'short', day: 'numeric', timeZone: 'UTC' })} (UTC)`;

export function RollCard({ roll, checkAtOnce = false }: { roll: FairRoll; checkAtOnce?: boolean }) {
  const [checked, setChecked] = useState<Verdict | null>(() => (checkAtOnce ? verdictOf(roll) : null));
  const sealed = roll.revealedServerSeed === null;
  const label = roll.outcome.kind === 'scavenge' ? 'Scavenge' : 'Fight';
  return (
    <article aria-label={`${label}, nonce ${roll.nonce}`} className="rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-700" data-testid="roll">
      <p className="flex flex-wrap items-baseline gap-x-3 text-sm">
        <span className="font-bold">{label}</span>
        <span className="text-slate-600 dark:text-slate-400">nonce {roll.nonce}</span>
        {roll.createdAt === null ? (
          <time className="text-slate-600 dark:text-slate-400" dateTime={new Date(roll.day).toISOString().slice(0, 10)}>
            {onDay(roll.day)}
          </time>
        ) : (
          <time className="text-slate-600 dark:text-slate-400" dateTime={new Date(roll.createdAt).toISOString()}>
            {when(roll.createdAt)}
          </time>
        )}
      </p>
      <OutcomeText outcome={roll.outcome} />
      {sealed ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Not checkable yet: its server seed is still in use. Reveal it above to check this roll.</p>
      ) : (
        !checkAtOnce && (
          <button type="button" className="btn-secondary mt-2" onClick={() => setChecked(verdictOf(roll))}>
            Check this roll
          </button>
        )
      )}
      <div role="status">{checked && <VerdictText verdict={checked} />}</div>
    </article>
  );
}

function VerdictText({ verdict }: { verdict: Verdict }) {
  switch (verdict.kind) {
    case 'verified':
      return (
        <p className="mt-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300" data-testid="verdict">
          Verified: the revealed seed gives exactly this outcome.
        </p>
      );
    case 'mismatch':
      return (
        <div className="mt-2 text-sm" data-testid="verdict">
          <p className="font-semibold text-red-700 dark:text-red-300">Does not match. {verdict.reason}</p>
          <p className="mt-1">The revealed seed gives:</p>
          <OutcomeText outcome={verdict.recomputed} />
        </div>
      );
    case 'sealed':
      return <p className="mt-2 text-sm">Not checkable yet: its server seed is still in use.</p>;
    case 'other-rules':
      return (
        <p className="mt-2 text-sm" data-testid="verdict">
          This roll was made under loot tables or fight rules this page no longer has, so it cannot be checked here.
        </p>
      );
  }
}

function OutcomeText({ outcome }: { outcome: StoredOutcome }) {
  if (outcome.kind === 'scavenge') {
    return (
      <p className="mt-1 text-sm" data-testid="outcome">
        {outcome.finds.map((find) => `${catalogueById(find.catalogId)?.name ?? find.catalogId} (quality ${find.quality})`).join(', ')}
      </p>
    );
  }
  const { attacker, defender, result } = outcome;
  return (
    <p className="mt-1 text-sm" data-testid="outcome">
      Attack {attacker.attack} and defense {attacker.defense} against attack {defender.attack} and defense {defender.defense}: the {result.winner} won after{' '}
      {result.rounds.length} strikes ({result.rounds.map((round) => round.damage).join(', ')} damage).
    </p>
  );
}
