import { useMemo, useSyncExternalStore } from 'react';
import { chatConnectionFor, roomConnection, type ChatConnection } from './connection';
import type { ChatSnapshot } from './history';

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
