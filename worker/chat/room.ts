/**
 * The chat room (DESIGN.md section 4): one SQLite-backed Durable Object holding every chat socket through the
 * WebSocket Hibernation API. It sets a timer only while busy (the coalescing window below), so it sleeps while
 * the room is quiet; what it must remember (messages, news) is in SQLite and who each socket belongs to is in
 * the socket's attachment. Nothing here is about the lobby: any room name gets the same behaviour.
 * The username always comes from the Worker, which authenticated the session; never from the client.
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
  NewsEventSchema,
  type MessagesPage,
  type News,
  type NewsEvent,
  type Notice,
  type BroadcastFrame,
  type ServerFrame,
} from '../../game/chat-protocol';
import { CHAT_MESSAGE_MAX } from '../../game/constants';

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
}

/** A player's open sockets (tabs): a new one beyond this closes the oldest. */
export const SOCKETS_PER_PLAYER = 5;
/** Open sockets per client address, across players: more are refused. */
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

export class ChatRoom extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** Who each socket is, rebuilt from attachments on wake so broadcasts never deserialize per socket. */
  private readonly sockets = new Map<WebSocket, Attachment>();
  /** Recent refused frames per socket, for closing a flood. In memory, like the rate limit. */
  private readonly refused = new Map<WebSocket, number[]>();
  /** Open sockets per player: the online list changes only when a count goes 0 → 1 or 1 → 0. */
  private readonly online = new Map<string, number>();
  /** Recent send times per user for the rate limit. In memory: the room only sleeps when it is quiet. */
  private readonly recentSends = new Map<string, number[]>();
  /** Broadcasts waiting for the end of the coalescing window; null while no window is open. */
  private pending: BroadcastFrame[] | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
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
    for (const ws of ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as Attachment | null;
      if (attachment) this.track(ws, attachment);
    }
  }

  override async fetch(request: Request): Promise<Response> {
    const identity = parseIdentity(request.headers.get(CHAT_IDENTITY_HEADER));
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket' || !identity) {
      return new Response('Expected a WebSocket upgrade from the Worker', { status: 426 });
    }
    if (identity.address !== null && this.socketsWhere((a) => a.address === identity.address).length >= SOCKETS_PER_ADDRESS) {
      return new Response(null, { status: 429 });
    }
    // A sixth tab closes the oldest, so a player cannot multiply what every broadcast costs.
    const mine = this.socketsWhere((a) => a.uid === identity.uid).sort((a, b) => a[1].connectedAt - b[1].connectedAt);
    for (const [ws] of mine.slice(0, Math.max(0, mine.length - SOCKETS_PER_PLAYER + 1))) this.end(ws, CLOSE_TOO_MANY_TABS, 'too many tabs');
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const attachment: Attachment = { ...identity, connectedAt: Date.now() };
    server.serializeAttachment(attachment);
    this.send(server, { type: 'history', messages: this.page(null, CHAT_PAGE_SIZE).messages, news: this.latestNews() });
    // The newcomer gets the list once; everyone else hears of a player coming online (not of another tab).
    const cameOnline = this.track(server, attachment);
    this.send(server, { type: 'user-list', users: [...this.online.keys()].sort() });
    if (cameOnline) this.broadcast({ type: 'user-joined', username: identity.username });
    return new Response(null, { status: 101, webSocket: client });
  }

  override webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): void {
    const sender = this.sockets.get(ws);
    if (!sender) return;
    const { username } = sender;
    const size = typeof data === 'string' ? data.length : data.byteLength;
    let frame;
    try {
      frame = size > FRAME_CHARS_MAX ? null : ClientFrameSchema.safeParse(JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data)));
    } catch {
      frame = null;
    }
    if (frame?.success && frame.data.type === 'sign-out') return this.end(ws, 1000, 'signed out');
    // Every other frame, understood or not, counts toward the player's rate limit.
    const allowed = this.allowSend(username);
    if (!frame?.success) return this.refuse(ws, CHAT_MSG.invalidFrame);
    if (frame.data.type !== 'message') return;
    const text = frame.data.text.trim();
    if (text.length === 0) return;
    if (text.length > CHAT_MESSAGE_MAX) return this.refuse(ws, CHAT_MSG.tooLong);
    if (!allowed) return this.refuse(ws, CHAT_MSG.tooFast);
    const timestamp = Date.now();
    if (sender.mutedUntil > timestamp) return this.refuse(ws, CHAT_MSG.muted(sender.mutedUntil));
    const { guildTag } = sender;
    // Sent, then stored: the output gate holds every frame sent after a storage write until the write is
    // durable, which put a SQLite commit in every message's latency (ADR 005). The id is the one the insert
    // below will take; a crash between the two loses the message, and the next message reuses its id.
    const id = this.nextMessageId();
    this.broadcast({ type: 'message', message: { id, username, guildTag, text, timestamp } });
    this.sql.exec('INSERT INTO messages (id, username, guild_tag, text, timestamp) VALUES (?, ?, ?, ?, ?)', id, username, guildTag, text, timestamp);
    // Trim in steps of 100 rather than on every insert: the room keeps at least the newest 1,000.
    if (id % 100 === 0) this.sql.exec('DELETE FROM messages WHERE id <= ?', id - CHAT_HISTORY_KEPT);
  }

  /** The id AUTOINCREMENT gives the next message (never one used before, even after a trim or a delete). */
  private nextMessageId(): number {
    return this.sql.exec<{ id: number }>(`SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'messages'), 0) + 1 AS id`).one().id;
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

  /** RPC from the Worker: something that happened to one player, for that player's open sockets only. */
  notify(username: string, notice: Notice): void {
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
  endSockets(which: { sessionId: string } | { uid: string }, code = CLOSE_SESSION_ENDED): number {
    const matches = this.socketsWhere((a) => ('sessionId' in which ? a.sessionId === which.sessionId : a.uid === which.uid));
    for (const [ws] of matches) this.end(ws, code, code === CLOSE_REMOVED ? 'removed' : 'session ended');
    return matches.length;
  }

  /** RPC from the Worker: the admin muted a player (or lifted it, with 0); their open sockets know at once. */
  mute(uid: string, until: number): void {
    for (const [ws, attachment] of this.socketsWhere((a) => a.uid === uid)) {
      const muted = { ...attachment, mutedUntil: until };
      ws.serializeAttachment(muted);
      this.sockets.set(ws, muted);
    }
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

  /** RPC: closes every socket as a restart would (development fixture for reconnect tests). */
  closeAll(): void {
    for (const ws of this.sockets.keys()) ws.close(1012, 'restarting');
    this.sockets.clear();
    this.online.clear();
    this.refused.clear();
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

  /** Registers a socket; true when its player just came online. */
  private track(ws: WebSocket, attachment: Attachment): boolean {
    const { username } = attachment;
    this.sockets.set(ws, attachment);
    const count = (this.online.get(username) ?? 0) + 1;
    this.online.set(username, count);
    return count === 1;
  }

  /** Forgets a socket; tells everyone when that was its player's last one. */
  private drop(ws: WebSocket) {
    const username = this.sockets.get(ws)?.username;
    if (username === undefined) return;
    this.sockets.delete(ws);
    this.refused.delete(ws);
    const count = (this.online.get(username) ?? 1) - 1;
    if (count > 0) {
      this.online.set(username, count);
      return;
    }
    this.online.delete(username);
    this.broadcast({ type: 'user-left', username });
  }

  private send(ws: WebSocket, frame: ServerFrame) {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      this.drop(ws);
    }
  }

  /** To every socket: at once in a quiet room, else with the rest of the coalescing window (COALESCE_MS). */
  private broadcast(frame: BroadcastFrame) {
    if (this.pending) {
      this.pending.push(frame);
      if (this.pending.length >= BATCH_MAX) this.flush();
      return;
    }
    this.pending = [];
    this.sendToAll(JSON.stringify(frame));
    setTimeout(() => this.endWindow(), COALESCE_MS);
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
    const [only] = frames;
    if (only) this.sendToAll(JSON.stringify(frames.length === 1 ? only : ({ type: 'batch', frames } satisfies ServerFrame)));
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
}

/** The room named `name`: the lobby everyone shares, or a guild's (DESIGN.md section 7.2). */
export function chatRoom(env: Env, name: string = LOBBY) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(name));
}
export const LOBBY = 'lobby';
export const guildRoom = (guildId: string) => `guild:${guildId}`;
