/**
 * What the other features ask of the chat rooms. A player can have sockets in the lobby and, in a guild, the
 * guild's room: what reaches a player's sockets (an ended session, a ban, a mute) goes to both.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client';
import { guildMembers } from '../../core/db/schema';
import { CLOSE_REMOVED } from '../../../game/chat-protocol';
import { chatRoom, guildRoom, LOBBY } from './lobby-tree';

async function roomsOf(db: Database, uid: string): Promise<string[]> {
  const membership = await db.select({ guildId: guildMembers.guildId }).from(guildMembers).where(eq(guildMembers.uid, uid)).get();
  return membership ? [LOBBY, guildRoom(membership.guildId)] : [LOBBY];
}

/**
 * Revocation reaches the open chat sockets of a session (or of every session of an account) at once, not at
 * their next reconnect. Awaited, so they are gone when the answer arrives; a room that cannot be reached is
 * logged for the operator rather than turned into a 500 for a sign-out or password change that already happened.
 */
export async function endChatSockets(env: Env, db: Database, uid: string, sessionId?: string): Promise<void> {
  try {
    const rooms = await roomsOf(db, uid);
    await Promise.all(rooms.map((room) => chatRoom(env, room).endSockets(sessionId ? { sessionId } : { uid })));
  } catch (error) {
    console.error('chat sockets of an ended session not closed', error);
  }
}

/**
 * A mute (or its end, with 0) reaches the player's open sockets in every room at once. It is stored first, so a
 * room that cannot be reached still learns it when the player's next socket opens; that is logged, not a 500.
 */
export async function muteInRooms(env: Env, db: Database, uid: string, until: number): Promise<void> {
  try {
    const rooms = await roomsOf(db, uid);
    await Promise.all(rooms.map((room) => chatRoom(env, room).restand(uid, { mutedUntil: until })));
  } catch (error) {
    console.error('mute not pushed to open chat sockets', error);
  }
}

/**
 * A player joined or left a guild: the tag beside their lobby messages follows at once, for the messages their
 * open sockets send from now on (and so in history). Logged, not a 500: the membership already changed, and
 * the player's next socket reads it afresh.
 */
export async function retagInLobby(env: Env, uid: string, guildTag: string | null): Promise<void> {
  try {
    await chatRoom(env, LOBBY).restand(uid, { guildTag });
  } catch (error) {
    console.error('guild tag not pushed to open lobby sockets', error);
  }
}

/** A member who left or was removed stops hearing the guild's room at once (docs/design.md section 7.2). */
export async function endGuildSockets(env: Env, guildId: string, uid: string): Promise<void> {
  try {
    await chatRoom(env, guildRoom(guildId)).endSockets({ uid }, CLOSE_REMOVED);
  } catch (error) {
    // The membership already changed; the room refuses the socket at its next reconnect.
    console.error('guild sockets of a removed member not closed', error);
  }
}

/** A disbanded guild's room ends its last sockets and forgets what was said in it. */
export async function forgetGuildRoom(env: Env, guildId: string): Promise<void> {
  try {
    await chatRoom(env, guildRoom(guildId)).forget();
  } catch (error) {
    // The guild is gone either way: no one can open its room again.
    console.error('the room of a disbanded guild not cleared', error);
  }
}

/** Who is in a guild's room now (a guild page's online dots). Only for a guild that exists: a made-up id must not bring a Durable Object into being. */
export async function onlineInGuildRoom(env: Env, guildId: string): Promise<ReadonlySet<string>> {
  return new Set(await chatRoom(env, guildRoom(guildId)).onlineUsernames());
}

/** The admin deletes a message from the lobby or a guild's room: it leaves the history and every open screen. */
export function deleteChatMessage(env: Env, id: number, guildId: string | undefined): Promise<{ username: string; text: string } | null> {
  return chatRoom(env, guildId ? guildRoom(guildId) : LOBBY).deleteMessage(id);
}
