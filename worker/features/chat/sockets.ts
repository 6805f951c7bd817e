/**
 * A chat socket as the socket side (./socket-side.ts) holds it: who it is (its attachment, which survives
 * hibernation, and the identity the Worker's upgrade carries), the limits it lives under, why it closes, and the
 * frames a client may send.
 */
import { CLOSE_REMOVED, ClientFrameSchema, type ClientFrame } from '../../../game/chat-protocol';
import { CHAT_MESSAGE_MAX } from '../../../game/constants';
import { CHAT_IDENTITY_HEADER, type Identity } from './sides';

/** A player's open sockets (tabs): a new one beyond this closes the oldest. */
export const SOCKETS_PER_PLAYER = 5;
/** Frames refused in one rate window (invalid, oversized, too long, too fast) before the socket is closed. */
export const REFUSED_FRAMES_LIMIT = 20;
/** Anything longer is refused unread: the longest valid frame is a message of 10 × the text limit. */
const FRAME_CHARS_MAX = CHAT_MESSAGE_MAX * 10 + 100;
/** Service Restart (RFC 6455): the client reconnects, as after a deploy. */
export const CLOSE_RESTARTING = 1012;
export const CLOSE_REASONS: Record<number, string> = { [CLOSE_REMOVED]: 'removed', [CLOSE_RESTARTING]: 'restarting' };

export interface Attachment extends Identity {
  connectedAt: number;
  /** Names the socket to the state side, which may be another object (the lobby's root). */
  socketId: string;
  /**
   * This side forgot the socket (closed it, or saw it close). The runtime keeps a socket it closed until the
   * close handshake ends, which a dead client never finishes: after a wake it must not count again.
   */
  ended?: true;
}

/** Who an upgrade from the Worker is for, or null for anything else. */
export function upgradeIdentity(request: Request): Identity | null {
  if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return null;
  try {
    const header = request.headers.get(CHAT_IDENTITY_HEADER);
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

/**
 * A socket this side has not forgotten but does not hold: waking from hibernation for a socket's close, the
 * object may be handed that socket without `getWebSockets()` having listed it as it started.
 */
export function unlisted(ws: WebSocket): Attachment | null {
  try {
    const attachment = ws.deserializeAttachment() as Attachment | null;
    return attachment && !attachment.ended ? attachment : null;
  } catch {
    return null;
  }
}

/** A client's frame, or null for anything the protocol does not know (oversized, not JSON, not a frame). */
export function parseFrame(data: string | ArrayBuffer): ClientFrame | null {
  if ((typeof data === 'string' ? data.length : data.byteLength) > FRAME_CHARS_MAX) return null;
  try {
    const frame = ClientFrameSchema.safeParse(JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data)));
    return frame.success ? frame.data : null;
  } catch {
    return null;
  }
}
