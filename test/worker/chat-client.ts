/**
 * A chat socket for the worker tests: connects through the real Worker and records every frame it gets. It
 * pings as the app's client does (CHAT_PING as it opens, then `everyMs` after each `pong`), since the room
 * closes sockets that stop; the pongs are not recorded.
 */
import { exports } from 'cloudflare:workers';
import { afterEach, expect } from 'vitest';
import { CHAT_PING, ServerFrameSchema, type ServerFrame } from '../../game/chat-protocol';
import { PRESENCE_GRACE_MS } from '../../worker/features/chat/room-state';
import { ORIGIN, randomAddress } from './helpers';

export type Player = { token: string; username?: string };

/** A connected chat socket that records every frame it receives, a batch as the frames it carries. */
export interface Client {
  ws: WebSocket;
  frames: ServerFrame[];
  /** Every frame as it came over the wire, batches whole. */
  wire: ServerFrame[];
  /** The next frame of `type` (that `match`es), waiting up to `timeoutMs`: `user-left` comes after PRESENCE_GRACE_MS. */
  next: <T extends ServerFrame['type']>(type: T, match?: (frame: Extract<ServerFrame, { type: T }>) => boolean, timeoutMs?: number) => Promise<Extract<ServerFrame, { type: T }>>;
  send: (frame: unknown) => void;
  /** Resolves with the close code once the server closes the socket. */
  closed: Promise<number>;
  /** How many pongs came back. */
  pongs: () => number;
  /** From now on the socket stays open but says nothing, as one whose network dropped. */
  stopPinging: () => void;
}

const open: { ws: WebSocket; stop: () => void }[] = [];
afterEach(() => {
  for (const { ws, stop } of open.splice(0)) {
    stop();
    ws.close();
  }
});

/** An upgrade request as a browser sends it, from `address` (a fresh one per socket unless given). */
export function upgrade(player: Player | null, origin: string | null = ORIGIN, address = randomAddress(), path = '/api/chat') {
  const headers = new Headers({ Upgrade: 'websocket', 'CF-Connecting-IP': address });
  if (player) headers.set('Cookie', `__Host-session=${player.token}`);
  if (origin) headers.set('Origin', origin);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { headers }));
}

/** A socket to the lobby, or to the room at `path` (a guild's: `/api/guilds/<id>/chat`). */
export async function connect(player: Player, address?: string, path?: string): Promise<Client> {
  const response = await upgrade(player, ORIGIN, address, path);
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  const frames: ServerFrame[] = [];
  const wire: ServerFrame[] = [];
  const waiters: (() => void)[] = [];
  let pinging = true;
  let pongs = 0;
  let pingTimer: ReturnType<typeof setTimeout> | undefined;
  const stopPinging = () => {
    pinging = false;
    clearTimeout(pingTimer);
  };
  ws.accept();
  open.push({ ws, stop: stopPinging });
  ws.send(CHAT_PING);
  ws.addEventListener('message', (event) => {
    const frame = ServerFrameSchema.parse(JSON.parse(event.data as string));
    if (frame.type === 'pong') {
      pongs += 1;
      if (pinging) pingTimer = setTimeout(() => pinging && ws.readyState === WebSocket.READY_STATE_OPEN && ws.send(CHAT_PING), frame.everyMs);
      return;
    }
    wire.push(frame);
    frames.push(...(frame.type === 'batch' ? frame.frames : [frame]));
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<number>((resolve) =>
    ws.addEventListener('close', (event) => {
      stopPinging();
      resolve(event.code);
    }),
  );
  const client: Client = {
    ws,
    closed,
    frames,
    wire,
    pongs: () => pongs,
    stopPinging,
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    // A deadline only for a frame that never comes: it waits for the frame, sized for a loaded two-core machine.
    next: async (type, match = () => true, timeoutMs = type === 'user-left' ? PRESENCE_GRACE_MS + 15_000 : 15_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = frames.find((frame) => frame.type === type && match(frame as never));
        if (found) {
          frames.splice(frames.indexOf(found), 1);
          return found as never;
        }
        if (Date.now() > deadline) throw new Error(`no ${type} frame; got ${JSON.stringify(frames)}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 50);
        });
      }
    },
  };
  return client;
}

