/**
 * A guild's page (docs/design.md section 7.2): the guild, its members by rank, and what the viewer may do there:
 * join or ask to join, leave, and for the leader and officers the requests to join, removing members below
 * their rank and (the leader) changing roles. The server decides every intent and answers the page as the
 * viewer now sees it, which replaces what is shown.
 */
import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isOfficerOrHigher } from '../../../game/guild-roles';
import type { GuildMember, GuildPage as GuildPageData } from '../../../game/wire';
import { MessageDialog } from '../../components/dialog';
import { playerCache, usePlayer } from '../../lib/player';
import { toast } from '../../lib/toasts';
import { Loading, ScreenHeading } from '../../components/ui';
import { setRead, useRead } from '../../lib/query';
import { useSignedInPlayer } from '../../lib/session';
import { useIntent } from '../../lib/use-intent';
import { PATHS } from '../../paths';
import { guildsApi } from './api';
import { Confirmation, type Confirm } from './guild-confirmation';
import { GuildHeader } from './guild-header';
import { JoinRequests } from './join-requests';
import { MemberRow } from './member-row';
import { Membership } from './membership';

type IntentName = 'join' | 'leave' | 'answer' | 'kick' | 'role';

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

/** How often an open guild page reads itself again: membership has no live event of its own. */
const GUILD_READ_AGAIN_MS = 15_000;

export function GuildPage(props: GuildPageProps) {
  const { id = '' } = useParams();
  // A fresh screen per guild: nothing shown for one guild can leak into another's.
  return <GuildScreen key={id} id={id} {...props} />;
}

function GuildScreen({ id, chat, drive }: GuildPageProps & { id: string }) {
  const { uid, username: me } = useSignedInPlayer();
  const { profile } = usePlayer(uid);
  const navigate = useNavigate();
  const read = guildsApi.guild(id);
  // Read again while on screen (issue #51): a join request reaches the leader's open page, and a requester's page
  // becomes the member's view once accepted, within GUILD_READ_AGAIN_MS.
  const loaded = useRead(read, 'could not read the guild', { refetchInterval: GUILD_READ_AGAIN_MS });
  const page = loaded.data;
  const intent = useIntent<IntentName>();
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const membersTitle = useRef<HTMLHeadingElement>(null);
  const [presence, setPresence] = useState<GuildPresence>(null);

  if (loaded.error) {
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
        // The answer is the page as the viewer now sees it: it replaces the one shown.
        setRead(read, await request());
        after?.();
      },
      () => loaded.reload(),
    );

  const join = () => send('join', () => guildsApi.join(id), () => void playerCache.reload());
  const leave = () =>
    intent.run('leave', async () => {
      const { message } = await guildsApi.leave(id);
      void playerCache.reload();
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
      <GuildHeader page={page}>
        <Membership
          page={page}
          inOtherGuild={!myRole && !!profile?.guild}
          joining={intent.busy('join')}
          onJoin={() => void join()}
          onLeave={() => setConfirm({ kind: 'leave' })}
        />
      </GuildHeader>

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
          <JoinRequests
            column={showChat ? 'lg:col-start-1' : ''}
            requests={requests}
            busy={intent.busy('answer')}
            onAnswer={(username, accept) => void send('answer', () => guildsApi.answer(id, username, accept))}
          />
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
