import { useSyncExternalStore } from 'react';
import { chatConnectionFor, type ChatConnection, type ChatSnapshot } from './connection';

const EMPTY: ChatSnapshot = { status: 'connecting', messages: [], users: [], news: [], error: null, unread: 0, older: 'start' };
const noop = () => () => {};

/** The live chat state of the player with this username (empty while there is none). */
export function useChat(username: string | undefined): { chat: ChatSnapshot; connection: ChatConnection | null } {
  const connection = username ? chatConnectionFor(username) : null;
  const chat = useSyncExternalStore(connection?.subscribe ?? noop, connection?.getSnapshot ?? (() => EMPTY));
  return { chat, connection };
}
