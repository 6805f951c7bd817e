/** The top of a guild's page: its name and tag, who may join, its scores, and the viewer's membership below. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { GUILD_MAX_MEMBERS, type GuildRole } from '../../../game/constants';
import type { GuildPage as GuildPageData } from '../../../game/wire';
import { ScreenHeading } from '../../components/ui';
import { PATHS } from '../../paths';
import { OpenBadge } from './guild-row';

/** What the header's scores count (docs/design.md sections 8.4 and 9.4). */
export const GUILD_SCORE_NOTE =
  "Score: the members' trophy scores now. This season: what members scored this month while in the guild, from trophies they researched this month.";

const YOUR_ROLE: Record<GuildRole, string> = { leader: 'You lead this guild.', officer: 'You are an officer here.', member: 'You are a member.' };

/** `children`: the viewer's membership (join, leave, a request waiting), in the header's bottom strip. */
export function GuildHeader({ page, children }: { page: GuildPageData; children: ReactNode }) {
  const { guild, myRole } = page;
  return (
    <section
      aria-labelledby="guild-title"
      className="surface-dark overflow-hidden rounded-2xl bg-linear-to-br from-slate-900 via-slate-800 to-emerald-950 text-white shadow-lg ring-1 ring-emerald-500/30"
    >
      <div className="px-5 pt-5">
        <Link to={PATHS.guilds} className="inline-flex min-h-11 items-center text-sm font-semibold text-amber-300 underline underline-offset-2 hover:text-amber-200">
          All guilds
        </Link>
        <ScreenHeading id="guild-title" title={guild.name} className="flex flex-wrap items-baseline gap-x-3 text-3xl font-black tracking-tight">
          <span className="min-w-0 break-words">{guild.name}</span>
          <span className="text-xl font-bold text-amber-300">[{guild.tag}]</span>
        </ScreenHeading>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-200">
          <OpenBadge open={guild.open} />
          {myRole ? (
            <span data-testid="my-role">{YOUR_ROLE[myRole]}</span>
          ) : (
            <span>{guild.open ? 'Anyone may join.' : 'Players ask to join; the leader or an officer answers.'}</span>
          )}
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-3 gap-px bg-white/10">
        <HeaderStat label="Score" testId="guild-score">
          {guild.score}
        </HeaderStat>
        {/* What members earned for the guild this month while members (docs/design.md section 8.4). */}
        <HeaderStat label="This season" testId="guild-season-score">
          {page.seasonScore}
        </HeaderStat>
        <HeaderStat label="Members" testId="guild-members">
          {guild.members}/{GUILD_MAX_MEMBERS}
        </HeaderStat>
      </dl>
      {/* What each score counts (issue #41: "SCORE 216 · THIS SEASON 0" said nothing of why). */}
      <p className="bg-slate-900/60 px-5 pb-2 text-xs text-slate-300" data-testid="guild-score-note">
        {GUILD_SCORE_NOTE}
      </p>
      <div className="bg-slate-950/40 px-5 py-3">{children}</div>
    </section>
  );
}

function HeaderStat({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="min-w-0 bg-slate-900/60 px-1 py-2 text-center">
      <dt className="truncate text-[0.7rem] font-semibold tracking-wider text-slate-300 uppercase">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-amber-300">
        <span data-testid={testId}>{children}</span>
      </dd>
    </div>
  );
}
