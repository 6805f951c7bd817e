/**
 * The chat room (DESIGN.md section 4): SQLite-backed Durable Objects holding the chat sockets through the
 * WebSocket Hibernation API. A room sets a timer only while busy (the coalescing window below), so it sleeps
 * while quiet; what it must remember (messages, news) is in SQLite and who each socket belongs to is in the
 * socket's attachment. The username always comes from the Worker, which authenticated the session.
 *
 * One class plays three parts, told apart by the object's name (lobby-tree.ts, ADR 011):
 * - a room (a guild's; the lobby when it has one leaf): its sockets and everything else;
 * - the lobby's root (`lobby` with several leaves): history, news, rate limits and who is online; no socket;
 * - a leaf (`lobby/leaf/<k>`): the sockets of the players whose uid hashes to k.
 * Each method below belongs to the socket side (fetch, webSocket*, deliver: a room and a leaf) or the state
 * side (join, accept, leave, history, news: a room and the root). A room calls its own state side directly,
 * a leaf calls the root's over RPC, and the root fans its broadcasts out to the leaves that hold sockets.
 */
import { DurableObject } from 'cloudflare:workers';
import {
  CHAT_HISTORY_KEPT,
  CHAT_MSG,
  CHAT_PAGE_SIZE,
  CHAT_RATE_LIMIT,
  ClientFrameSchema,
  NEWS_KEPT,
  type ChatMessage,
  type ClientFrame,
  NewsEventSchema,
  type MessagesPage,
  type News,
  type NewsEvent,
  type Notice,
  type BroadcastFrame,
  type ServerFrame,
} from '../../../game/chat-protocol';
import { CHAT_MESSAGE_MAX } from '../../../game/constants';
import { LOBBY, leafIndex, leafName, lobbyLeaves } from './lobby-tree';

export { LOBBY, guildRoom } from './lobby-tree';

/** Header the Worker sets on the upgrade it forwards (JSON `Identity`); any client copy is dropped by the Worker. */
export const CHAT_IDENTITY_HEADER = 'X-Chat-Identity';

/** Who a socket belongs to, as the Worker authenticated it. */
export interface Identity {
  username: string;
  uid: string;
  /** The session the socket was opened with: ending the session ends the socket (issue #15). */
  sessionId: string;
  /** The client's address (worker/auth/throttle.ts clientAddress), for the per-address cap; null when unknown. */
  address: string | null;
  /** The player's guild tag, written beside their messages; null outside a guild. */
  guildTag: string | null;
  /** Until when the admin muted the player (DESIGN.md section 7.5); 0 when not muted. */
  mutedUntil: number;
}

interface Attachment extends Identity {
  connectedAt: number;
  /** Names the socket to the state side, which may be another object (the lobby's root). */
  socketId: string;
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

/** Sockets of one session, or of every session of an account. */
export type Which = { sessionId: string } | { uid: string };

type Part = { kind: 'room' } | { kind: 'root'; leaves: number } | { kind: 'leaf'; index: number };
type Stub = DurableObjectStub<ChatRoom>;

/** A player's open sockets (tabs): a new one beyond this closes the oldest. */
export const SOCKETS_PER_PLAYER = 5;
/** Open sockets per client address, across players (and across the lobby's leaves): more are refused. */
export const SOCKETS_PER_ADDRESS = 20;
/** Frames refused in one rate window (invalid, oversized, too long, too fast) before the socket is closed. */
export const REFUSED_FRAMES_LIMIT = 20;
/** Anything longer is refused unread: the longest valid frame is a message of 10 × the text limit. */
const FRAME_CHARS_MAX = CHAT_MESSAGE_MAX * 10 + 100;

/**
 * Coalescing: a broadcast in a quiet room goes out at once and opens a window of this many milliseconds;
 * broadcasts during the window wait and go out together at its end, as one `batch` frame per socket, and the
 * window reopens while there was something to send. Sending a frame to a socket is most of what a delivery
 * costs (bench/README.md), so a busy room sends one frame per socket per window instead of one per message.
 */
export const COALESCE_MS = 10;
/** A batch this long goes out before its window ends, so no frame grows without bound. */
const BATCH_MAX = 100;

/** Close codes the client knows not to reconnect after (client/features/chat/connection.ts). */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_TOO_MANY_TABS = 4008;
/** The player left the room's guild or was removed from it. */
export const CLOSE_REMOVED = 4003;

function parseIdentity(header: string | null): Identity | null {
  try {
    const value: unknown = header && JSON.parse(header);
    if (typeof value !== 'object' || value === null) return null;
    const { username, uid, sessionId, address, guildTag, mutedUntil } = value as Record<string, unknown>;
    if (typeof username !== 'string' || typeof uid !== 'string' || typeof sessionId !== 'string' || !username) return null;
    if (typeof address !== 'string' && address !== null) return null;
    if ((typeof guildTag !== 'string' && guildTag !== null) || typeof mutedUntil !== 'number') return null;
    return { username, uid, sessionId, address, guildTag, mutedUntil };
  } catch {
    return null;
  }
}

/** A client's frame, or null for anything the protocol does not know (oversized, not JSON, not a frame). */
function parseFrame(data: string | ArrayBuffer): ClientFrame | null {
  if ((typeof data === 'string' ? data.length : data.byteLength) > FRAME_CHARS_MAX) return null;
  try {
    const frame = ClientFrameSchema.safeParse(JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data)));
    return frame.success ? frame.data : null;
  } catch {
    return null;
  }
}

