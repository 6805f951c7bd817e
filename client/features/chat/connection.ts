/**
 * A connection to one chat room: its socket. The lobby's is the player's one connection for the whole app
 * (docs/design.md section 4): it survives screen changes so the ticker and the unread badge stay live. A guild's
 * room (section 7.2) is open only while its panel is on screen. Either reconnects with backoff after a drop or a
 * deploy. What the frames say goes to the one whose job it is: the room's messages, presence and news to
 * ./history.ts, this player's notices to ./notices.ts, the live world's changes to ./world-dispatch.ts (section 9.11).
 */
import {
  CHAT_PING,
  CHAT_SOCKET_PATH,
  CLOSE_REMOVED,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_MANY_TABS,
  ServerFrameSchema,
  type ClientFrame,
} from '../../../game/chat-protocol';
import { RoomHistory, type ChatSnapshot } from './history';
import { announce } from './notices';
import { applyWorld, isWorldFrame, worldEventsOf } from './world-dispatch';

const TOO_MANY_TABS_TEXT = 'Chat is open in too many other tabs, so it closed here. Reload to use it in this tab.';

const BACKOFF_MS = { first: 500, max: 10_000 };
// Long enough for a handshake on a busy machine; the page must not unload while one is under way.
const SIGN_OUT_WAIT_MS = 5000;

