/** The guild tab of the leaderboard (docs/design.md section 7.2): guilds by score, the player's own highlighted. */
import { Link } from 'react-router';
import { GUILD_MAX_MEMBERS } from '../../../game/constants';
import { usePlayer } from '../../lib/player';
import { NameCell, RankBadge, RankedTable } from '../../components/ranked-table';
import { Loading } from '../../components/ui';
import { useSignedInPlayer } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { guildPath } from '../../paths';
import { leaderboardApi } from './api';

export function GuildBoard() {
  const { data: guilds, error } = useLoad(() => leaderboardApi.guilds(), [], 'could not read the guild leaderboard');
  // The profile names the player's guild (names are unique ignoring case).
  const myGuild = usePlayer(useSignedInPlayer().uid).profile?.guild.toLowerCase();

  if (error) {
    return (
      <p role="alert" className="mt-6 font-medium text-red-700 dark:text-red-300">
        Error: {error}
      </p>
    );
  }
  if (!guilds) return <Loading />;
  if (guilds.length === 0) return <p className="mt-4 text-slate-600 dark:text-slate-300">No guilds yet.</p>;
  return (
    <div className="panel mt-4 overflow-hidden">
      <RankedTable
        caption="Top guilds"
        rows={guilds.map((guild, index) => ({ ...guild, rank: index + 1 }))}
        keyOf={(guild) => guild.id}
        isMine={(guild) => guild.name.toLowerCase() === myGuild}
        testIds={{ row: 'guild-board-row', mine: 'guild-board-row' }}
        columns={[
          { header: 'Rank', className: 'w-14 text-center sm:w-20', cell: (guild) => <RankBadge rank={guild.rank} /> },
          {
            header: 'Guild',
            className: '',
            flush: true,
            cell: (guild) => (
              <NameCell
                mine={false}
                tag={guild.tag}
                name={
                  <Link className="link block min-w-0 truncate py-3" to={guildPath(guild.id)}>
                    {guild.name}
                  </Link>
                }
              />
            ),
          },
          { header: 'Members', className: 'w-[4.75rem] text-right tabular-nums sm:w-28', cell: (guild) => `${guild.members}/${GUILD_MAX_MEMBERS}` },
          { header: 'Score', className: 'w-16 text-right tabular-nums sm:w-24', cell: (guild) => guild.score },
        ]}
      />
    </div>
  );
}
