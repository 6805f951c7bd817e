/**
 * /guilds (docs/design.md section 7.2): the player's own guild, the guilds to find by name or tag (best score first)
 * and, for a player outside any guild, the form that founds one.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GUILD_NAME_MAX } from '../../../game/constants';
import { MSG } from '../../../game/messages';
import type { GuildPage, GuildSummary } from '../../../game/wire';
import { playerCache, usePlayer } from '../../lib/player';
import { SearchForm } from '../../components/search-form';
import { toast } from '../../components/toasts';
import { Loading, ScreenHeading } from '../../components/ui';
import { useSignedInPlayer } from '../../lib/session';
import { useLoad } from '../../lib/use-load';
import { guildPath } from '../../paths';
import { guildsApi } from './api';
import { CreateGuild } from './create-guild';
import { GuildRow } from './guild-row';

export function GuildsPage() {
  const { uid } = useSignedInPlayer();
  const { profile } = usePlayer(uid);
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const guilds = useLoad(() => guildsApi.list(search), [search], 'could not read the guilds');

  const created = (page: GuildPage) => {
    // The founder paid and joined: the profile (gold, guild) changed on the server.
    void playerCache.reload();
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
          <GuildList guilds={guilds.data} error={guilds.error} search={search} />
        </section>
        {profile && !profile.guild && <CreateGuild gold={profile.gold} onCreated={created} />}
      </div>
    </div>
  );
}

/** The profile names the player's guild; its id comes from a search for that (unique) name. */
function MyGuild({ name }: { name: string }) {
  const found = useLoad(() => guildsApi.list(name), [name], 'could not read your guild');
  const mine = found.data?.find((guild) => guild.name.toLowerCase() === name.toLowerCase());
  return (
    <section aria-labelledby="my-guild-title" className="panel p-4 ring-2 ring-amber-500/60" data-testid="my-guild">
      <h2 id="my-guild-title" className="panel-title">
        Your guild
      </h2>
      {found.error ? (
        <p role="alert" className="mt-3 text-red-600 dark:text-red-400">
          Error: {found.error}
        </p>
      ) : !found.data ? (
        <Loading />
      ) : mine ? (
        <ul className="mt-3">
          <GuildRow guild={mine} />
        </ul>
      ) : (
        <p className="mt-3 text-slate-600 dark:text-slate-300">{name}</p>
      )}
    </section>
  );
}

function GuildList({ guilds, error, search }: { guilds: readonly GuildSummary[] | null; error: string | null; search: string }) {
  if (error) {
    return (
      <p role="alert" className="mt-3 text-red-600 dark:text-red-400">
        Error: {error}
      </p>
    );
  }
  if (!guilds) {
    return (
      <p role="status" className="mt-3 text-slate-600 dark:text-slate-400">
        {MSG.loading}
      </p>
    );
  }
  if (guilds.length === 0) {
    return <p className="mt-3 font-semibold text-slate-600 dark:text-slate-300">{search ? `No guilds match “${search}”.` : 'No guilds yet. Found the first one!'}</p>;
  }
  return (
    <ul className="mt-3 space-y-2" aria-label="Guilds">
      {guilds.map((guild) => (
        <GuildRow key={guild.id} guild={guild} />
      ))}
    </ul>
  );
}
