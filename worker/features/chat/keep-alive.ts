/**
 * How a chat room tells a socket that went silent from one that is merely quiet (ADR 005, "Presence after a
 * browser goes away"). A browser whose network drops, or whose machine sleeps, closes nothing: no close frame
 * and often no TCP reset, so the room would list its player for as long as the connection lingers. Browsers
 * cannot send WebSocket protocol pings, and a Worker cannot send them either, so the client sends CHAT_PING
 * (game/chat-protocol.ts) and the runtime answers it itself (the Hibernation API's auto-response), noting
 * when, without waking the room. The room's one alarm closes the sockets whose last ping is older than the
 * timeout; their players leave the online list after the presence grace, like any other close.
 */
import { CHAT_PING, type ServerFrame } from '../../../game/chat-protocol';

/**
 * A socket that has not pinged (nor sent anything, nor opened) for this long is closed. With the presence
 * grace (PRESENCE_GRACE_MS, 5 s) a dropped player leaves everyone's list at most ~50 s after their last ping.
 */
export const PING_TIMEOUT_MS = 45_000;
/** The shortest wait between two sweeps, so sockets whose deadlines fall close together share one. */
const SWEEP_STEP_MIN_MS = 1000;
/** Going Away (RFC 6455): a client that is still there reconnects, as after any drop. */
export const CLOSE_SILENT = 1001;

/**
 * The timeout this object runs with: PING_TIMEOUT_MS, or a shorter `CHAT_PING_TIMEOUT_MS` where the tests set
 * one (vitest.config.ts, test/e2e/presence.spec.ts). wrangler.toml does not set it, and it cannot be raised.
 */
export function pingTimeoutMs(env: Env): number {
  const value = Number((env as { CHAT_PING_TIMEOUT_MS?: string }).CHAT_PING_TIMEOUT_MS);
  return Number.isInteger(value) && value >= SWEEP_STEP_MIN_MS && value <= PING_TIMEOUT_MS ? value : PING_TIMEOUT_MS;
}

/** A third of the timeout: two pings may be late or lost before the socket is closed. */
export const pingEveryMs = (timeoutMs: number) => Math.floor(timeoutMs / 3);

/** The answer to CHAT_PING: when to ping next. */
export const pongFrame = (timeoutMs: number): ServerFrame => ({ type: 'pong', everyMs: pingEveryMs(timeoutMs) });

/** The runtime's answer to CHAT_PING, byte for byte. */
export const pingAutoResponse = (timeoutMs: number) => new WebSocketRequestResponsePair(CHAT_PING, JSON.stringify(pongFrame(timeoutMs)));

/** When to sweep next: the earliest deadline still ahead, but not sooner than SWEEP_STEP_MIN_MS from now. */
export const nextSweep = (earliestDeadline: number, now: number) => Math.max(earliestDeadline, now + SWEEP_STEP_MIN_MS);
