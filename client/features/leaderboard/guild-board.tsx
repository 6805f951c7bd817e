/** The guild tab of the leaderboard (DESIGN.md section 7.2): guilds by score, the player's own highlighted. */
import { Link } from 'react-router';
import { GUILD_MAX_MEMBERS } from '../../../game/constants';
import { usePlayer } from '../../components/player-store';
import { Loading } from '../../components/ui';
import { useSignedInPlayer } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { guildPath } from '../../paths';
import { leaderboardApi } from './api';
import { RankBadge } from './rank-badge';

export function GuildBoard() {
  const { data: guilds, error } = useLoad(() => leaderboardApi.guilds(), [], 'could not read the guild leaderboard');
  // The profile names the player's guild (names are unique ignoring case).
  const myGuild = usePlayer(useSignedInPlayer().uid).profile?.guild.toLowerCase();

  if (error) {
    return (
      <p role="alert" className="mt-6 text-red-600 dark:text-red-400">
        Error: {error}
      </p>
    );
  }
  if (!guilds) return <Loading />;
  if (guilds.length === 0) return <p className="mt-4 text-slate-600 dark:text-slate-300">No guilds yet.</p>;
  return (
    <div className="panel mt-4 overflow-hidden">
      {/* Fixed layout: long names truncate instead of widening the table past a phone's screen. */}
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Top guilds</caption>
        <thead className="bg-slate-100 text-xs uppercase tracking-wider text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          <tr>
            <th scope="col" className="w-14 px-1 py-3 text-center sm:w-20 sm:px-2">
              Rank
            </th>
            <th scope="col" className="px-2 py-3">
              Guild
            </th>
            <th scope="col" className="w-[4.75rem] px-1 py-3 text-right sm:w-28 sm:px-2">
              Members
            </th>
            <th scope="col" className="w-16 px-2 py-3 text-right sm:w-24">
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {guilds.map((guild, index) => {
            const mine = guild.name.toLowerCase() === myGuild;
            return (
              <tr
                key={guild.id}
                aria-current={mine ? 'true' : undefined}
                data-testid="guild-board-row"
                className={`border-t border-slate-200 dark:border-slate-800 ${mine ? 'bg-amber-100 font-semibold dark:bg-amber-500/15' : ''}`}
              >
                <td className="px-1 py-3 text-center sm:px-2">
                  <RankBadge rank={index + 1} />
                </td>
                <td className="px-2 py-0">
                  <span className="flex min-w-0 items-center gap-2">
                    <Link className="link block min-w-0 truncate py-3" to={guildPath(guild.id)}>
                      {guild.name}
                    </Link>
                    <span className="chip">[{guild.tag}]</span>
                  </span>
                </td>
                <td className="px-1 py-3 text-right tabular-nums sm:px-2">
                  {guild.members}/{GUILD_MAX_MEMBERS}
                </td>
                <td className="px-2 py-3 text-right tabular-nums">{guild.score}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
