/** A guild as a list shows it: name, [TAG], members, score and whether anyone may join at once. */
import { Link } from 'react-router';
import { GUILD_MAX_MEMBERS } from '../../../game/constants';
import type { GuildSummary } from '../../../game/wire';
import { guildPath } from '../../paths';

export function OpenBadge({ open }: { open: boolean }) {
  return (
    <span
      className={`chip ${open ? 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200' : 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200'}`}
      data-testid="guild-open"
    >
      {open ? 'Open' : 'Closed'}
    </span>
  );
}

export function GuildRow({ guild }: { guild: GuildSummary }) {
  return (
    <li>
      <Link
        to={guildPath(guild.id)}
        className="flex min-h-14 items-center gap-3 rounded-xl bg-slate-50 px-3 py-2 ring-1 ring-slate-200 hover:bg-amber-50 dark:bg-slate-800/70 dark:ring-slate-700 dark:hover:bg-slate-800"
        data-testid="guild-row"
      >
        <span className="min-w-0 flex-1">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-bold">{guild.name}</span>
            <span className="chip">[{guild.tag}]</span>
          </span>
          <span className="mt-0.5 flex flex-wrap items-center gap-x-3 text-sm text-slate-600 dark:text-slate-300">
            <span>
              <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">
                {guild.members}/{GUILD_MAX_MEMBERS}
              </span>{' '}
              members
            </span>
            <span>
              Score <span className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{guild.score}</span>
            </span>
          </span>
        </span>
        <OpenBadge open={guild.open} />
      </Link>
    </li>
  );
}