const matches = (which: Which) => (socket: { sessionId: string; uid: string }) => ('sessionId' in which ? socket.sessionId === which.sessionId : socket.uid === which.uid);

export class ChatRoom extends DurableObject<Env> {
  private readonly part: Part;
  private readonly sql: SqlStorage;

  // The socket side (a room, a leaf).
  /** Who each socket is, rebuilt from attachments on wake so broadcasts never deserialize per socket. */
  private readonly sockets = new Map<WebSocket, Attachment>();
  /** Recent refused frames per socket, for closing a flood. In memory, like the rate limit. */
  private readonly refused = new Map<WebSocket, number[]>();
  /** Broadcasts waiting for the end of the coalescing window; null while no window is open. */
  private pending: BroadcastFrame[] | null = null;
  /** Per socket being opened: the broadcasts it must get after its welcome (a leaf waits for the root's). */
  private readonly joining = new Set<BroadcastFrame[]>();
  private rootStub: Stub | null = null;

  // The state side (a room, the root).
  /** Every socket of the room, wherever it is held. The root rebuilds it from the leaves when it starts. */
  private readonly members = new Map<string, Member>();
  /** Open sockets per player: the online list changes only when a count goes 0 → 1 or 1 → 0. */
  private readonly online = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  /** Sockets per leaf: the root sends broadcasts to the leaves holding any. */
  private readonly perLeaf = new Map<number, number>();
  /** Recent send times per user for the rate limit. In memory: forgotten only when the object sleeps, when the room is quiet. */
  private readonly recentSends = new Map<string, number[]>();
  private readonly leafStubs = new Map<number, Stub>();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    const leaf = leafIndex(ctx.id.name);
    const leaves = lobbyLeaves(env);
    this.part = leaf !== null ? { kind: 'leaf', index: leaf } : ctx.id.name === LOBBY && leaves > 1 ? { kind: 'root', leaves } : { kind: 'room' };
    if (this.part.kind !== 'leaf') this.createTables();
    for (const ws of ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as Attachment | null;
      if (!attachment) continue;
      this.sockets.set(ws, attachment);
      if (this.part.kind === 'room') this.addMember(this.memberOf(attachment));
    }
    // The root holds no socket, so it is evicted when idle and forgets who is online: it asks the leaves
    // again before it answers anything.
    if (this.part.kind === 'root') void ctx.blockConcurrencyWhile(() => this.gatherMembers());
    // A leaf waking with no socket may have lost them in a restart (which closes every socket without a close
    // event): the root forgets whatever it thought this leaf held.
    if (this.part.kind === 'leaf' && this.sockets.size === 0) void this.toRoot((root) => root.leafRestarted(leaf!));
  }

  private createTables() {
    this.sql.exec(`CREATE TABLE IF NOT EXISTS messages (
      id INTEGER PRIMARY KEY AUTOINCREMENT, username TEXT NOT NULL, text TEXT NOT NULL, timestamp INTEGER NOT NULL)`);
    // Guild tags came with guilds; rooms created before keep their rows, which have none.
    const columns = this.sql.exec<{ name: string }>(`SELECT name FROM pragma_table_info('messages')`).toArray();
    if (!columns.some((column) => column.name === 'guild_tag')) this.sql.exec(`ALTER TABLE messages ADD COLUMN guild_tag TEXT`);
    // News as JSON events (game/chat-protocol.ts). The earlier `news` table held display text: dropped, since
    // news is only the ticker's last few items and its shape changed.
    this.sql.exec(`DROP TABLE IF EXISTS news`);
    this.sql.exec(`CREATE TABLE IF NOT EXISTS news_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL, timestamp INTEGER NOT NULL)`);
  }

  // ---- The socket side ----

  override async fetch(request: Request): Promise<Response> {
    const identity = parseIdentity(request.headers.get(CHAT_IDENTITY_HEADER));
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !identity || this.part.kind === 'root') {
      return new Response('Expected a WebSocket upgrade from the Worker', { status: 426 });
    }
    const attachment: Attachment = { ...identity, connectedAt: Date.now(), socketId: crypto.randomUUID() };
    const waiting: BroadcastFrame[] = [];
    this.joining.add(waiting);
    let welcome: Welcome | null | undefined;
    try {
      welcome = this.part.kind === 'leaf' ? await this.toRoot((root) => root.join(this.memberOf(attachment))) : this.join(this.memberOf(attachment));
    } finally {
      this.joining.delete(waiting);
    }
    if (welcome === undefined) throw new Error('the lobby root could not be reached');
    // The address has too many sockets open.
    if (welcome === null) return new Response(null, { status: 429 });
    // A sixth tab closes the oldest, so a player cannot multiply what every broadcast costs.
    const mine = this.socketsWhere((a) => a.uid === identity.uid).sort((a, b) => a[1].connectedAt - b[1].connectedAt);
    for (const [ws] of mine.slice(0, Math.max(0, mine.length - SOCKETS_PER_PLAYER + 1))) this.end(ws, CLOSE_TOO_MANY_TABS, 'too many tabs');
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment(attachment);
    this.sockets.set(server, attachment);
    this.send(server, welcome.history);
    this.send(server, { type: 'user-list', users: welcome.users });
    // What is still in the coalescing window reaches the newcomer with everyone else's, at its end.
    const inWindow = new Set(this.pending);
    for (const frame of waiting) if (!inWindow.has(frame)) this.send(server, frame);
    return new Response(null, { status: 101, webSocket: client });
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const sender = this.sockets.get(ws);
    if (!sender) return;
    const frame = parseFrame(data);
    if (frame?.type === 'sign-out') return this.end(ws, 1000, 'signed out');
    const refusal = this.part.kind === 'leaf' ? await this.toRoot((root) => root.accept(sender, frame)) : this.accept(sender, frame);
    if (refusal) this.refuse(ws, refusal);
  }

  override webSocketClose(ws: WebSocket, code: number, reason: string): void {
    this.drop(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed: nothing to answer.
    }
  }

  override webSocketError(ws: WebSocket): void {
    this.drop(ws);
  }

  /** RPC from the root: broadcasts for this leaf's sockets, in order. */
  deliver(frames: BroadcastFrame[]): void {
    this.broadcast(...frames);
  }

  /** RPC from the root, as it starts: the sockets this leaf holds. */
  heldSockets(): Member[] {
    return [...this.sockets.values()].map((attachment) => this.memberOf(attachment));
  }

  /** RPC from the Worker: something that happened to one player, for that player's open sockets only. */
  async notify(username: string, notice: Notice): Promise<void> {
    if (this.part.kind === 'root') {
      await this.forward((member) => member.username === username, (leaf) => leaf.notify(username, notice));
      return;
    }
    const encoded = JSON.stringify({ type: 'notice', notice } satisfies ServerFrame);
    for (const [ws] of this.socketsWhere((a) => a.username === username)) {
      try {
        ws.send(encoded);
      } catch {
        this.drop(ws);
      }
    }
  }

  /**
   * RPC from the Worker: a session ended (sign-out, a password reset, a ban), so its sockets end now, not at
   * their next reconnect. By session, or every session of an account.
   */
  async endSockets(which: Which, code = CLOSE_SESSION_ENDED): Promise<number> {
    if (this.part.kind === 'root') {
      const counts = await this.forward(matches(which), (leaf) => leaf.endSockets(which, code));
      return counts.reduce((sum: number, count) => sum + (count ?? 0), 0);
    }
    const found = this.socketsWhere(matches(which));
    for (const [ws] of found) this.end(ws, code, code === CLOSE_REMOVED ? 'removed' : 'session ended');
    return found.length;
  }

  /** RPC from the Worker: the admin muted a player (or lifted it, with 0); their open sockets know at once. */
  async mute(uid: string, until: number): Promise<void> {
    if (this.part.kind === 'root') {
      await this.forward((member) => member.uid === uid, (leaf) => leaf.mute(uid, until));
      return;
    }
    for (const [ws, attachment] of this.socketsWhere((a) => a.uid === uid)) {
      const muted = { ...attachment, mutedUntil: until };
      ws.serializeAttachment(muted);
      this.sockets.set(ws, muted);
    }
  }

  /**
   * RPC from the Worker: this guild room's guild was disbanded. Its last sockets end, and the history and news
   * it stored are deleted, since no one can open the room again.
   */
  async forget(): Promise<void> {
    for (const ws of [...this.sockets.keys()]) this.end(ws, CLOSE_REMOVED, 'removed');
    await this.ctx.storage.deleteAll();
    this.createTables();
  }

  /** RPC: closes every socket as a restart would (development fixture for reconnect tests). */
  async closeAll(): Promise<void> {
    if (this.part.kind === 'root') await this.forward(() => true, (leaf) => leaf.closeAll());
    for (const ws of [...this.sockets.keys()]) {
      ws.close(1012, 'restarting');
      this.drop(ws);
    }
  }

  private memberOf(attachment: Attachment): Member {
    const { socketId, uid, username, sessionId, address } = attachment;
    return { socketId, leaf: this.part.kind === 'leaf' ? this.part.index : null, uid, username, sessionId, address };
  }

  private socketsWhere(match: (attachment: Attachment) => boolean): [WebSocket, Attachment][] {
    return [...this.sockets].filter(([, attachment]) => match(attachment));
  }

  /** Closes a socket from this side and forgets it at once (its close event may never come back). */
  private end(ws: WebSocket, code: number, reason: string) {
    // Why, as a frame first: the close code may not survive a proxy (game/chat-protocol.ts `ended`).
    if (code >= 4000) this.send(ws, { type: 'ended', code });
    this.drop(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed.
    }
  }

  /** An error frame for a refused frame; a flood of refusals closes the socket. */
  private refuse(ws: WebSocket, message: string) {
    const now = Date.now();
    const recent = (this.refused.get(ws) ?? []).filter((time) => now - time < CHAT_RATE_LIMIT.windowMs);
    recent.push(now);
    this.refused.set(ws, recent);
    if (recent.length > REFUSED_FRAMES_LIMIT) return this.end(ws, 1008, 'too many refused frames');
    this.send(ws, { type: 'error', message });
  }

  /** Forgets a socket here and on the state side. */
  private drop(ws: WebSocket) {
    const attachment = this.sockets.get(ws);
    if (!attachment) return;
    this.sockets.delete(ws);
    this.refused.delete(ws);
    if (this.part.kind === 'leaf') void this.toRoot((root) => root.leave(attachment.socketId));
    else this.removeMember(attachment.socketId);
  }

  private send(ws: WebSocket, frame: ServerFrame) {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      this.drop(ws);
    }
  }

  /**
   * To every socket of the room: at once in a quiet room, else with the rest of the coalescing window
   * (COALESCE_MS). Out means to the sockets here or, at the lobby's root, to every leaf holding sockets,
   * which coalesces again for its own.
   */
  private broadcast(...frames: BroadcastFrame[]) {
    for (const waiting of this.joining) waiting.push(...frames);
    if (!this.pending) {
      this.pending = [];
      this.emit(frames);
      setTimeout(() => this.endWindow(), COALESCE_MS);
      return;
    }
    for (const frame of frames) {
      this.pending.push(frame);
      if (this.pending.length >= BATCH_MAX) this.flush();
    }
  }

  /** The window ends: what waited goes out and the window reopens; with nothing waiting, the room is quiet again. */
  private endWindow() {
    if (!this.pending?.length) {
      this.pending = null;
      return;
    }
    this.flush();
    setTimeout(() => this.endWindow(), COALESCE_MS);
  }

  private flush() {
    const frames = this.pending ?? [];
    this.pending = [];
    if (frames.length) this.emit(frames);
  }

  private emit(frames: BroadcastFrame[]) {
    if (this.part.kind === 'root') {
      // One call per leaf, made in order on one stub each, so every leaf gets the broadcasts in order.
      for (const leaf of this.perLeaf.keys()) void this.toLeaf(leaf, (stub) => stub.deliver(frames));
      return;
    }
    const [only] = frames;
    this.sendToAll(JSON.stringify(frames.length === 1 ? only : ({ type: 'batch', frames } satisfies ServerFrame)));
  }

  /** Encodes once and sends the same string to every socket. */
  private sendToAll(encoded: string) {
    const failed: WebSocket[] = [];
    for (const ws of this.sockets.keys()) {
      try {
        ws.send(encoded);
      } catch {
        failed.push(ws);
      }
    }
    for (const ws of failed) this.drop(ws);
  }

  /** A call to the lobby's root, on one stub so calls arrive in the order made; undefined if it failed. */
  private async toRoot<T>(call: (root: Stub) => Promise<T>): Promise<T | undefined> {
    this.rootStub ??= chatRoom(this.env, LOBBY);
    const stub = this.rootStub;
    try {
      return await call(stub);
    } catch (error) {
      // A broken stub stays broken: the next call makes a new one. A root that restarted asks the leaves
      // who is here, so a lost report heals there.
      if (this.rootStub === stub) this.rootStub = null;
      console.error('chat leaf: the lobby root did not answer', error);
      return undefined;
    }
  }

  // ---- The state side ----

  /**
   * A socket asks in (locally, or from a leaf): null when its address already holds too many sockets, else
   * what it is sent first. Its player coming online is broadcast (a second tab is not).
   */
  join(member: Member): Welcome | null {
    if (member.address !== null && (this.perAddress.get(member.address) ?? 0) >= SOCKETS_PER_ADDRESS) return null;
    const cameOnline = this.addMember(member);
    const welcome: Welcome = {
      history: { type: 'history', messages: this.page(null, CHAT_PAGE_SIZE).messages, news: this.latestNews() },
      users: [...this.online.keys()].sort(),
    };
    if (cameOnline) this.broadcast({ type: 'user-joined', username: member.username });
    return welcome;
  }

  /** RPC from a leaf: one of its sockets closed. */
  leave(socketId: string): void {
    this.removeMember(socketId);
  }

  /** RPC from a leaf that started afresh: whatever it held is gone. */
  leafRestarted(leaf: number): void {
    for (const member of [...this.members.values()]) if (member.leaf === leaf) this.removeMember(member.socketId);
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
    const id = this.nextMessageId();
    this.broadcast({ type: 'message', message: { id, username, guildTag, text, timestamp } });
    this.sql.exec('INSERT INTO messages (id, username, guild_tag, text, timestamp) VALUES (?, ?, ?, ?, ?)', id, username, guildTag, text, timestamp);
    // Trim in steps of 100 rather than on every insert: the room keeps at least the newest 1,000.
    if (id % 100 === 0) this.sql.exec('DELETE FROM messages WHERE id <= ?', id - CHAT_HISTORY_KEPT);
    return null;
  }

  /** Messages older than `before` (by id), newest first within the page, returned oldest first. */
  page(before: number | null, limit: number): MessagesPage {
    const rows = this.sql
      .exec<ChatMessage>(
        'SELECT id, username, guild_tag AS guildTag, text, timestamp FROM messages WHERE id < ? ORDER BY id DESC LIMIT ?',
        before ?? Number.MAX_SAFE_INTEGER,
        limit + 1,
      )
      .toArray();
    const more = rows.length > limit;
    const messages = rows.slice(0, limit).reverse();
    return { messages, nextCursor: more && messages[0] ? messages[0].id : null };
  }

  /** RPC from the Worker: a notable game event for the ticker. */
  postNews(event: NewsEvent): void {
    const timestamp = Date.now();
    const { id } = this.sql
      .exec<{ id: number }>('INSERT INTO news_events (event, timestamp) VALUES (?, ?) RETURNING id', JSON.stringify(event), timestamp)
      .one();
    this.sql.exec('DELETE FROM news_events WHERE id <= ?', id - NEWS_KEPT);
    this.broadcast({ type: 'news', news: { id, timestamp, event } });
  }

  /** RPC from the Worker: the admin deleted a message; it leaves the history and every open screen. */
  deleteMessage(id: number): { username: string; text: string } | null {
    const [row] = this.sql.exec<{ username: string; text: string }>('DELETE FROM messages WHERE id = ? RETURNING username, text', id).toArray();
    if (!row) return null;
    this.broadcast({ type: 'delete', id });
    return row;
  }

  /** RPC: who is online here (a guild page's online dots). */
  onlineUsernames(): string[] {
    return [...this.online.keys()];
  }

  /** RPC: messages written straight into history, sent to no socket (development fixture for paging tests). */
  addToHistory(username: string, texts: string[]): void {
    const timestamp = Date.now();
    for (const text of texts) this.sql.exec('INSERT INTO messages (username, guild_tag, text, timestamp) VALUES (?, NULL, ?, ?)', username, text, timestamp);
  }

  /** The id AUTOINCREMENT gives the next message (never one used before, even after a trim or a delete). */
  private nextMessageId(): number {
    return this.sql.exec<{ id: number }>(`SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'messages'), 0) + 1 AS id`).one().id;
  }

  private latestNews(): News[] {
    const rows = this.sql.exec<{ id: number; event: string; timestamp: number }>('SELECT id, event, timestamp FROM news_events ORDER BY id DESC LIMIT ?', NEWS_KEPT);
    const news: News[] = [];
    for (const row of rows) {
      // Parsed, not cast: a row this version cannot read is left out of the ticker rather than sent malformed.
      const event = NewsEventSchema.safeParse(JSON.parse(row.event));
      if (event.success) news.push({ id: row.id, timestamp: row.timestamp, event: event.data });
    }
    return news.reverse();
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
    return count === 1;
  }

  /** Counts a socket out; tells everyone when that was its player's last one. */
  private removeMember(socketId: string) {
    const member = this.members.get(socketId);
    if (!member) return;
    this.members.delete(socketId);
    if (member.address !== null) decrement(this.perAddress, member.address);
    if (member.leaf !== null) decrement(this.perLeaf, member.leaf);
    if (decrement(this.online, member.username) === 0) this.broadcast({ type: 'user-left', username: member.username });
  }

  /** Calls the leaves holding a socket that `match`es, all at once. */
  private forward<T>(match: (member: Member) => boolean, call: (leaf: Stub) => Promise<T>): Promise<(T | undefined)[]> {
    const leaves = new Set<number>();
    for (const member of this.members.values()) if (member.leaf !== null && match(member)) leaves.add(member.leaf);
    return Promise.all([...leaves].map((leaf) => this.toLeaf(leaf, call)));
  }

  /** Who is on which leaf, asked of every leaf (the root keeps it in memory only). */
  private async gatherMembers() {
    if (this.part.kind !== 'root') return;
    const held = await Promise.all(Array.from({ length: this.part.leaves }, (_, leaf) => this.toLeaf(leaf, (stub) => stub.heldSockets())));
    for (const members of held) for (const member of members ?? []) this.addMember(member);
  }

  private async toLeaf<T>(leaf: number, call: (stub: Stub) => Promise<T>): Promise<T | undefined> {
    let stub = this.leafStubs.get(leaf);
    if (!stub) {
      stub = chatRoom(this.env, leafName(leaf));
      this.leafStubs.set(leaf, stub);
    }
    try {
      return await call(stub);
    } catch (error) {
      if (this.leafStubs.get(leaf) === stub) this.leafStubs.delete(leaf);
      console.error(`chat root: leaf ${leaf} did not answer`, error);
      return undefined;
    }
  }
}

/** Lowers a count, forgetting it at zero; returns what is left. */
function decrement<K>(counts: Map<K, number>, key: K): number {
  const left = (counts.get(key) ?? 1) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
  return left;
}

/** The object named `name`: the lobby (its root when sharded), a guild's room, or a lobby leaf (lobby-tree.ts). */
export function chatRoom(env: Env, name: string = LOBBY): Stub {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(name));
}
