/** The guild tab of the leaderboard (docs/design.md section 7.2): guilds by score, the player's own highlighted. */
import { Link } from 'react-router';
import { GUILD_MAX_MEMBERS } from '../../../game/constants';
import { usePlayer } from '../../lib/player';
import { NameCell, RankBadge, RankedTable } from '../../components/ranked-table';
import { ReadState } from '../../components/read-state';
import { useRead } from '../../lib/query';
import { useSignedInPlayer } from '../../lib/session';
import { guildPath } from '../../paths';
import { leaderboardApi } from './api';

export function GuildBoard() {
  const guilds = useRead(leaderboardApi.guilds, 'could not read the guild leaderboard');
  // The profile names the player's guild (names are unique ignoring case).
  const myGuild = usePlayer(useSignedInPlayer().uid).profile?.guild.toLowerCase();

  return (
    <ReadState read={guilds} errorClassName="mt-6" empty={{ when: (list) => list.length === 0, show: <p className="mt-4 text-slate-600 dark:text-slate-300">No guilds yet.</p> }}>
      {(list) => (
        <div className="panel mt-4 overflow-hidden">
          <RankedTable
            caption="Top guilds"
            rows={list.map((guild, index) => ({ ...guild, rank: index + 1 }))}
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
      )}
    </ReadState>
  );
}
