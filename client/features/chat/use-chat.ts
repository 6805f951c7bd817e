import { useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { chatConnectionFor, roomConnection, type ChatConnection, type ChatSnapshot } from './connection';

const EMPTY: ChatSnapshot = { status: 'connecting', messages: [], users: [], news: [], error: null, refused: null, unread: 0, older: 'start' };
const noop = () => () => {};
const empty = () => EMPTY;

function useSnapshot(connection: ChatConnection | null): ChatSnapshot {
  return useSyncExternalStore(connection?.subscribe ?? noop, connection?.getSnapshot ?? empty);
}

/** The live lobby chat of the player with this username (empty while there is none). */
export function useChat(username: string | undefined): { chat: ChatSnapshot; connection: ChatConnection | null } {
  const connection = username ? chatConnectionFor(username) : null;
  return { chat: useSnapshot(connection), connection };
}

/** The live chat of another room (`path`, e.g. a guild's), open while the calling screen is. */
export function useRoomChat(username: string, path: string): { chat: ChatSnapshot; connection: ChatConnection | null } {
  const connection = useMemo(() => roomConnection(username, path), [username, path]);
  return { chat: useSnapshot(connection), connection };
}

/**
 * The message box of a room: what the player types, sent on submit and cleared; a message the room refuses
 * (too fast, too long, muted) comes back into the box if it is still empty, beside the room's reason, so
 * nothing the player wrote is lost.
 */
export function useMessageBox(connection: ChatConnection | null, refused: ChatSnapshot['refused']) {
  const [draft, setDraft] = useState('');
  // Adjusting state to a changed input during render (not in an effect), as React recommends.
  const [handled, setHandled] = useState(refused);
  if (refused !== handled) {
    setHandled(refused);
    if (refused && draft === '') setDraft(refused.text);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (connection?.send(draft)) setDraft('');
  };
  return { draft, setDraft, submit };
}
