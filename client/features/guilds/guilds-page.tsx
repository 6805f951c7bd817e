/**
 * /guilds (docs/design.md section 7.2): the player's own guild, the guilds to find by name or tag (best score first)
 * and, for a player outside any guild, the form that founds one.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GUILD_NAME_MAX } from '../../../game/constants';
import type { GuildPage } from '../../../game/wire';
import { playerCache, usePlayer } from '../../lib/player';
import { ReadState } from '../../components/read-state';
import { SearchForm } from '../../components/search-form';
import { toast } from '../../lib/toasts';
import { ScreenHeading } from '../../components/ui';
import { setRead, useRead } from '../../lib/query';
import { useSignedInPlayer } from '../../lib/session';
import { guildPath } from '../../paths';
import { guildsApi } from './api';
import { CreateGuild } from './create-guild';
import { GuildRow } from './guild-row';

export function GuildsPage() {
  const { uid } = useSignedInPlayer();
  const { profile } = usePlayer(uid);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const guilds = useRead(guildsApi.list(search), 'could not read the guilds');

  const created = (page: GuildPage) => {
    // The founder paid and joined: the profile (gold, guild) changed on the server.
    void playerCache.reload();
    // The answer is the new guild's page: it shows at once there.
    setRead(guildsApi.guild(page.guild.id), page);
    toast(`You founded ${page.guild.name} [${page.guild.tag}].`);
    void navigate(guildPath(page.guild.id));
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
      <section
        aria-labelledby="guilds-title"
        className="surface-dark rounded-2xl bg-linear-to-br from-slate-900 via-slate-800 to-emerald-950 px-5 py-5 text-white shadow-lg ring-1 ring-emerald-500/30"
      >
        <ScreenHeading id="guilds-title" title="Guilds" className="text-3xl font-black tracking-tight" />
        <p className="text-sm text-slate-200">Team up with other scavengers: a guild's score is the sum of its members' trophy case scores.</p>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[3fr_2fr] lg:items-start">
        {profile?.guild && <MyGuild name={profile.guild} />}
        <section aria-labelledby="guild-list-title" className="panel p-4 lg:col-start-1 lg:row-span-2 lg:row-start-1">
          <h2 id="guild-list-title" className="panel-title">
            {search ? 'Search results' : 'All guilds'}
          </h2>
          <SearchForm label="Search guilds by name or tag" search={search} onSearch={setSearch} maxLength={GUILD_NAME_MAX} />
          <ReadState
            read={guilds}
            loadingClassName="mt-3"
            empty={{
              when: (list) => list.length === 0,
              show: <p className="mt-3 font-semibold text-slate-600 dark:text-slate-300">{search ? `No guilds match “${search}”.` : 'No guilds yet. Found the first one!'}</p>,
            }}
          >
            {(list) => (
              <ul className="mt-3 space-y-2" aria-label="Guilds">
                {list.map((guild) => (
                  <GuildRow key={guild.id} guild={guild} />
                ))}
              </ul>
            )}
          </ReadState>
        </section>
        {profile && !profile.guild && <CreateGuild gold={profile.gold} onCreated={created} />}
      </div>
    </div>
  );
}

/** The profile names the player's guild; its id comes from a search for that (unique) name. */
function MyGuild({ name }: { name: string }) {
  const found = useRead(guildsApi.list(name), 'could not read your guild');
  return (
    <section aria-labelledby="my-guild-title" className="panel p-4 ring-2 ring-amber-500/60" data-testid="my-guild">
      <h2 id="my-guild-title" className="panel-title">
        Your guild
      </h2>
      <ReadState read={found}>
        {(list) => {
          const mine = list.find((guild) => guild.name.toLowerCase() === name.toLowerCase());
          return mine ? (
            <ul className="mt-3">
              <GuildRow guild={mine} />
            </ul>
          ) : (
            <p className="mt-3 text-slate-600 dark:text-slate-300">{name}</p>
          );
        }}
      </ReadState>
    </section>
  );
}
