/**
 * The chat room (docs/design.md section 4): SQLite-backed Durable Objects holding the chat sockets through the
 * WebSocket Hibernation API. A room sets a timer only while busy (the coalescing window, coalescer.ts), so it
 * sleeps while quiet; what it must remember (messages, news) is in SQLite and who each socket belongs to is in
 * the socket's attachment. The username always comes from the Worker, which authenticated the session.
 *
 * One class plays three parts, told apart by the object's name (ADR 011): a room, the sharded lobby's root or
 * one of its leaves. It picks its role once, as it starts (roles.ts), and hands every call to it: the socket
 * side (socket-side.ts: a room and a leaf), the state side (room-state.ts: a room and the root), or the
 * player's sockets wherever they are held.
 */
import { DurableObject } from 'cloudflare:workers';
import type { BroadcastFrame, ClientFrame, MessagesPage, NewsEvent, Notice, WorldEvent } from '../../../game/chat-protocol';
import { CLOSE_REMOVED, CLOSE_SESSION_ENDED, WorldEventSchema } from '../../../game/chat-protocol';
import { applyFixture, type RoomFixture } from './dev-fixtures';
import type { RoomState } from './room-state';
import { roleOf, type Role } from './roles';
import type { Identity, Member, Standing, Welcome, Which } from './sides';
import { upgradeIdentity } from './sockets';

/** The events the protocol knows; the rest never reach a socket. */
function valid(events: unknown[]): WorldEvent[] {
  return events.flatMap((event) => {
    const parsed = WorldEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

export class ChatRoom extends DurableObject<Env> {
  private readonly role: Role;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.role = roleOf(ctx, env);
  }

  // ---- The socket side: a room's and a leaf's ----

  override async fetch(request: Request): Promise<Response> {
    const identity = upgradeIdentity(request);
    // The root holds no socket.
    if (!identity || !this.role.sockets) return new Response('Expected a WebSocket upgrade from the Worker', { status: 426 });
    return this.role.sockets.open(identity);
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    await this.role.sockets?.message(ws, data);
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    this.role.sockets?.closed(ws, code, reason);
  }

  override webSocketError(ws: WebSocket): void {
    this.role.sockets?.errored(ws);
  }

  /** The one alarm of a room or a leaf: closes the sockets that stopped pinging (keep-alive.ts). */
  override async alarm(): Promise<void> {
    await this.role.sockets?.sweep();
  }

  /** RPC from the root: broadcasts for this leaf's sockets, in order. */
  deliver(frames: BroadcastFrame[]): void {
    this.role.sockets?.broadcast(frames);
  }

  /** RPC from the root, as it starts: the sockets this leaf holds. */
  heldSockets(): Member[] {
    return this.role.sockets?.members() ?? [];
  }

  /**
   * RPC from the Worker (the lobby or a guild's room) or from the root (a leaf): world events for every socket,
   * coalesced to one `world` frame a second (docs/design.md section 9.11). What the schema refuses is dropped.
   */
  postWorld(events: unknown[]): void {
    this.role.world(valid(events));
  }

  // ---- A player's sockets, here or (at the root) on the leaves holding them ----

  /** RPC from the Worker: world events for one player's sockets only (`attacked`, to the defender). */
  async tellWorld(uid: string, events: unknown[]): Promise<void> {
    await this.role.players.tellWorld(uid, valid(events));
  }

  /** RPC from the Worker: something that happened to one player, for that player's open sockets only. */
  async notify(username: string, notice: Notice): Promise<void> {
    await this.role.players.notify(username, notice);
  }

  /**
   * RPC from the Worker: a session ended (sign-out, a password reset, a ban), so its sockets end now, not at
   * their next reconnect. By session, or every session of an account (or every socket, for a restart).
   */
  async endSockets(which: Which, code = CLOSE_SESSION_ENDED): Promise<number> {
    return this.role.players.endSockets(which, code);
  }

  /**
   * RPC from the Worker: what changed about a player (a mute or its end; joining or leaving a guild, which
   * changes the tag beside their messages): their open sockets know at once.
   */
  async restand(uid: string, standing: Standing): Promise<void> {
    await this.role.players.restand(uid, standing);
  }

  /**
   * RPC from the Worker: this guild room's guild was disbanded. Its last sockets end, and the history and news
   * it stored are deleted, since no one can open the room again.
   */
  async forget(): Promise<void> {
    await this.endSockets({ every: true }, CLOSE_REMOVED);
    await this.role.state?.history.clear();
  }

  // ---- The state side: a room's and the root's (a leaf calls the root's) ----

  join(member: Member): Welcome | null {
    return this.kept().join(member);
  }

  accept(sender: Identity, frame: ClientFrame | null): string | null {
    return this.kept().accept(sender, frame);
  }

  /** RPC from a leaf: one of its sockets closed. */
  leave(member: Member): void {
    this.kept().leave(member);
  }

  /** RPC from a leaf that started afresh: whatever it held is gone. */
  leafRestarted(leaf: number): void {
    this.kept().leafRestarted(leaf);
  }

  page(before: number | null, limit: number): MessagesPage {
    return this.kept().page(before, limit);
  }

  /** RPC from the Worker: a notable game event for the ticker. */
  postNews(event: NewsEvent): void {
    this.kept().postNews(event);
  }

  /** RPC from the Worker: the admin deleted a message; it leaves the history and every open screen. */
  deleteMessage(id: number): { username: string; text: string } | null {
    return this.kept().deleteMessage(id);
  }

  /** RPC: who is online here (a guild page's online dots). */
  onlineUsernames(): string[] {
    return this.kept().onlineUsernames();
  }

  /** RPC for development fixtures only (dev-fixtures.ts): runs one on this room's state. */
  runFixture(fixture: RoomFixture): void {
    applyFixture(this.kept(), fixture);
  }

  private kept(): RoomState {
    if (!this.role.state) throw new Error(`${this.ctx.id.name} is a lobby leaf: the lobby's state is at its root`);
    return this.role.state;
  }
}
