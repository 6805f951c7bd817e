/**
 * What passes between the two sides of a chat room (ADR 011, docs/decisions/011-chat-sharding.md): the socket
 * side (socket-side.ts) tells the state side (room-state.ts) who joins, speaks and leaves; the Worker reaches a
 * player's sockets through either. In a room both sides are in one object; in the sharded lobby they talk over
 * RPC (lobby-links.ts).
 */
import type { ClientFrame, Notice, ServerFrame, WorldEvent } from '../../../game/chat-protocol';

/** Header the Worker sets on the upgrade it forwards (JSON `Identity`); any client copy is dropped by the Worker. */
export const CHAT_IDENTITY_HEADER = 'X-Chat-Identity';

/** Who a socket belongs to, as the Worker authenticated it. */
export interface Identity {
  username: string;
  uid: string;
  /** The session the socket was opened with: ending the session ends the socket (issue #15). */
  sessionId: string;
  /** The client's address (worker/core/client-address.ts), for the per-address cap; null when unknown. */
  address: string | null;
  /** The player's guild tag, written beside their messages; null outside a guild. */
  guildTag: string | null;
  /** Until when the admin muted the player (docs/design.md section 7.5); 0 when not muted. */
  mutedUntil: number;
}

/** A socket as the state side counts it: whose it is, and the leaf holding it (null: this very room). */
export interface Member {
  socketId: string;
  leaf: number | null;
  uid: string;
  username: string;
  sessionId: string;
  address: string | null;
}

/** What a newcomer's socket is sent first. */
export interface Welcome {
  history: Extract<ServerFrame, { type: 'history' }>;
  users: string[];
}

/** Sockets of one session, of every session of an account, or every socket (a restart). */
export type Which = { sessionId: string } | { uid: string } | { every: true };

export const matches =
  (which: Which) =>
  (socket: { sessionId: string; uid: string }): boolean => {
    if ('every' in which) return true;
    return 'sessionId' in which ? socket.sessionId === which.sessionId : socket.uid === which.uid;
  };

type Awaitable<T> = T | Promise<T>;

/** The parts of a socket's identity that can change while it is open. */
export type Standing = Partial<Pick<Identity, 'mutedUntil' | 'guildTag'>>;

/**
 * The state side as the socket side sees it: the room's own (room-state.ts), or the lobby's root over RPC
 * (lobby-links.ts), where undefined means the root did not answer.
 */
export interface StateLink {
  /** Null: the address holds too many sockets. */
  join(member: Member): Awaitable<Welcome | null | undefined>;
  /** The refusal to send back to the sender, or null. */
  accept(sender: Identity, frame: ClientFrame | null): Awaitable<string | null | undefined>;
  /** One of the sockets closed (the whole member: a root that restarted may not have counted it). */
  leave(member: Member): unknown;
}

/** What the Worker does to a player's open sockets: here (a room, a leaf), or on the leaves holding them (the root). */
export interface PlayerSockets {
  notify(username: string, notice: Notice): Awaitable<void>;
  /** World events for one player's sockets only (docs/design.md section 9.11: `attacked`, to the defender). */
  tellWorld(uid: string, events: WorldEvent[]): Awaitable<void>;
  /** How many sockets ended. */
  endSockets(which: Which, code: number): Awaitable<number>;
  /** What changed about a player since their sockets opened: a mute (or its end), their guild's tag. */
  restand(uid: string, standing: Standing): Awaitable<void>;
}
