/**
 * What one room's frames say, folded into what its screen shows (docs/design.md section 4): the messages, merged
 * by id from the history every (re)connect brings, the live ones and the pages the reader loaded by hand, so
 * nothing is ever shown twice; who is online; the news; and the room's refusals of what this player sent.
 * ./connection.ts owns the socket and hands the frames here.
 */
import { CHAT_PAGE_SIZE, type ChatMessage, type MessagesPage, type News, type ServerFrame } from '../../../game/chat-protocol';

/** `removed`: the player left or was removed from the guild whose room this is; it stays closed. */
export type ChatStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'removed';
/** Paging back through history: more may be loaded, a page is on its way, or the first message is shown. */
export type OlderStatus = 'more' | 'loading' | 'start';

export interface ChatSnapshot {
  status: ChatStatus;
  messages: ChatMessage[];
  users: string[];
  news: News[];
  error: string | null;
  /**
   * The text of the player's last message the room refused (too fast, too long, muted), so the screen can
   * give it back instead of losing it; a new object each time, so the same text refused twice still counts.
   */
  refused: { text: string } | null;
  /** Messages from others the player has not seen on the chat screen (the lobby's; 0 in other rooms). */
  unread: number;
  older: OlderStatus;
}

/** The frames that change what the screen shows: not the socket's own (`ended`, `pong`), notices or the world's. */
export type RoomFrame = Exclude<ServerFrame, { type: 'ended' | 'pong' | 'notice' | 'world' }>;

/** Live messages kept in memory; pages the reader loaded by hand are kept on top of these. */
const MESSAGES_KEPT = 500;

export class RoomHistory {
  private readonly byId = new Map<number, ChatMessage>();
  /** The oldest id the reader paged back to: messages from it on are never trimmed. */
  private floor = Infinity;
  /**
   * Texts sent and not yet answered, oldest first. The room answers each message frame, in order, with the
   * message itself or an error, so an error is about the oldest one still waiting.
   */
  private unanswered: string[] = [];

  /** `seenKey`: where the lobby remembers the last message seen, for the unread badge; other rooms have none. */
  constructor(
    private readonly username: string,
    private readonly seenKey: string | null,
  ) {}

  sent(text: string) {
    this.unanswered.push(text);
  }

  /** A new socket: what went out on an earlier one will never be answered on it. */
  reconnected() {
    this.unanswered = [];
  }

  /** What `frame` changes, reading what is shown now: a batch is several broadcasts, and one change for all. */
  fold(frame: RoomFrame, shown: ChatSnapshot): Partial<ChatSnapshot> {
    const patch: Partial<ChatSnapshot> = {};
    for (const value of frame.type === 'batch' ? frame.frames : [frame]) this.apply(value, patch, shown);
    return patch;
  }

  /** A page of older messages (GET /api/messages?before=) loaded by hand, below `oldest`: it is kept. */
  older(page: MessagesPage, oldest: ChatMessage): Partial<ChatSnapshot> {
    for (const message of page.messages) this.byId.set(message.id, message);
    this.floor = Math.min(this.floor, page.messages[0]?.id ?? oldest.id);
    return { messages: this.sortedMessages(), older: page.nextCursor === null ? 'start' : 'more' };
  }

  /** Everything shown counts as seen (the chat screen is showing it); false if that changes nothing. */
  markSeen(messages: readonly ChatMessage[]): boolean {
    const last = messages.at(-1);
    if (!this.seenKey || !last || this.lastSeen() >= last.id) return false;
    localStorage.setItem(this.seenKey, String(last.id));
    return true;
  }

  /** Messages from others after the last one seen. */
  unread(messages: readonly ChatMessage[]): number {
    const seen = this.lastSeen();
    return messages.filter((message) => message.id > seen && message.username !== this.username).length;
  }

  /** Folds one frame into `patch`, reading what earlier frames of the same batch already changed. */
  private apply(value: Exclude<RoomFrame, { type: 'batch' }>, patch: Partial<ChatSnapshot>, shown: ChatSnapshot) {
    const users = patch.users ?? shown.users;
    switch (value.type) {
      case 'history': {
        for (const message of value.messages) this.byId.set(message.id, message);
        // A first visit starts with nothing unread rather than the whole backlog.
        const newest = value.messages.at(-1);
        if (this.seenKey && newest && localStorage.getItem(this.seenKey) === null) localStorage.setItem(this.seenKey, String(newest.id));
        patch.messages = this.sortedMessages();
        // Less than a page: the room holds nothing older than what it just sent.
        if (value.messages.length < CHAT_PAGE_SIZE) patch.older = 'start';
        patch.news = value.news;
        break;
      }
      case 'message':
        this.byId.set(value.message.id, value.message);
        patch.messages = this.sortedMessages();
        if (value.message.username === this.username && value.message.text === this.unanswered[0]) this.unanswered.shift();
        break;
      // The spec's online list: the room sends it whole once per connection, then who joined or left.
      case 'user-list':
        patch.users = value.users;
        break;
      // The admin deleted it (docs/design.md section 7.5): gone from every open screen.
      case 'delete':
        this.byId.delete(value.id);
        patch.messages = this.sortedMessages();
        break;
      case 'user-joined':
        if (!users.includes(value.username)) patch.users = [...users, value.username];
        break;
      case 'user-left':
        patch.users = users.filter((name) => name !== value.username);
        break;
      case 'news': {
        const news = patch.news ?? shown.news;
        patch.news = [...news.filter((item) => item.id !== value.news.id), value.news].slice(-10);
        break;
      }
      case 'error': {
        patch.error = value.message;
        const text = this.unanswered.shift();
        if (text !== undefined) patch.refused = { text };
        break;
      }
    }
  }

  private sortedMessages(): ChatMessage[] {
    const all = [...this.byId.values()].sort((a, b) => a.id - b.id);
    const trimmed = all.slice(0, Math.max(0, all.length - MESSAGES_KEPT)).filter((message) => message.id < this.floor);
    for (const old of trimmed) this.byId.delete(old.id);
    return trimmed.length ? all.slice(trimmed.length) : all;
  }

  private lastSeen(): number {
    return this.seenKey ? Number(localStorage.getItem(this.seenKey) ?? 0) : Infinity;
  }
}
