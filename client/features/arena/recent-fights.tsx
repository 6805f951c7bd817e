/** The caller's last fights, either side, newest first; each can be played back again. */
import { useState } from 'react';
import type { Fight } from '../../../game/wire';
import { ReadState } from '../../components/read-state';
import type { Loaded } from '../../lib/query';
import { outcomeFor, signed } from './outcome';

interface RecentFightsProps {
  fights: Pick<Loaded<readonly Fight[]>, 'data' | 'error'>;
  me: string;
  onReplay: (fight: Fight) => void;
}

/** The server answers the last 50; the newest few show until the player asks for the rest. */
const SHOWN_FIRST = 5;

export function RecentFights({ fights, me, onReplay }: RecentFightsProps) {
  return (
    <section aria-labelledby="recent-fights-title" className="panel p-4">
      <h2 id="recent-fights-title" className="panel-title">
        Recent fights
      </h2>
      <ReadState
        read={fights}
        loadingClassName="mt-3"
        empty={{ when: (list) => list.length === 0, show: <p className="mt-3 text-slate-600 dark:text-slate-300">No fights yet. Pick an opponent and test your gear!</p> }}
      >
        {(list) => <FightList fights={list} me={me} onReplay={onReplay} />}
      </ReadState>
    </section>
  );
}

function FightList({ fights, me, onReplay }: { fights: readonly Fight[]; me: string; onReplay: (fight: Fight) => void }) {
  const [all, setAll] = useState(false);
  return (
    <>
      <ul className="mt-3 space-y-2">
        {(all ? fights : fights.slice(0, SHOWN_FIRST)).map((fight) => (
          <FightRow key={fight.id} fight={fight} me={me} onReplay={() => onReplay(fight)} />
        ))}
      </ul>
      {!all && fights.length > SHOWN_FIRST && (
        <button type="button" className="btn-secondary mt-3 w-full" onClick={() => setAll(true)}>
          Show all {fights.length} fights
        </button>
      )}
    </>
  );
}

function FightRow({ fight, me, onReplay }: { fight: Fight; me: string; onReplay: () => void }) {
  const outcome = outcomeFor(fight, me);
  const when = new Date(fight.createdAt);
  return (
    <li
      className={`flex items-center gap-3 rounded-xl border-l-4 bg-slate-50 py-2 pr-2 pl-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700 ${outcome.won ? 'border-l-emerald-500' : 'border-l-red-500'}`}
      data-testid="recent-fight"
    >
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{outcome.won ? `Won against ${outcome.opponent}` : `Lost to ${outcome.opponent}`}</p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {outcome.attacking ? 'You attacked' : `${outcome.opponent} attacked`} · {signed(outcome.gold)} gold · rating {signed(outcome.rating)} ·{' '}
          <time dateTime={when.toISOString()}>{when.toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}</time>
        </p>
      </div>
      <button type="button" className="btn-secondary shrink-0 px-3" onClick={onReplay} aria-haspopup="dialog">
        Replay<span className="sr-only"> the fight with {outcome.opponent}</span>
      </button>
    </li>
  );
}
