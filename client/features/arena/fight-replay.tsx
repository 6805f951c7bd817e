/**
 * A fight played back strike by strike (docs/design.md section 7.1): two HP bars, a log of strikes, then the
 * result as the reader sees it. About 400 ms a strike, so a fight of 10 strikes takes 4 seconds; under
 * prefers-reduced-motion everything shows at once.
 */
import { useEffect, useRef, useState } from 'react';
import { MSG } from '../../../game/messages';
import { FIGHT_HP } from '../../../game/rules/fight';
import type { Fight, FightRound } from '../../../game/wire';
import { CloseButton, Dialog } from '../../components/dialog';
import { outcomeFor, signed } from './outcome';
import { Link } from 'react-router';
import { rollPath } from '../../paths';

const STRIKE_MS = 400;

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function FightReplay({ fight, me, onClose }: { fight: Fight; me: string; onClose: () => void }) {
  const { rounds } = fight;
  const [played, setPlayed] = useState(() => (reducedMotion() ? rounds.length : 0));
  const done = played >= rounds.length;
  const log = useRef<HTMLOListElement>(null);

  useEffect(() => {
    if (done) return;
    const timer = window.setTimeout(() => setPlayed((n) => n + 1), STRIKE_MS);
    return () => window.clearTimeout(timer);
  }, [played, done]);
  // The newest strike stays in view.
  useEffect(() => {
    log.current?.scrollTo({ top: log.current.scrollHeight });
  }, [played]);

  const last = rounds[played - 1];
  return (
    <Dialog
      title={`${fight.attacker} vs ${fight.defender}`}
      onClose={onClose}
      testId="fight-replay"
      actions={<CloseButton onClose={onClose} autoFocus />}
    >
      <div className="grid grid-cols-2 gap-3">
        <Fighter name={fight.attacker} side="Attacker" hp={last?.attackerHp ?? FIGHT_HP} struck={last?.by === 'defender'} />
        <Fighter name={fight.defender} side="Defender" hp={last?.defenderHp ?? FIGHT_HP} struck={last?.by === 'attacker'} />
      </div>
      {/*
        The log scrolls by itself, so the whole fight fits a phone's screen; it takes the focus so a keyboard
        can scroll it too. A live region: each strike is read as it lands, not only the result.
      */}
      <ol ref={log} tabIndex={0} aria-label="Strikes" aria-live="polite" aria-relevant="additions" className="mt-4 max-h-40 space-y-1 overflow-y-auto text-sm sm:max-h-64" data-testid="strikes">
        {rounds.slice(0, played).map((round, index) => (
          <li key={index} className="strike-in flex gap-2">
            <span className="w-5 shrink-0 text-right tabular-nums text-slate-600 dark:text-slate-400">{index + 1}.</span>
            <StrikeText fight={fight} round={round} />
          </li>
        ))}
      </ol>
      {/* Always in the page, so the result is announced when it arrives. */}
      <div aria-live="polite">{done && <Result fight={fight} me={me} />}</div>
    </Dialog>
  );
}

function Fighter({ name, side, hp, struck }: { name: string; side: string; hp: number; struck: boolean }) {
  const percent = (hp / FIGHT_HP) * 100;
  const colour = percent > 50 ? 'bg-emerald-500' : percent > 20 ? 'bg-amber-500' : 'bg-red-500';
  return (
    <div className={`min-w-0 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700 ${struck ? 'hit' : ''}`}>
      <p className="truncate font-bold">{name}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">{side}</p>
      <div
        role="progressbar"
        aria-label={`${name} HP`}
        aria-valuemin={0}
        aria-valuemax={FIGHT_HP}
        aria-valuenow={hp}
        aria-valuetext={`${hp} of ${FIGHT_HP} HP`}
        className="bar mt-2 h-3"
      >
        <span className={`bar-fill duration-300 ${colour}`} style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-sm font-semibold tabular-nums" aria-hidden="true">
        {hp}/{FIGHT_HP} HP
      </p>
    </div>
  );
}

function StrikeText({ fight, round }: { fight: Fight; round: FightRound }) {
  const [hitter, target, left] =
    round.by === 'attacker' ? [fight.attacker, fight.defender, round.defenderHp] : [fight.defender, fight.attacker, round.attackerHp];
  return (
    <span>
      {hitter} hits {target} for <strong className="tabular-nums">{round.damage}</strong> ({left} HP left).
    </span>
  );
}

function Result({ fight, me }: { fight: Fight; me: string }) {
  const outcome = outcomeFor(fight, me);
  return (
    <div className="mt-4 rounded-xl bg-slate-100 p-4 text-center dark:bg-slate-800" data-testid="fight-result">
      <p className={`text-2xl font-black ${outcome.won ? 'text-emerald-700 dark:text-emerald-300' : 'text-red-700 dark:text-red-300'}`}>
        {outcome.won ? 'You won!' : 'You lost.'}
      </p>
      <dl className="mt-2 flex justify-center gap-6 text-sm">
        <Change label="Gold" value={signed(outcome.gold)} />
        <Change label="Rating" value={signed(outcome.rating)} />
        <Change label="XP" value={signed(outcome.xp)} />
      </dl>
      {/* Where a win's gold came from: taken = lost + minted (docs/design.md section 10.1). */}
      {outcome.attacking && fight.goldTaken > 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" data-testid="result-gold-split">
          {fight.goldTaken > fight.goldMinted && `${fight.goldTaken - fight.goldMinted} from ${outcome.opponent}, `}
          {fight.goldMinted} new gold.
        </p>
      )}
      {/* Why a win took no gold and the fight no XP (docs/design.md section 9.10). */}
      {fight.rematch && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-200" data-testid="result-rematch">
          {MSG.rematch(outcome.opponent)}
        </p>
      )}
      {/* A fight draws from the attacker's seeds, so its attacker is the one who can check it. */}
      {fight.attacker === me && (
        <Link className="link mt-2 inline-flex min-h-11 items-center text-sm" to={rollPath(fight.id)}>
          Check this fight’s roll
        </Link>
      )}
    </div>
  );
}

function Change({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wider text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="text-lg font-bold tabular-nums" data-testid={`result-${label.toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}
