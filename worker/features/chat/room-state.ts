/**
 * The state side of a chat room (ADR 011): the history and news (history.ts), the rate limit, who is online
 * and the per-address socket cap. A room keeps its own; the sharded lobby keeps it at its root, for the sockets
 * of every leaf. What it broadcasts goes to `out`: the room's sockets, or the root's leaves (roles.ts).
 */
import { CHAT_MSG, CHAT_PAGE_SIZE, CHAT_RATE_LIMIT, type BroadcastFrame, type ClientFrame, type MessagesPage, type NewsEvent } from '../../../game/chat-protocol';
import { CHAT_MESSAGE_MAX } from '../../../game/constants';
import type { ChatHistory } from './history';
import type { Identity, Member, StateLink, Welcome } from './sides';

/** Open sockets per client address, across players (and across the lobby's leaves): more are refused. */
export const SOCKETS_PER_ADDRESS = 20;
/**
 * A player whose last socket closed stays listed this long before everyone hears `user-left`; back within it
 * (a reload, a reconnect), nobody hears anything (docs/deviations.md 14; hardening 3, finding 2).
 */
export const PRESENCE_GRACE_MS = 5000;

export class RoomState implements StateLink {
  /** Every socket of the room, wherever it is held. The root rebuilds it from the leaves when it starts. */
  private readonly members = new Map<string, Member>();
  /** Open sockets per player: the online list changes only when a count goes 0 → 1 or 1 → 0. */
  private readonly online = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  /** Sockets per leaf: the root sends broadcasts to the leaves holding any. */
  private readonly perLeaf = new Map<number, number>();
  /** Players whose last socket closed, until their grace ends (PRESENCE_GRACE_MS). */
  private readonly leaving = new Map<string, ReturnType<typeof setTimeout>>();
  /** Recent send times per user for the rate limit. In memory: forgotten only when the object sleeps, when the room is quiet. */
  private readonly recentSends = new Map<string, number[]>();

  constructor(
    readonly history: ChatHistory,
    private readonly out: (frames: BroadcastFrame[]) => void,
  ) {}

  /** Counts in sockets that were already open (after a wake), telling no one. */
  count(members: Member[]) {
    for (const member of members) this.addMember(member);
  }

  /**
   * A socket asks in (locally, or from a leaf): null when its address already holds too many sockets, else
   * what it is sent first. Its player coming online is broadcast (a second tab is not).
   */
  join(member: Member): Welcome | null {
    if (member.address !== null && (this.perAddress.get(member.address) ?? 0) >= SOCKETS_PER_ADDRESS) return null;
    const cameOnline = this.addMember(member);
    const welcome: Welcome = {
      history: { type: 'history', messages: this.history.page(null, CHAT_PAGE_SIZE).messages, news: this.history.latestNews() },
      users: this.listed().sort(),
    };
    if (cameOnline) this.out([{ type: 'user-joined', username: member.username }]);
    return welcome;
  }

  /**
   * One of the room's sockets closed. Usually one this state counted; but the lobby's root holds no socket, so
   * it is evicted when idle and, starting again, asks the leaves who is online: a socket whose close is what
   * woke it is no longer there to be counted, while every screen was told its player came online. So a socket
   * never counted, of a player with no other, is that player leaving too (it used to be ignored, and the
   * player stayed on every list until the screen reconnected: hardening 4).
   */
  leave(closed: Member): void {
    const member = this.members.get(closed.socketId);
    if (member) {
      this.members.delete(member.socketId);
      if (member.address !== null) decrement(this.perAddress, member.address);
      if (member.leaf !== null) decrement(this.perLeaf, member.leaf);
      // Everyone is told when that was its player's last one, and they have not come back within the grace.
      if (decrement(this.online, member.username) > 0) return;
    } else if (this.online.has(closed.username) || this.leaving.has(closed.username)) return;
    const { username } = closed;
    this.leaving.set(
      username,
      setTimeout(() => {
        this.leaving.delete(username);
        if (!this.online.has(username)) this.out([{ type: 'user-left', username }]);
      }, PRESENCE_GRACE_MS),
    );
  }

