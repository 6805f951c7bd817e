/**
 * The chat's development fixtures (worker/features/dev/routes.ts, development only): a restart of every chat
 * socket, for reconnect tests, and a long backlog of history, for paging tests.
 */
import { chatRoom, LOBBY } from './lobby-tree';
import type { RoomState } from './room-state';
import { CLOSE_RESTARTING } from './sockets';

/** Closes every socket of the lobby as a restart would: the clients reconnect. */
export async function restartChat(env: Env): Promise<void> {
  await chatRoom(env).endSockets({ every: true }, CLOSE_RESTARTING);
}

/** What a fixture does inside a room (ChatRoom.runFixture): plain data, since it crosses RPC. */
export type RoomFixture = { kind: 'history'; username: string; texts: string[] };

/** Messages from `username` straight into a room's history (the lobby's unless told): past the rate limit, sent to no socket. */
export async function seedChatHistory(env: Env, username: string, texts: string[], room: string = LOBBY): Promise<void> {
  await chatRoom(env, room).runFixture({ kind: 'history', username, texts });
}

/** Inside the room: applies a fixture to its state. */
export function applyFixture(state: RoomState, fixture: RoomFixture): void {
  const timestamp = Date.now();
  for (const text of fixture.texts) state.history.store({ id: state.history.nextMessageId(), username: fixture.username, guildTag: null, text, timestamp });
}
