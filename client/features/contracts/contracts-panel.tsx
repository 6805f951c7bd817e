/**
 * Today's contracts on the profile (docs/design.md section 8.2): what each asks, how far along it is, its
 * reward and its claim; the bonus for all three, the streak and when new contracts come. A claim the server
 * would refuse says why beside its button (not finished: how much is left); a press shows the server's words.
 */
import { MSG } from '../../../game/messages';
import { BONUS_REWARD, bonusContracts, contractText, STREAK_CASH, STREAK_LENGTH } from '../../../game/rules/contracts';
import type { Contract, Contracts } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { ReadState } from '../../components/read-state';
import { ReasonedButton } from '../../components/reasoned-button';
import { timeLeft } from '../../components/time-left';
import { toast } from '../../lib/toasts';
import { useNow } from '../../components/use-now';
import { API } from '../../lib/api';
import { invalidate, useRead } from '../../lib/query';
import { useIntent } from '../../lib/use-intent';
import { contractsApi } from './api';

const rewardText = ({ cash, gold }: { cash: number; gold: number }) => [cash > 0 ? `${cash} cash` : null, gold > 0 ? `${gold} gold` : null].filter(Boolean).join(' and ');

export default function ContractsPanel() {
  const loaded = useRead(contractsApi.today, 'could not read the contracts');
  const intent = useIntent<string>();
  const now = useNow();
  const data = loaded.data;

  const claim = (name: string, send: () => Promise<unknown>, done: string) =>
    intent.run(
      name,
      async () => {
        await send();
        toast(done);
        void invalidate(API.contracts);
      },
      () => void invalidate(API.contracts),
    );

  return (
    <section className="panel p-4" aria-labelledby="contracts-title" data-testid="contracts">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id="contracts-title" className="text-lg font-bold">
          Today&apos;s contracts
        </h2>
        {data && (
          <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="contracts-reset">
            New contracts in {timeLeft(Math.max(0, data.resetsAt - now))}
          </p>
        )}
      </div>
      <ReadState
        read={loaded}
        errorPrefix="Could not load your contracts: "
        errorClassName="mt-3 text-sm"
        loading={
          <p role="status" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
            Loading contracts…
          </p>
        }
      >
        {(data) => (
          <>
            <ol className="mt-3 space-y-3">
              {data.contracts.map((contract) => (
                <ContractRow
                  key={contract.slot}
                  contract={contract}
                  busy={intent.busy()}
                  onClaim={() => void claim(`slot-${contract.slot}`, () => contractsApi.claim(contract.slot), `Contract done: +${rewardText(contract.reward)}.`)}
                  onBlocked={() => intent.refuse(MSG.contractNotFinished)}
                />
              ))}
            </ol>
            <Bonus
              data={data}
              busy={intent.busy()}
              onClaim={(done) => void claim('bonus', () => contractsApi.claimBonus(), done)}
              onBlocked={() => intent.refuse(MSG.contractNotFinished)}
            />
          </>
        )}
      </ReadState>
      {loaded.error && (
        <button type="button" className="btn-secondary mt-2" onClick={loaded.reload}>
          Try again
        </button>
      )}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </section>
  );
}

function ContractRow({ contract, busy, onClaim, onBlocked }: { contract: Contract; busy: boolean; onClaim: () => void; onBlocked: () => void }) {
  const { progress, target, claimedAt } = contract;
  const text = contractText(contract);
  const left = target - progress;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="contract">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{text}</p>
        <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          <span aria-hidden="true" className="block h-1.5 w-20 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
            <span className="block h-full bg-amber-500" style={{ width: `${(progress / target) * 100}%` }} />
          </span>
          <span data-testid="contract-progress">
            {progress}/{target}
          </span>
          <span>· +{rewardText(contract.reward)}</span>
        </p>
      </div>
      {claimedAt !== null ? (
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300" data-testid="contract-claimed">
          Claimed
        </p>
      ) : (
        <ReasonedButton
          className="btn-primary min-w-24"
          wrapperClassName="items-end"
          reason={left > 0 ? `${left} more to go.` : null}
          aria-label={`Claim: ${text}`}
          whenBlocked={onBlocked}
          onClick={onClaim}
          disabled={busy}
        >
          Claim
        </ReasonedButton>
      )}
    </li>
  );
}

function Bonus({ data, busy, onClaim, onBlocked }: { data: Contracts; busy: boolean; onClaim: (done: string) => void; onBlocked: () => void }) {
  // On a day whose third contract is a craft, the bonus asks for the other two (docs/design.md section 9.8).
  const asked = bonusContracts(data.contracts);
  const all = asked.length === data.contracts.length;
  const unclaimed = asked.filter((contract) => contract.claimedAt === null).length;
  // Claiming today's bonus makes the streak one longer; the seventh day in a row pays the streak's cash too.
  const nextStreak = data.bonusClaimedAt === null ? data.streak + 1 : data.streak;
  const weekDone = nextStreak % STREAK_LENGTH === 0;
  const reward = rewardText({ cash: BONUS_REWARD.cash + (weekDone ? STREAK_CASH : 0), gold: BONUS_REWARD.gold });
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 pt-3 dark:border-slate-800">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {all ? 'All three' : 'The first two (no craft needed)'}: +{reward}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="streak">
          {data.streak === 0 ? 'No streak yet' : `Streak: ${data.streak} ${data.streak === 1 ? 'day' : 'days'}`} · every {STREAK_LENGTH}th day in a row adds {STREAK_CASH} cash; a
          missed day starts again.
        </p>
      </div>
      {data.bonusClaimedAt !== null ? (
        <p className="text-sm font-semibold text-emerald-700 dark:text-emerald-300" data-testid="bonus-claimed">
          Claimed: all done for today
        </p>
      ) : (
        <ReasonedButton
          className="btn-game min-w-24"
          wrapperClassName="items-end"
          reason={unclaimed > 0 ? `Claim ${all ? 'all three' : 'both'} first (${unclaimed} left).` : null}
          aria-label={`Claim the bonus for ${all ? 'all three' : 'both'}`}
          whenBlocked={onBlocked}
          onClick={() => onClaim(`${all ? 'All three' : 'Both contracts'} done: +${reward}.`)}
          disabled={busy}
        >
          Claim
        </ReasonedButton>
      )}
    </div>
  );
}
