/**
 * The chat protocol (docs/design.md section 4): JSON frames, one zod discriminated union per direction, validated
 * by both ends. Event names keep the spec's ('message', 'user-list', 'sign-out'; 'new-user' is implicit in
 * connecting, since the server takes the username from the session, never from the client). Presence is the
 * spec's list once per socket, then changes to it (`user-joined`, `user-left`), so a join costs the room
 * O(N) bytes rather than a list of N names to each of N sockets (docs/decisions/005-chat.md).
 *
 * Written with `zod/mini`: every signed-in screen opens the chat connection, which loads this module, and
 * the full zod costs those screens about 24 KB of gzipped JS for five small shapes (bench/README.md).
 */
import { z } from 'zod/mini';
import { CHAT_MESSAGE_MAX } from './constants';
import { RARITIES } from './rules/rarity';

export const ChatMessageSchema = z.object({
  id: z.int(),
  username: z.string(),
  /** The sender's guild tag when they wrote it, shown as [TAG]; null outside a guild (docs/design.md section 7.2). */
  guildTag: z.nullable(z.string()),
  text: z.string(),
  timestamp: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** The item a news event is about: enough to name it in its tier's colour. */
const NewsItemSchema = z.object({ itemName: z.string(), rarity: z.enum(RARITIES), quality: z.int() });

/**
 * What happened, as fields the client renders (never text to parse back): one discriminated union on
 * `kind`, so a new kind of news is one more member here and one more case where it is shown.
 */
export const NewsEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('find'), username: z.string(), item: NewsItemSchema }),
  z.object({ kind: z.literal('trophy'), username: z.string(), item: NewsItemSchema }),
  /** The first player ever to own this catalogue item (docs/design.md section 8.1, "server first"). */
  z.object({ kind: z.literal('first'), username: z.string(), item: NewsItemSchema }),
  /** A win in the arena against a player at least twice as strong. */
  z.object({ kind: z.literal('upset'), winner: z.string(), loser: z.string() }),
  /** Every tenth level (docs/design.md section 7.4). */
  z.object({ kind: z.literal('level'), username: z.string(), level: z.int() }),
]);
export type NewsEvent = z.infer<typeof NewsEventSchema>;

export const NewsSchema = z.object({ id: z.int(), timestamp: z.number(), event: NewsEventSchema });
export type News = z.infer<typeof NewsSchema>;

/** Frames a client may send. Text length is checked after trimming, by the server, with a clear error. */
export const ClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('message'), text: z.string().check(z.maxLength(CHAT_MESSAGE_MAX * 10)) }),
  z.strictObject({ type: z.literal('sign-out') }),
  /** "Still here" (CHAT_PING): answered with `pong`. */
  z.strictObject({ type: z.literal('ping') }),
]);
export type ClientFrame = z.infer<typeof ClientFrameSchema>;

/**
 * The keep-alive, byte for byte: a client sends it as its socket opens and again `everyMs` after each `pong`.
 * The room's runtime answers it without waking the room (its WebSocket auto-response matches these exact
 * bytes), and the room closes a socket that has not sent it for a while, so a player whose network dropped
 * without a close leaves the online list (docs/decisions/005-chat.md, "Presence after a browser goes away").
 */
export const CHAT_PING = JSON.stringify({ type: 'ping' } satisfies ClientFrame);

/**
 * Something that happened to one player, sent only to that player's open sockets, shown as a toast: someone
 * fought them in the arena (`winner` is a username).
 */
export const NoticeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('attacked'), fightId: z.string(), attacker: z.string(), winner: z.string(), goldTaken: z.number(), ratingChange: z.number() }),
]);
export type Notice = z.infer<typeof NoticeSchema>;

/**
 * A change other players see (issue #43): ids and numbers only, nothing the API would not show them. The room
 * coalesces them per kind and key and sends at most one `world` frame a second to a socket; a client parses
 * each event on its own and drops one it does not understand (docs/design.md section 9.11).
 */
export const WorldEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('listing-opened'), listingId: z.string(), catalogId: z.string() }),
  z.object({ kind: z.literal('listing-closed'), listingId: z.string(), reason: z.enum(['sold', 'cancelled', 'expired']) }),
  z.object({ kind: z.literal('board-moved'), board: z.enum(['alltime', 'season', 'league']) }),
  z.object({ kind: z.literal('drive-progress'), guildId: z.string(), points: z.number(), target: z.number() }),
  z.object({ kind: z.literal('attacked'), fightId: z.string() }),
]);
export type WorldEvent = z.infer<typeof WorldEventSchema>;

