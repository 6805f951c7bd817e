/**
 * The socket side of a chat room (ADR 011): the sockets a room or a lobby leaf holds through the WebSocket
 * Hibernation API, who each belongs to (in its attachment, so it survives hibernation), the per-player tab cap,
 * closing a flood of refused frames, closing sockets that stopped pinging (keep-alive.ts, on the object's one
 * alarm), and broadcasts to them, coalesced (coalescer.ts). Everything else (may this socket join, may this
 * message go out) it asks of the state side through `state`: the room's own, or the lobby's root over RPC.
 */
import { CHAT_RATE_LIMIT, CLOSE_TOO_MANY_TABS, type BroadcastFrame, type Notice, type ServerFrame, type WorldEvent } from '../../../game/chat-protocol';
import { Coalescer } from './coalescer';
import { CLOSE_SILENT, nextSweep, pingAutoResponse, pongFrame } from './keep-alive';
import { matches, type Identity, type Member, type PlayerSockets, type Standing, type StateLink, type Welcome, type Which } from './sides';
import { CLOSE_REASONS, parseFrame, REFUSED_FRAMES_LIMIT, SOCKETS_PER_PLAYER, unlisted, type Attachment } from './sockets';
import { WorldWindow } from './world-window';

export class SocketSide implements PlayerSockets {
  /** Who each socket is, rebuilt from attachments on wake so broadcasts never deserialize per socket. */
  private readonly sockets = new Map<WebSocket, Attachment>();
  /** Recent refused frames per socket, for closing a flood. In memory, like the rate limit. */
  private readonly refused = new Map<WebSocket, number[]>();
  /** Per socket being opened: the broadcasts it must get after its welcome (a leaf waits for the root's). */
  private readonly joining = new Set<BroadcastFrame[]>();
  private readonly window = new Coalescer((frames) => this.emit(frames));
  /** World events, at most one `world` frame a second per socket (world-window.ts). */
  private readonly world = new WorldWindow((everyone, players) => this.emitWorld(everyone, players));
  /**
   * When each socket last sent a frame the room itself read. In memory: pings never reach the room (the
   * runtime answers them and keeps the time), so this only matters for a client that talks without pinging.
   */
  private readonly heard = new Map<WebSocket, number>();
  /** Whether the sweep alarm is known to be set (after a wake: not known, the first socket to open asks). */
  private sweeping = false;

  /**
   * `leaf`: this lobby leaf's index, or null for a room. `timeoutMs`: how long a socket may go without a ping
   * (keep-alive.ts).
   */
  constructor(
    private readonly ctx: DurableObjectState,
    private readonly leaf: number | null,
    private readonly state: StateLink,
    private readonly timeoutMs: number,
  ) {
    // Answered by the runtime, even while the object hibernates: a ping costs no wake.
    ctx.setWebSocketAutoResponse(pingAutoResponse(timeoutMs));
    for (const ws of ctx.getWebSockets()) {
      const attachment = ws.deserializeAttachment() as Attachment | null;
      if (attachment && !attachment.ended) this.sockets.set(ws, attachment);
    }
  }

  /** The sockets held here, as the state side counts them. */
  members(): Member[] {
    return [...this.sockets.values()].map((attachment) => this.memberOf(attachment));
  }

