/**
 * The chat rooms a player can have sockets in: the lobby and, in a guild, the guild's room. What reaches a
 * player's sockets (an ended session, a ban, a mute) goes to both.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client';
import { guildMembers } from '../../core/db/schema';
import { chatRoom, guildRoom, LOBBY } from './room';

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
    await Promise.all(rooms.map((room) => chatRoom(env, room).mute(uid, until)));
  } catch (error) {
    console.error('mute not pushed to open chat sockets', error);
  }
}