const MessageFrameSchema = z.object({ type: z.literal('message'), message: ChatMessageSchema });
const NewsFrameSchema = z.object({ type: z.literal('news'), news: NewsSchema });
/** Presence after the first `user-list`: one player came online (their first tab) or went offline (their last). */
const UserJoinedSchema = z.object({ type: z.literal('user-joined'), username: z.string() });
const UserLeftSchema = z.object({ type: z.literal('user-left'), username: z.string() });
/** The admin deleted a message (docs/design.md section 7.5): every open screen removes it. */
const DeleteFrameSchema = z.object({ type: z.literal('delete'), id: z.int() });

/** What the room sends to every socket; while it is busy it sends several of these as one `batch`. */
export const BroadcastFrameSchema = z.discriminatedUnion('type', [MessageFrameSchema, NewsFrameSchema, UserJoinedSchema, UserLeftSchema, DeleteFrameSchema]);
export type BroadcastFrame = z.infer<typeof BroadcastFrameSchema>;

export const ServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('history'), messages: z.array(ChatMessageSchema), news: z.array(NewsSchema) }),
  MessageFrameSchema,
  /** The whole online list, sent once to each socket as it connects; `user-joined`/`user-left` keep it current. */
  z.object({ type: z.literal('user-list'), users: z.array(z.string()) }),
  UserJoinedSchema,
  UserLeftSchema,
  NewsFrameSchema,
  DeleteFrameSchema,
  /** Broadcasts that came within a few milliseconds of each other, in order, in one frame. */
  z.object({ type: z.literal('batch'), frames: z.array(BroadcastFrameSchema) }),
  z.object({ type: z.literal('notice'), notice: NoticeSchema }),
  /** The world's changes of the last second, one per kind and key (WorldEventSchema); never inside a `batch`. */
  z.object({ type: z.literal('world'), events: z.array(WorldEventSchema) }),
  /**
   * The room is about to close this socket with `code` (CLOSE_SESSION_ENDED, CLOSE_REMOVED, CLOSE_TOO_MANY_TABS
   * below). Said as a frame first because a proxy between the room and the browser may lose the close code, or
   * the close itself (the local dev server does), and the client must still know not to reconnect.
   */
  z.object({ type: z.literal('ended'), code: z.int() }),
  z.object({ type: z.literal('error'), message: z.string() }),
  /** The answer to CHAT_PING: send the next one `everyMs` from now. */
  z.object({ type: z.literal('pong'), everyMs: z.int() }),
]);
export type ServerFrame = z.infer<typeof ServerFrameSchema>;

export const MessagesPageSchema = z.object({ messages: z.array(ChatMessageSchema), nextCursor: z.nullable(z.number()) });
export type MessagesPage = z.infer<typeof MessagesPageSchema>;

/**
 * Close codes after which the client must not reconnect, also sent first as an `ended` frame: the session
 * ended (signed out in another tab, a password change), the player is no longer a member of the guild whose
 * room it is (a kick, or leaving in another tab), or this tab was the oldest of too many.
 */
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_REMOVED = 4003;
export const CLOSE_TOO_MANY_TABS = 4008;

/** The chat's WebSocket upgrades: the lobby's, and a guild's room (`:id` the guild's id). */
export const CHAT_SOCKET_PATH = '/api/chat';
export const GUILD_CHAT_SOCKET_PATH = '/api/guilds/:id/chat';
/** GUILD_CHAT_SOCKET_PATH for one guild. */
export const guildChatSocketPath = (guildId: string): string => GUILD_CHAT_SOCKET_PATH.replace(':id', encodeURIComponent(guildId));

export const CHAT_HISTORY_KEPT = 1000;
export const CHAT_PAGE_SIZE = 100;
/** Per-user rate limit: at most this many messages in the window. */
export const CHAT_RATE_LIMIT = { messages: 5, windowMs: 10_000 } as const;
/** How many news items the room keeps for newcomers. */
export const NEWS_KEPT = 10;

export const CHAT_MSG = {
  tooLong: `Messages can be at most ${CHAT_MESSAGE_MAX} characters.`,
  tooFast: 'You are sending messages too fast. Please wait a moment.',
  invalidFrame: 'That message could not be understood.',
  /** In UTC: the server does not know the reader's time zone. */
  muted: (until: number) => `You are muted until ${new Date(until).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
} as const;