  async open(identity: Identity): Promise<Response> {
    const attachment: Attachment = { ...identity, connectedAt: Date.now(), socketId: crypto.randomUUID() };
    const waiting: BroadcastFrame[] = [];
    this.joining.add(waiting);
    let welcome: Welcome | null | undefined;
    try {
      welcome = await this.state.join(this.memberOf(attachment));
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
    const inWindow = this.window.waiting();
    for (const frame of waiting) if (!inWindow.has(frame)) this.send(server, frame);
    // After the frames above: the alarm's write would hold back whatever is sent after it (the output gate).
    void this.keepSweeping();
    return new Response(null, { status: 101, webSocket: client });
  }

  async message(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const sender = this.sockets.get(ws);
    if (!sender) return;
    this.heard.set(ws, Date.now());
    const frame = parseFrame(data);
    // A ping the runtime did not answer itself (its bytes differ from CHAT_PING): answered here, never refused.
    if (frame?.type === 'ping') return this.send(ws, pongFrame(this.timeoutMs));
    if (frame?.type === 'sign-out') return this.end(ws, 1000, 'signed out');
    const refusal = await this.state.accept(sender, frame);
    if (refusal) this.refuse(ws, refusal);
  }

  closed(ws: WebSocket, code: number, reason: string): void {
    this.drop(ws);
    try {
      ws.close(code, reason);
    } catch {
      // Already closed: nothing to answer.
    }
  }

  errored(ws: WebSocket): void {
    this.drop(ws);
  }

  /** Something that happened to one player, for that player's open sockets only. */
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

  /** World events for one player's sockets here (`attacked`, to the defender), in their next `world` frame. */
  tellWorld(uid: string, events: WorldEvent[]): void {
    this.world.push(events, uid);
  }

  endSockets(which: Which, code: number): number {
    const found = this.socketsWhere(matches(which));
    for (const [ws] of found) this.end(ws, code, CLOSE_REASONS[code] ?? 'session ended');
    return found.length;
  }

  restand(uid: string, standing: Standing): void {
    for (const [ws, attachment] of this.socketsWhere((a) => a.uid === uid)) {
      const changed = { ...attachment, ...standing };
      ws.serializeAttachment(changed);
      this.sockets.set(ws, changed);
    }
  }

  /** To every socket here: at once in a quiet room, else with the rest of the coalescing window (COALESCE_MS). */
  broadcast(frames: BroadcastFrame[]) {
    for (const waiting of this.joining) waiting.push(...frames);
    this.window.push(frames);
  }

  /** World events for every socket here, in their next `world` frame (world-window.ts). */
  broadcastWorld(events: WorldEvent[]) {
    this.world.push(events);
  }

  /**
   * The alarm: closes every socket that has not pinged within the timeout (its player leaves the online list
   * after the presence grace, as after any close), then sets the alarm for the earliest deadline left. One
   * alarm per object, none while it holds no socket.
   */
  async sweep(): Promise<void> {
    const now = Date.now();
    let earliest = Infinity;
    for (const [ws, attachment] of [...this.sockets]) {
      const deadline = this.lastHeard(ws, attachment) + this.timeoutMs;
      if (deadline <= now) this.end(ws, CLOSE_SILENT, 'no ping');
      else earliest = Math.min(earliest, deadline);
    }
    this.sweeping = this.sockets.size > 0;
    if (this.sweeping) await this.ctx.storage.setAlarm(nextSweep(earliest, now));
  }

  /** Sets the sweep alarm unless it is set: a socket just opened, and its deadline is a timeout away. */
  private async keepSweeping() {
    if (this.sweeping) return;
    this.sweeping = true;
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(Date.now() + this.timeoutMs);
  }

  /** The last sign of life: the runtime's answer to its last ping, its last frame, or its opening. */
  private lastHeard(ws: WebSocket, attachment: Attachment): number {
    const pinged = this.ctx.getWebSocketAutoResponseTimestamp(ws)?.getTime() ?? 0;
    return Math.max(attachment.connectedAt, pinged, this.heard.get(ws) ?? 0);
  }

  private memberOf(attachment: Attachment): Member {
    const { socketId, uid, username, sessionId, address } = attachment;
    return { socketId, leaf: this.leaf, uid, username, sessionId, address };
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

  /** Forgets a socket here and on the state side, once. */
  private drop(ws: WebSocket) {
    const attachment = this.sockets.get(ws) ?? unlisted(ws);
    if (!attachment) return;
    this.sockets.delete(ws);
    this.refused.delete(ws);
    this.heard.delete(ws);
    try {
      ws.serializeAttachment({ ...attachment, ended: true } satisfies Attachment);
    } catch {
      // Closed: the runtime forgets it, attachment and all.
    }
    // The whole member, not only its id: a root that restarted since may never have counted this socket.
    void this.state.leave(this.memberOf(attachment));
  }

  private send(ws: WebSocket, frame: ServerFrame) {
    try {
      ws.send(JSON.stringify(frame));
    } catch {
      this.drop(ws);
    }
  }

  /** Encodes once and sends the same string to every socket. */
  private emit(frames: BroadcastFrame[]) {
    const [only] = frames;
    const encoded = JSON.stringify(frames.length === 1 ? only : ({ type: 'batch', frames } satisfies ServerFrame));
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

  /** One `world` frame per socket: the window's events for everyone, encoded once, and the socket's player's own. */
  private emitWorld(everyone: WorldEvent[], players: ReadonlyMap<string, WorldEvent[]>) {
    const shared = everyone.length > 0 ? JSON.stringify({ type: 'world', events: everyone } satisfies ServerFrame) : null;
    const failed: WebSocket[] = [];
    for (const [ws, attachment] of this.sockets) {
      const own = players.get(attachment.uid);
      const encoded = own ? JSON.stringify({ type: 'world', events: [...everyone, ...own] } satisfies ServerFrame) : shared;
      if (encoded === null) continue;
      try {
        ws.send(encoded);
      } catch {
        failed.push(ws);
      }
    }
    for (const ws of failed) this.drop(ws);
  }
}
