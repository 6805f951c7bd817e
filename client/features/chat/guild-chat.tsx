/**
 * A guild's chat (docs/design.md section 7.2), compact, for the guild page's chat section: the same protocol,
 * history and rate limits as the lobby, in the guild's own room, members only. Who is online shows in the
 * page's members list, so there is no list here: the room's presence goes to the page through `onPresence`,
 * as it changes, and null while the room cannot say (issue 24, point 7).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { guildChatSocketPath } from '../../../game/chat-protocol';
import { useSignedInPlayer } from '../../lib/session';
import { mentionPatternFor, Message, useMessageDeletion } from './message';
import { MessageBox } from './message-box';
import { useRoomChat } from './use-chat';

/** As in the lobby (docs/spec.md section 9): autoscroll only while the reader is within 50 px of the bottom. */
const AUTOSCROLL_THRESHOLD_PX = 50;
const STATUS_TEXT = { connecting: 'Connecting…', reconnecting: 'Reconnecting…', open: null, closed: 'Closed', removed: null } as const;

export function GuildChat({ guildId, onPresence }: { guildId: string; onPresence?: (presence: readonly string[] | null) => void }) {
  const { username: me, isAdmin } = useSignedInPlayer();
  const { chat, connection } = useRoomChat(me, guildChatSocketPath(guildId));
  // The room's whole list comes once the socket is in, and always names the reader then: before it, an open
  // socket's empty list says nothing yet.
  const known = chat.status === 'open' && chat.users.includes(me);
  const presence = known ? chat.users : null;
  useEffect(() => {
    onPresence?.(presence);
  }, [onPresence, presence]);
  useEffect(() => () => onPresence?.(null), [onPresence]);
  const deletion = useMessageDeletion(isAdmin, guildId);
  const listRef = useRef<HTMLOListElement>(null);
  const nearBottom = useRef(true);
  const mentionPattern = mentionPatternFor(me);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (list && nearBottom.current) list.scrollTop = list.scrollHeight;
  }, [chat.messages]);

  if (chat.status === 'removed') {
    // The room closed this socket for good: the player left the guild or was removed from it.
    return (
      <p role="status" data-testid="guild-chat-removed" className="mt-3 rounded-xl bg-slate-100 p-3 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        You are no longer in this guild, so its chat has closed.
      </p>
    );
  }


  const status = STATUS_TEXT[chat.status];
  return (
    <div className="mt-3 flex flex-col gap-2" data-testid="guild-chat">
      {status && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
        </p>
      )}
      {/* Before the messages in the tab order, below them on screen (as in the lobby, chat-page.tsx). */}
      <div className="order-last flex flex-col gap-2">
        {chat.error && (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {chat.error}
          </p>
        )}
        <MessageBox connection={connection} chat={chat} placeholder="Say something to the guild…" />
      </div>
      {/* Focusable, so a keyboard can scroll it; a screen reader hears new messages as they come. */}
      <ol
        ref={listRef}
        aria-label="Guild messages"
        aria-live="polite"
        tabIndex={0}
        className="h-72 space-y-1 overflow-y-auto rounded-xl bg-slate-50 p-2 ring-1 ring-slate-200 lg:h-96 dark:bg-slate-950/60 dark:ring-slate-800"
        onScroll={(event) => {
          const list = event.currentTarget;
          nearBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight <= AUTOSCROLL_THRESHOLD_PX;
        }}
      >
        {chat.status !== 'connecting' && chat.messages.length === 0 && <li className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No messages yet</li>}
        {chat.messages.map((message) => (
          <Message key={message.id} message={message} own={message.username === me} mentioned={mentionPattern.test(message.text)} onDelete={deletion.onDelete} />
        ))}
      </ol>
      {deletion.dialogs}
    </div>
  );
}