  /** A leaf started afresh: whatever it held is gone. */
  leafRestarted(leaf: number): void {
    for (const member of [...this.members.values()]) if (member.leaf === leaf) this.leave(member);
  }

  /**
   * A socket's frame (null: one the protocol does not know), locally or from a leaf: the refusal to send
   * back to that socket, or null. Checked here, where the rate limit and the history are, in one turn, so
   * a burst over several sockets and leaves meets one limit.
   */
  accept(sender: Identity, frame: ClientFrame | null): string | null {
    const { username, guildTag } = sender;
    // Every frame, understood or not, counts toward the player's rate limit.
    const allowed = this.allowSend(username);
    if (!frame) return CHAT_MSG.invalidFrame;
    if (frame.type !== 'message') return null;
    const text = frame.text.trim();
    if (text.length === 0) return null;
    if (text.length > CHAT_MESSAGE_MAX) return CHAT_MSG.tooLong;
    if (!allowed) return CHAT_MSG.tooFast;
    const timestamp = Date.now();
    if (sender.mutedUntil > timestamp) return CHAT_MSG.muted(sender.mutedUntil);
    // Sent, then stored: the output gate holds every frame (and RPC) sent after a storage write until the
    // write is durable, which put a SQLite commit in every message's latency (ADR 005). The id is the one
    // the insert below takes; a crash between the two loses the message, and the next one reuses its id.
    const message = { id: this.history.nextMessageId(), username, guildTag, text, timestamp };
    this.out([{ type: 'message', message }]);
    this.history.store(message);
    return null;
  }

  page(before: number | null, limit: number): MessagesPage {
    return this.history.page(before, limit);
  }

  /** A notable game event for the ticker. */
  postNews(event: NewsEvent): void {
    this.out([{ type: 'news', news: this.history.addNews(event) }]);
  }

  /** The admin deleted a message; it leaves the history and every open screen. */
  deleteMessage(id: number): { username: string; text: string } | null {
    const row = this.history.delete(id);
    if (row) this.out([{ type: 'delete', id }]);
    return row;
  }

  onlineUsernames(): string[] {
    return this.listed();
  }

  /** Who the room lists as online: every player with a socket, and those still within their grace. */
  private listed(): string[] {
    return [...new Set([...this.online.keys(), ...this.leaving.keys()])];
  }

  /** The leaves holding any socket. */
  leavesHolding(): number[] {
    return [...this.perLeaf.keys()];
  }

  /** The leaves holding a socket that `match`es. */
  leavesWhere(match: (member: Member) => boolean): number[] {
    const leaves = new Set<number>();
    for (const member of this.members.values()) if (member.leaf !== null && match(member)) leaves.add(member.leaf);
    return [...leaves];
  }

  private allowSend(username: string): boolean {
    const now = Date.now();
    const recent = (this.recentSends.get(username) ?? []).filter((time) => now - time < CHAT_RATE_LIMIT.windowMs);
    if (recent.length >= CHAT_RATE_LIMIT.messages) return false;
    recent.push(now);
    this.recentSends.set(username, recent);
    return true;
  }

  /** Counts a socket in; true when its player just came online. */
  private addMember(member: Member): boolean {
    if (this.members.has(member.socketId)) return false;
    this.members.set(member.socketId, member);
    if (member.address !== null) this.perAddress.set(member.address, (this.perAddress.get(member.address) ?? 0) + 1);
    if (member.leaf !== null) this.perLeaf.set(member.leaf, (this.perLeaf.get(member.leaf) ?? 0) + 1);
    const count = (this.online.get(member.username) ?? 0) + 1;
    this.online.set(member.username, count);
    // Back within the grace: nobody heard them leave, so nobody hears them come back.
    const returning = this.leaving.get(member.username);
    if (returning !== undefined) {
      clearTimeout(returning);
      this.leaving.delete(member.username);
      return false;
    }
    return count === 1;
  }
}

/** Lowers a count, forgetting it at zero; returns what is left. */
function decrement<K>(counts: Map<K, number>, key: K): number {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
  return left;
}