export class ChatConnection {
  private ws: WebSocket | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;
  private readonly history: RoomHistory;
  private readonly listeners = new Set<() => void>();
  private snapshot: ChatSnapshot = { status: 'connecting', messages: [], users: [], news: [], error: null, refused: null, unread: 0, older: 'more' };
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * The next keep-alive (CHAT_PING): the room closes a socket that stops pinging, so a player whose network
   * dropped leaves the online list. Set from each `pong`, never by an interval: a timer set while handling a
   * socket message is not one of the chained timers Chrome throttles to once a minute in a hidden tab.
   */
  private pingTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * `whileSubscribed`: the socket opens with the first subscriber and closes once the last one is gone (a
   * screen's own room); otherwise it opens now and stays open (the lobby).
   */
  constructor(
    readonly username: string,
    readonly path = CHAT_SOCKET_PATH,
    private readonly whileSubscribed = false,
  ) {
    // The lobby remembers the last message seen, for the unread badge; other rooms have no badge.
    this.history = new RoomHistory(username, path === CHAT_SOCKET_PATH ? `scavenger.chat.lastSeen.${username}` : null);
    if (!whileSubscribed) this.connect();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    if (this.whileSubscribed) {
      clearTimeout(this.idleTimer);
      if (!this.ws && !this.closed && this.snapshot.status === 'connecting') this.connect();
    }
    return () => {
      this.listeners.delete(listener);
      // Deferred: React unsubscribes and subscribes again when it re-runs effects (StrictMode), which must
      // not cost a second socket.
      if (this.whileSubscribed && this.listeners.size === 0) this.idleTimer = setTimeout(() => this.close(), 0);
    };
  };

  getSnapshot = () => this.snapshot;

  send(text: string): boolean {
    const trimmed = text.trim();
    if (!trimmed || this.ws?.readyState !== WebSocket.OPEN) return false;
    this.write({ type: 'message', text: trimmed });
    this.history.sent(trimmed);
    return true;
  }

  /**
   * The page before the oldest message shown (GET /api/messages?before=), merged by id like everything else.
   * Resolves with how many messages it added.
   */
  async loadOlder(): Promise<number> {
    const oldest = this.snapshot.messages[0];
    if (this.snapshot.older !== 'more' || !oldest) return 0;
    this.update({ older: 'loading' });
    try {
      // Loaded on first use: the connection runs on every screen, the contract's schemas need not.
      const { chatApi } = await import('./api');
      const page = await chatApi.olderMessages(oldest.id);
      this.update(this.history.older(page, oldest));
      return page.messages.length;
    } catch {
      this.update({ older: 'more', error: 'Older messages could not be loaded. Try again.' });
      return 0;
    }
  }

  /** Everything currently loaded counts as seen (the chat screen is showing it). */
  markSeen() {
    if (this.history.markSeen(this.snapshot.messages)) this.update({});
  }

  /**
   * docs/spec.md section 7: tell the room on sign-out, then stop for good. Resolves once the socket is done (at most
   * SIGN_OUT_WAIT_MS), so the page is not left while a handshake is still under way.
   */
  signOut(): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSING || ws.readyState === WebSocket.CLOSED) {
      this.close();
      return Promise.resolve();
    }
    const sendSignOut = () => ws.send(JSON.stringify({ type: 'sign-out' } satisfies ClientFrame));
    // Queued before close() queues its own 'open' listener, which closes the socket: listeners run in the
    // order they were added, so the frame goes out before the close instead of into a closing socket.
    if (ws.readyState === WebSocket.OPEN) sendSignOut();
    else ws.addEventListener('open', sendSignOut);
    const done = new Promise<void>((resolve) => {
      setTimeout(resolve, SIGN_OUT_WAIT_MS);
      ws.addEventListener('close', () => resolve());
      ws.addEventListener('error', () => resolve());
    });
    this.close();
    return done;
  }

  close() {
    this.closed = true;
    rooms.delete(this);
    clearTimeout(this.retryTimer);
    clearTimeout(this.pingTimer);
    // Closing a socket still connecting makes the browser report a failed handshake; let it open first.
    const ws = this.ws;
    if (ws?.readyState === WebSocket.CONNECTING) ws.addEventListener('open', () => ws.close(1000));
    else ws?.close(1000);
    this.ws = null;
  }

  private connect() {
    if (this.whileSubscribed) rooms.add(this);
    this.history.reconnected();
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${this.path}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.addEventListener('open', () => {
      if (this.closed) return;
      this.retries = 0;
      ws.send(CHAT_PING);
      this.update({ status: 'open', error: null });
    });
    ws.addEventListener('message', (event) => {
      if (!this.closed) this.receive(event.data);
    });
    ws.addEventListener('close', (event) => {
      if (this.ws !== ws || this.closed) return;
      this.ws = null;
      clearTimeout(this.pingTimer);
      if (this.endedByRoom(event.code)) return;
      this.update({ status: 'reconnecting', users: [] });
      const delay = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** this.retries) * (0.75 + Math.random() / 2);
      this.retries += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  /**
   * A close the room chose (its code, game/chat-protocol.ts), which this connection must not retry; false for
   * any other.
   */
  private endedByRoom(code: number): boolean {
    if (code === CLOSE_SESSION_ENDED) {
      // Nothing this tab holds is valid any more: reloading shows the signed-out app.
      this.close();
      location.reload();
      return true;
    }
    if (code === CLOSE_TOO_MANY_TABS) {
      this.close();
      this.update({ status: 'closed', users: [], error: TOO_MANY_TABS_TEXT });
      return true;
    }
    if (code === CLOSE_REMOVED) {
      // The room would refuse a new socket (members only), so there is nothing to retry.
      this.close();
      this.update({ status: 'removed', users: [], error: null });
      return true;
    }
    return false;
  }

  private receive(data: unknown) {
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      return;
    }
    if (isWorldFrame(raw)) {
      void applyWorld(worldEventsOf(raw.events));
      return;
    }
    const frame = ServerFrameSchema.safeParse(raw);
    if (!frame.success) return;
    switch (frame.data.type) {
      // The room says why before it closes the socket: a proxy in front of it may lose the close code.
      case 'ended':
        this.endedByRoom(frame.data.code);
        return;
      case 'pong': {
        const ws = this.ws;
        clearTimeout(this.pingTimer);
        this.pingTimer = setTimeout(() => {
          if (ws && ws === this.ws && ws.readyState === WebSocket.OPEN) ws.send(CHAT_PING);
        }, frame.data.everyMs);
        return;
      }
      case 'notice':
        announce(frame.data.notice);
        return;
      // Handed over above, event by event.
      case 'world':
        return;
      default:
        this.update(this.history.fold(frame.data, this.snapshot));
    }
  }

  private update(patch: Partial<ChatSnapshot>) {
    const next = { ...this.snapshot, ...patch };
    next.unread = this.history.unread(next.messages);
    this.snapshot = next;
    for (const listener of this.listeners) listener();
  }

  private write(frame: ClientFrame) {
    this.ws?.send(JSON.stringify(frame));
  }
}

let current: ChatConnection | null = null;
/** Screens' own rooms with a socket, closed at sign-out with the lobby. */
const rooms = new Set<ChatConnection>();
/** Set by sign-out: from then until the page reloads, no connection opens. */
let signedOut = false;

/**
 * The app's connection for this player, created on first use. After sign-out it is the closed one, or none
 * if the player left before the chat had loaded: a socket opened then would only meet a revoked session.
 */
export function chatConnectionFor(username: string): ChatConnection | null {
  if (signedOut) return current;
  if (current?.username !== username) {
    current?.close();
    current = new ChatConnection(username);
  }
  return current;
}

/**
 * A room for one screen (a guild's): its socket lives while the screen subscribes. None after sign-out, as
 * for the lobby.
 */
export function roomConnection(username: string, path: string): ChatConnection | null {
  return signedOut ? null : new ChatConnection(username, path, true);
}

/**
 * Sign-out: sends 'sign-out' and closes, if a connection exists, and keeps any other from opening. Guild rooms
 * just close: the server ends their sockets with the session, and this tab must not take that for a session
 * ended elsewhere and reload.
 */
export async function signOutOfChat() {
  signedOut = true;
  for (const room of rooms) room.close();
  await current?.signOut();
}
