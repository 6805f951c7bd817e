/** One member on a guild's page: online or not, rank, level and score, and what the viewer's rank allows on them. */
import type { GuildRole } from '../../../game/constants';
import { isOfficerOrHigher, roleRank } from '../../../game/guild-roles';
import type { GuildMember } from '../../../game/wire';

const ROLE_NAMES: Record<GuildRole, string> = { leader: 'Leader', officer: 'Officer', member: 'Member' };
const ROLE_BADGES: Record<GuildRole, string> = {
  leader: 'bg-amber-400 text-slate-950',
  officer: 'bg-sky-200 text-sky-950 dark:bg-sky-400/25 dark:text-sky-100',
  member: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};

interface MemberRowProps {
  member: GuildMember;
  online: boolean;
  me: boolean;
  myRole: GuildRole | null;
  onRole: (role: GuildRole) => void;
  onKick: () => void;
}

export function MemberRow({ member, online, me, myRole, onRole, onKick }: MemberRowProps) {
  const { username, role } = member;
  // The server's rules (worker/features/guilds/decide.ts, game/guild-roles.ts): the leader alone changes roles; only a higher rank removes.
  const leading = myRole === 'leader' && !me;
  const canKick = !!myRole && isOfficerOrHigher(myRole) && roleRank(role) > roleRank(myRole);
  const other: GuildRole = role === 'member' ? 'officer' : 'member';
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700" data-testid="guild-member">
      <div className="min-w-0 flex-1 basis-40">
        <p className="flex min-w-0 items-center gap-2">
          {/* Filled when online, a ring when not: told apart by shape as well as colour. */}
          <span
            aria-hidden="true"
            data-testid="member-online"
            data-online={online}
            className={`h-2.5 w-2.5 shrink-0 rounded-full ${online ? 'bg-emerald-500' : 'ring-2 ring-slate-400 ring-inset dark:ring-slate-500'}`}
          />
          <span className="truncate font-bold">{username}</span>
          <span className="sr-only">{online ? ', online' : ', offline'}</span>
          <span className={`chip ${ROLE_BADGES[role]}`} data-testid="member-role">
            {ROLE_NAMES[role]}
          </span>
          {me && <span className="shrink-0 rounded bg-amber-500 px-1.5 py-0.5 text-xs font-bold text-slate-950">You</span>}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-3 text-sm text-slate-600 dark:text-slate-300">
          <div className="flex gap-1">
            <dt>Level</dt>
            <dd className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{member.level}</dd>
          </div>
          <div className="flex gap-1">
            <dt>Trophy score</dt>
            <dd className="font-semibold tabular-nums text-slate-900 dark:text-slate-100">{member.trophyCaseScore}</dd>
          </div>
        </dl>
      </div>
      {(leading || canKick) && (
        <div className="flex flex-wrap gap-2">
          {/* One button for both ways, so the focus stays on it when the role it offers flips. */}
          {leading && (
            <button type="button" className="btn-secondary px-3 text-sm" onClick={() => onRole(other)}>
              <span>
                Make<span className="sr-only"> {username}</span> {other}
              </span>
            </button>
          )}
          {leading && (
            <button type="button" className="btn-secondary px-3 text-sm" onClick={() => onRole('leader')} aria-haspopup="dialog">
              <span>
                Hand over lead<span className="sr-only"> to {username}</span>
              </span>
            </button>
          )}
          {canKick && (
            <button type="button" className="btn-secondary px-3 text-sm text-red-700 dark:text-red-300" onClick={onKick} aria-haspopup="dialog">
              <span>
                Kick<span className="sr-only"> {username}</span>
              </span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
