/**
 * A guild's page (docs/design.md section 7.2): the guild, its members by rank, and what the viewer may do there:
 * join or ask to join, leave, and for the leader and officers the requests to join, removing members below
 * their rank and (the leader) changing roles. The server decides every intent and answers the page as the
 * viewer now sees it, which replaces what is shown.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GUILD_MAX_MEMBERS, type GuildRole } from '../../../game/constants';
import { isOfficerOrHigher, roleRank } from '../../../game/guild-roles';
import { MSG } from '../../../game/messages';
import type { GuildMember, GuildPage as GuildPageData } from '../../../game/wire';
import { ConfirmDialog, MessageDialog } from '../../components/dialog';
import { playerStore, usePlayer } from '../../components/player-store';
import { toast } from '../../components/toasts';
import { Button, Loading, ScreenHeading } from '../../components/ui';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent, type Intent } from '../../lib/use-intent';
import { useLoad } from '../../lib/use-load';
import { PATHS } from '../../paths';
import { guildsApi } from './api';
import { OpenBadge } from './guild-row';

const ROLE_NAMES: Record<GuildRole, string> = { leader: 'Leader', officer: 'Officer', member: 'Member' };
const ROLE_BADGES: Record<GuildRole, string> = {
  leader: 'bg-amber-400 text-slate-950',
  officer: 'bg-sky-200 text-sky-950 dark:bg-sky-400/25 dark:text-sky-100',
  member: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
};
const YOUR_ROLE: Record<GuildRole, string> = { leader: 'You lead this guild.', officer: 'You are an officer here.', member: 'You are a member.' };

type IntentName = 'join' | 'leave' | 'answer' | 'kick' | 'role';
type Confirm = { kind: 'leave' } | { kind: 'kick'; username: string } | { kind: 'lead'; username: string };

/** Who the guild's room says is online now, or null while it cannot say (connecting, reconnecting, closed). */
export type GuildPresence = readonly string[] | null;

export interface GuildPageProps {
  /**
   * The guild's chat, rendered in its own section beside the members while the viewer is a member (the room is
   * members only, so a player who leaves or is removed drops it at once). The shell fills it (client/app). It
   * reports the room's presence through `onPresence` as it changes, which the members' online dots follow live
   * (issue 24, point 7): the page's read only knows who was in the room when it was read.
   */
  chat?: (guildId: string, onPresence: (presence: GuildPresence) => void) => ReactNode;
  /** The guild's Salvage Drive (docs/design.md section 8.6), filled by the shell like the chat. */
  drive?: (guildId: string) => ReactNode;
}

export function GuildPage(props: GuildPageProps) {
  const { id = '' } = useParams();
  // A fresh screen per guild: nothing shown for one guild can leak into another's.
  return <GuildScreen key={id} id={id} {...props} />;
}

