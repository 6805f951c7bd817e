/**
 * Whom to fight: players near the caller's rating, or those whose name starts with what was searched. A
 * player beaten in defence recently is recovering and cannot be fought until the time shown has passed (or they
 * attack someone, which ends it). A new player is protected for their first 72 h (docs/design.md section 9.10): only
 * a search shows them, saying so, with the hours left as the server's refusal counts them. Each card shows both
 * players' power and what a win pays, and warns before a second fight of the day between the two, which pays nothing
 * (docs/design.md section 10.1).
 */
import { useId } from 'react';
import { USERNAME_MAX, USERNAME_PREFIX_PATTERN } from '../../../game/constants';
import { FIGHT_ENERGY_COST, NEW_PLAYER_PROTECTION_MS, protectionHoursLeft, SUGGESTED_LEVEL_SPREAD } from '../../../game/rules/fight';
import { DAILY_FIGHT_LOSS_PERCENT, fightPurse, purseParts } from '../../../game/rules/fight-gold';
import type { Opponent } from '../../../game/wire';
import { ReadState } from '../../components/read-state';
import { SearchForm } from '../../components/search-form';
import { timeLeft } from '../../components/time-left';
import { Button } from '../../components/forms';
import type { Loaded } from '../../lib/query';

interface OpponentsProps {
  opponents: Pick<Loaded<readonly Opponent[]>, 'data' | 'error'>;
  search: string;
  onSearch: (search: string) => void;
  /** The server's clock now, to tell who is still recovering. */
  serverNow: number;
  /** The caller's power (equipped attack + defense, as the cards count everyone's), or null while unknown. */
  myPower: number | null;
  /** Why no fight can be sent now (too little energy), said before a press; null when fights can go. */
  blocked: string | null;
  /** A press while `blocked`: the refusal popup. */
  onBlocked: () => void;
  onFight: (username: string) => void;
}

export function Opponents({ opponents, search, onSearch, serverNow, myPower, blocked, onBlocked, onFight }: OpponentsProps) {
  const whyBlocked = useId();
  return (
    <section aria-labelledby="opponents-title" className="panel p-4">
      <h2 id="opponents-title" className="panel-title">
        Opponents
      </h2>
      <SearchForm
        label="Search players by name"
        search={search}
        onSearch={onSearch}
        maxLength={USERNAME_MAX}
        isValid={(wanted) => USERNAME_PREFIX_PATTERN.test(wanted)}
        invalidText="Names have only letters and digits."
      />
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
        {search ? `Players whose name starts with “${search}”.` : `Players within ${SUGGESTED_LEVEL_SPREAD} levels of yours first, nearest your rating first.`}
      </p>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="fight-pays-rule">
        A win pays a purse by their level: half from them (never more than {DAILY_FIGHT_LOSS_PERCENT}% of their gold a day), half new gold. Only
        your first fight of the day with someone pays.
      </p>
      {blocked && (
        <p id={whyBlocked} className="mt-2 text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="fight-blocked">
          {blocked}
        </p>
      )}
      <ReadState
        read={opponents}
        loadingClassName="mt-3"
        empty={{
          when: (list) => list.length === 0,
          show: <p className="mt-3 font-semibold text-slate-600 dark:text-slate-300">{search ? 'No players found.' : `No one to fight yet: new players cannot be attacked for their first ${NEW_PLAYER_PROTECTION_MS / 3_600_000} h.`}</p>,
        }}
      >
        {(list) => (
          <ul className="mt-3 space-y-2">
            {list.map((opponent) => (
              <OpponentRow
                key={opponent.username}
                opponent={opponent}
                serverNow={serverNow}
                myPower={myPower}
                blockedBy={blocked ? whyBlocked : null}
                onBlocked={onBlocked}
                onFight={onFight}
              />
            ))}
          </ul>
        )}
      </ReadState>
    </section>
  );
}

function OpponentRow({
  opponent,
  serverNow,
  myPower,
  blockedBy,
  onBlocked,
  onFight,
}: {
  opponent: Opponent;
  serverNow: number;
  myPower: number | null;
  /** The id of the line saying why no fight can go now, or null. */
  blockedBy: string | null;
  onBlocked: () => void;
  onFight: (username: string) => void;
}) {
  const protectedHours = opponent.protectedUntil > serverNow ? protectionHoursLeft(opponent.protectedUntil, serverNow) : null;
  const recovering = opponent.recoveringUntil > serverNow;
  const waits = protectedHours !== null || recovering;
  const whyNot = useId();
  const purse = fightPurse(opponent.level);
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700" data-testid="opponent">
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex min-w-0 items-center gap-2">
          <span className="truncate font-bold">{opponent.username}</span>
          {opponent.guildTag && <span className="chip">[{opponent.guildTag}]</span>}
          <span className="chip">Level {opponent.level}</span>
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
          <Stat label="Rating" value={opponent.rating} />
          <Stat label="Attack" value={opponent.totalAttack} />
          <Stat label="Defense" value={opponent.totalDefense} />
        </dl>
        <dl className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300" data-testid="powers">
          <Stat label="Their power" value={opponent.totalAttack + opponent.totalDefense} testId="their-power" />
          <Stat label="Your power" value={myPower ?? '…'} testId="my-power" />
        </dl>
        {/* Said before the press: a second fight of the day between the two moves ratings only (section 9.10). */}
        {opponent.foughtToday ? (
          <p className="mt-1 text-sm font-semibold text-amber-800 dark:text-amber-300" data-testid="fought-today">
            Already fought today: no gold or XP
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300" data-testid="win-pays">
            A win pays up to {purse} gold: up to {purseParts(opponent.level).fromDefender} of theirs, {purseParts(opponent.level).minted} new.
          </p>
        )}
        {/* Protection is said first, as the server refuses with it first. */}
        {protectedHours !== null ? (
          <p id={whyNot} className="mt-1 text-sm font-semibold text-sky-800 dark:text-sky-300" data-testid="protected">
            Protected new player: can be fought in {protectedHours} h
          </p>
        ) : (
          recovering && (
            <p id={whyNot} className="mt-1 text-sm font-semibold text-red-700 dark:text-red-300" data-testid="recovering">
              Recovering: {timeLeft(opponent.recoveringUntil - serverNow)} left
            </p>
          )
        )}
      </div>
      {/*
        It keeps the focus a keyboard player left on it (the replay dialog gives focus back to it, and the one
        just beaten is recovering by then), and says why it waits: the recovery or protection line describes it.
      */}
      <Button
        className="btn-game shrink-0"
        disabled={waits}
        aria-disabled={waits || blockedBy !== null || undefined}
        aria-describedby={[waits ? whyNot : null, blockedBy].filter(Boolean).join(' ') || undefined}
        onClick={() => (blockedBy ? onBlocked() : onFight(opponent.username))}
      >
        Fight<span className="sr-only"> {opponent.username}</span> ({FIGHT_ENERGY_COST} energy)
      </Button>
    </li>
  );
}

function Stat({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd className="font-semibold tabular-nums text-slate-900 dark:text-slate-100" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
