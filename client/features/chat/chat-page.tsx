import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CloseButton, Dialog } from '../../components/dialog';
import { PlayerName } from '../../components/player-card';
import { useSignedInPlayer } from '../../lib/session';
import { mentionPatternFor, Message, useMessageDeletion } from './message';
import { MessageBox } from './message-box';
import { useChat } from './use-chat';
import { ScreenHeading } from '../../components/ui';
import { Button } from '../../components/forms';

/** docs/spec.md section 9: autoscroll only while the reader is within 50 px of the bottom. */
const AUTOSCROLL_THRESHOLD_PX = 50;

function OnlineUsers({ users, me }: { users: string[]; me: string }) {
  // docs/spec.md section 2: the player's own name first in bold, the others alphabetically.
  const others = users.filter((name) => name !== me).sort((a, b) => a.localeCompare(b));
  return (
    <ul aria-label="Online users" className="space-y-1">
      {users.includes(me) && (
        <li>
          <strong>
            <PlayerName username={me} />
          </strong>
        </li>
      )}
      {others.map((name) => (
        <li key={name}>
          <PlayerName username={name} />
        </li>
      ))}
    </ul>
  );
}

/** Phones: the online list in a dialog (focus trapped and restored, Escape and a click outside close it). */
function UsersOverlay({ users, me, onClose }: { users: string[]; me: string; onClose: () => void }) {
  return (
    <Dialog
      title="Online Users"
      onClose={onClose}
      actions={<CloseButton onClose={onClose} autoFocus className="btn-secondary w-full" />}
    >
      <OnlineUsers users={users} me={me} />
    </Dialog>
  );
}

// The lobby is everyone's room, so it is never `removed`; the key keeps the record total.
const STATUS_TEXT = { connecting: 'Connecting…', reconnecting: 'Reconnecting…', open: null, closed: 'Closed', removed: 'Closed' } as const;

export default function ChatPage() {
  const { username: me, isAdmin } = useSignedInPlayer();
  const { chat, connection } = useChat(me);
  const deletion = useMessageDeletion(isAdmin);
  const [showUsers, setShowUsers] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const nearBottom = useRef(true);
  /** While older messages load: the message that was oldest and its distance from the list's top edge. */
  const anchor = useRef<{ id: number; offset: number } | null>(null);
  const mentionPattern = mentionPatternFor(me);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const kept = anchor.current && list.querySelector<HTMLElement>(`[data-id="${anchor.current.id}"]`);
    // A page added above keeps the message the reader was looking at where it was on screen (so do live
    // messages arriving while it loads); once the page is in, the anchor has done its work.
    if (anchor.current && kept) {
      list.scrollTop = kept.offsetTop - anchor.current.offset;
      if (chat.messages[0]?.id !== anchor.current.id) anchor.current = null;
    } else if (nearBottom.current) list.scrollTop = list.scrollHeight;
  }, [chat.messages]);

  async function loadOlder() {
    const list = listRef.current;
    const oldest = chat.messages[0];
    const element = oldest && list?.querySelector<HTMLElement>(`[data-id="${oldest.id}"]`);
    if (list && oldest && element) anchor.current = { id: oldest.id, offset: element.offsetTop - list.scrollTop };
    // Nothing came (an error, or the room had nothing older): nothing will move.
    if (!(await connection?.loadOlder())) anchor.current = null;
  }

  // The chat screen shows every message it has, so they all count as seen while it is open.
  useEffect(() => {
    connection?.markSeen();
  }, [connection, chat.messages]);


  const status = STATUS_TEXT[chat.status];
  return (
    <section className="mx-auto flex h-[calc(100dvh-12rem)] max-w-5xl gap-4 px-4 py-4 sm:h-[calc(100dvh-5rem)]">
      <div className="flex min-w-0 flex-1 flex-col rounded-2xl bg-white shadow ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
        <header className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <ScreenHeading title="Chat" className="text-xl font-bold" />
          {status && (
            <span role="status" className="text-sm text-slate-600 dark:text-slate-400">
              {status}
            </span>
          )}
          <button type="button" className="btn-secondary sm:hidden" onClick={() => setShowUsers(true)}>
            Online Users
          </button>
        </header>
        {/*
          The box comes before the messages in the document, so in the tab order: a keyboard reaches it two Tabs
          after the screen's name rather than after every message's name button. It still shows below them.
        */}
        <div className="order-last">
          {chat.error && (
            <p role="alert" className="px-4 text-sm text-red-600 dark:text-red-400">
              {chat.error}
            </p>
          )}
          <MessageBox connection={connection} chat={chat} placeholder="Say something…" className="border-t border-slate-200 p-3 dark:border-slate-800" />
        </div>
        <ol
          ref={listRef}
          aria-label="Messages"
          aria-live="polite"
          className="flex-1 space-y-1 overflow-y-auto p-3"
          onScroll={(event) => {
            const list = event.currentTarget;
            nearBottom.current = list.scrollHeight - list.scrollTop - list.clientHeight <= AUTOSCROLL_THRESHOLD_PX;
          }}
        >
          {chat.messages.length > 0 && (
            <li className="py-1 text-center text-sm text-slate-600 dark:text-slate-400">
              {chat.older === 'start' ? (
                'Beginning of chat'
              ) : (
                <Button className="btn-secondary" disabled={chat.older === 'loading'} onClick={() => void loadOlder()}>
                  {chat.older === 'loading' ? 'Loading…' : 'Load older messages'}
                </Button>
              )}
            </li>
          )}
          {chat.messages.map((message) => (
            <Message key={message.id} message={message} own={message.username === me} mentioned={mentionPattern.test(message.text)} onDelete={deletion.onDelete} />
          ))}
        </ol>
      </div>
      <aside className="hidden w-56 shrink-0 rounded-2xl bg-white p-4 shadow ring-1 ring-slate-200 sm:block dark:bg-slate-900 dark:ring-slate-800">
        <h2 className="mb-3 font-bold">Online Users</h2>
        <OnlineUsers users={chat.users} me={me} />
      </aside>
      {showUsers && <UsersOverlay users={chat.users} me={me} onClose={() => setShowUsers(false)} />}
      {deletion.dialogs}
    </section>
  );
}