function GuildScreen({ id, chat, drive }: GuildPageProps & { id: string }) {
  const { uid, username: me } = useSignedInPlayer();
  const { profile } = usePlayer(uid);
  const navigate = useNavigate();
  const loaded = useLoad(() => guildsApi.get(id), [id], 'could not read the guild');
  // An intent's answer replaces the page it was sent from, until a later read supersedes it.
  const [answer, setAnswer] = useState<{ over: GuildPageData | null; page: GuildPageData } | null>(null);
  const page = answer && answer.over === loaded.data ? answer.page : loaded.data;
  const intent = useIntent<IntentName>();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const membersTitle = useRef<HTMLHeadingElement>(null);
  const [presence, setPresence] = useState<GuildPresence>(null);

  if (loaded.error && !page) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <ScreenHeading title="Guild" className="text-3xl font-bold" />
        <p role="alert" className="mt-4 text-red-600 dark:text-red-400">
          {loaded.errorCode === 'guild_not_found' ? loaded.error : `Error: ${loaded.error}`}
        </p>
        <Link className="btn-secondary mt-8" to={PATHS.guilds}>
          All guilds
        </Link>
      </section>
    );
  }
  if (!page) return <Loading />;

  const { guild, members, myRole, requests } = page;
  const showChat = !!chat && !!myRole;
  // The reader is here, so online, even before their chat socket is in the room the page was read from; the
  // others as the room says now, or as the page was read while the room cannot say.
  const isOnline = (member: GuildMember) =>
    member.username === me ? true : showChat && presence ? presence.includes(member.username) : member.online;
  // Only closed guilds take requests; the leader and officers answer them.
  const showRequests = !!myRole && isOfficerOrHigher(myRole) && (requests.length > 0 || !guild.open);
  /** Sends an intent that answers the page; a refusal reads the page again, since it may have moved on. */
  const send = (name: IntentName, request: () => Promise<GuildPageData>, after?: () => void) =>
    intent.run(
      name,
      async () => {
        setAnswer({ over: loaded.data, page: await request() });
        after?.();
      },
      () => loaded.reload(),
    );

  const join = () => send('join', () => guildsApi.join(id), () => void playerStore.load(uid));
  const leave = () =>
    intent.run('leave', async () => {
      const { message } = await guildsApi.leave(id);
      void playerStore.load(uid);
      toast(message);
      void navigate(PATHS.guilds);
    });
  const confirmed = async (action: Confirm) => {
    // The question closes first: the app behind it is inert while it shows, so nothing there could take the
    // focus the answer moves (the kicked member's row is gone with its button).
    setConfirm(null);
    if (action.kind === 'leave') await leave();
    else if (action.kind === 'kick')
      // The row and its button are gone once the member is: focus goes to the list they were in.
      await send('kick', () => guildsApi.kick(id, action.username), () => requestAnimationFrame(() => membersTitle.current?.focus()));
    else await send('role', () => guildsApi.setRole(id, action.username, 'leader'));
  };

  return (
    <div className="mx-auto max-w-5xl space-y-4 px-3 py-4 sm:px-6 sm:py-6">
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
        <div className="bg-slate-950/40 px-5 py-3">
          <Membership page={page} inOtherGuild={!myRole && !!profile?.guild} intent={intent} onJoin={() => void join()} onLeave={() => setConfirm({ kind: 'leave' })} />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 lg:items-start">
        {showChat && (
          <section aria-labelledby="guild-chat-title" className="panel p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <h2 id="guild-chat-title" className="panel-title">
              Guild chat
            </h2>
            {chat?.(guild.id, setPresence)}
          </section>
        )}
        {showRequests && (
          <Requests
            column={showChat ? 'lg:col-start-1' : ''} requests={requests} busy={intent.busy('answer')} onAnswer={(username, accept) => void send('answer', () => guildsApi.answer(id, username, accept))} />
        )}
        {/* Beside the chat or the requests when there are any; else across the page, two members a row. */}
        <section aria-labelledby="members-title" className={`panel p-4 ${showChat ? 'lg:col-start-1' : showRequests ? '' : 'lg:col-span-2'}`}>
          <h2 id="members-title" ref={membersTitle} tabIndex={-1} className="panel-title">
            Members
          </h2>
          <ul className={`mt-3 grid gap-2 ${showChat || showRequests ? '' : 'lg:grid-cols-2'}`} aria-label={`Members of ${guild.name}`}>
            {members.map((member) => (
              <MemberRow
                key={member.username}
                member={member}
                online={isOnline(member)}
                me={member.username === me}
                myRole={myRole}
                onRole={(role) => (role === 'leader' ? setConfirm({ kind: 'lead', username: member.username }) : void send('role', () => guildsApi.setRole(id, member.username, role)))}
                onKick={() => setConfirm({ kind: 'kick', username: member.username })}
              />
            ))}
          </ul>
        </section>
      </div>

      {drive?.(guild.id)}

      {confirm && <Confirmation confirm={confirm} guildName={guild.name} alone={members.length === 1} busy={intent.busy()} onConfirm={() => void confirmed(confirm)} onCancel={() => setConfirm(null)} />}
      {intent.refusal && <MessageDialog message={intent.refusal} onClose={intent.dismiss} />}
    </div>
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

/** Join, ask to join, a request waiting, or leave; a leader with members learns why they cannot leave yet. */
function Membership({
  page,
  inOtherGuild,
  intent,
  onJoin,
  onLeave,
}: {
  page: GuildPageData;
  inOtherGuild: boolean;
  intent: Intent<IntentName>;
  onJoin: () => void;
  onLeave: () => void;
}) {
  const { guild, myRole, requested, members } = page;
  if (myRole === 'leader' && members.length > 1) {
    return (
      <p className="text-sm text-slate-100" data-testid="leader-cannot-leave">
        {MSG.leaderMustHandOver} To leave, first hand the lead to another member (“Hand over lead” beside them).
      </p>
    );
  }
  if (myRole) {
    return (
      <button type="button" className="btn-secondary" onClick={onLeave} aria-haspopup="dialog">
        Leave guild
      </button>
    );
  }
  if (requested) {
    return (
      <p className="text-sm font-semibold text-emerald-200" data-testid="request-sent">
        Request sent. The leader or an officer will answer it.
      </p>
    );
  }
  if (inOtherGuild) return <p className="text-sm text-slate-100">{MSG.alreadyInGuild} Leave it to join another.</p>;
  return (
    <Button className="btn-game" onClick={onJoin} disabled={intent.busy('join')}>
      {guild.open ? 'Join guild' : 'Ask to join'}
    </Button>
  );
}

function Requests({
  requests,
  column,
  busy,
  onAnswer,
}: {
  requests: readonly string[];
  column: string;
  busy: boolean;
  onAnswer: (username: string, accept: boolean) => void;
}) {
  return (
    <section aria-labelledby="requests-title" className={`panel p-4 ${column}`}>
      <h2 id="requests-title" className="panel-title">
        Requests to join
      </h2>
      {requests.length === 0 ? (
        <p className="mt-2 text-slate-600 dark:text-slate-300">No requests to join.</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {requests.map((username) => (
            <li key={username} className="flex flex-wrap items-center gap-2 rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200 dark:bg-slate-800/70 dark:ring-slate-700" data-testid="join-request">
              <span className="min-w-0 flex-1 truncate font-bold">{username}</span>
              <Button className="btn-primary px-3" disabled={busy} onClick={() => onAnswer(username, true)}>
                <span>
                  Accept<span className="sr-only"> {username}</span>
                </span>
              </Button>
              <Button className="btn-secondary px-3" disabled={busy} onClick={() => onAnswer(username, false)}>
                <span>
                  Decline<span className="sr-only"> {username}</span>
                </span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

interface MemberRowProps {
  member: GuildMember;
  online: boolean;
  me: boolean;
  myRole: GuildRole | null;
  onRole: (role: GuildRole) => void;
  onKick: () => void;
}

function MemberRow({ member, online, me, myRole, onRole, onKick }: MemberRowProps) {
  const { username, role } = member;
  // The server's rules (worker/features/guilds/decisions.ts, game/guild-roles.ts): the leader alone changes roles; only a higher rank removes.
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

function Confirmation({
  confirm,
  guildName,
  alone,
  busy,
  onConfirm,
  onCancel,
}: {
  confirm: Confirm;
  guildName: string;
  alone: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const common = { busy, onConfirm, onCancel };
  if (confirm.kind === 'leave') {
    return (
      <ConfirmDialog question={`Leave ${guildName}?`} confirmLabel="Leave" {...common}>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {alone ? 'You are its last member: the guild will be disbanded.' : 'To come back, you will have to join again.'}
        </p>
      </ConfirmDialog>
    );
  }
  if (confirm.kind === 'kick') {
    return (
      <ConfirmDialog question={`Kick ${confirm.username} from ${guildName}?`} confirmLabel={`Kick ${confirm.username}`} {...common}>
        <p className="text-sm text-slate-600 dark:text-slate-300">They leave the guild and its chat at once.</p>
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog question={`Make ${confirm.username} the leader of ${guildName}?`} confirmLabel="Hand over" {...common}>
      <p className="text-sm text-slate-600 dark:text-slate-300">You become an officer, and only the new leader can change roles.</p>
    </ConfirmDialog>
  );
}
