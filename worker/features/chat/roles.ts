/**
 * The three roles a ChatRoom plays, told apart by the object's name (lobby-tree.ts, ADR 011) and picked once,
 * as it starts. Each is made of the socket side (socket-side.ts), the state side (room-state.ts) or both:
 * - a room (a guild's; the lobby when it has one leaf): its sockets and its state, calling each other directly;
 * - the lobby's root (`lobby` with several leaves): the state, its broadcasts fanned out to the leaves that hold
 *   sockets; no socket;
 * - a leaf (`lobby/leaf/<k>`): the sockets of the players whose uid hashes to k, asking the root for the rest.
 */
import type { WorldEvent } from '../../../game/chat-protocol';
import { Coalescer } from './coalescer';
import { ChatHistory } from './history';
import { pingTimeoutMs } from './keep-alive';
import { Leaves, RootLink } from './lobby-links';
import { LOBBY, leafIndex, lobbyLeaves } from './lobby-tree';
import { RoomState } from './room-state';
import type { PlayerSockets } from './sides';
import { SocketSide } from './socket-side';
import { WorldWindow } from './world-window';

export interface Role {
  /** The sockets held here (a room, a leaf); null at the root. */
  readonly sockets: SocketSide | null;
  /** The history, news, rate limit and presence kept here (a room, the root); null at a leaf. */
  readonly state: RoomState | null;
  /** A player's sockets wherever they are held: here, or at the root on the leaves holding them. */
  readonly players: PlayerSockets;
  /** World events for every socket: this object's own (a room, a leaf), or each leaf's, once a second (the root). */
  readonly world: (events: WorldEvent[]) => void;
}

export function roleOf(ctx: DurableObjectState, env: Env): Role {
  const leaf = leafIndex(ctx.id.name);
  if (leaf !== null) return leafRole(ctx, env, leaf);
  const leaves = lobbyLeaves(env);
  return ctx.id.name === LOBBY && leaves > 1 ? rootRole(ctx, env, leaves) : roomRole(ctx, env);
}

function roomRole(ctx: DurableObjectState, env: Env): Role {
  const state = new RoomState(new ChatHistory(ctx.storage), (frames) => sockets.broadcast(frames));
  const sockets = new SocketSide(ctx, null, state, pingTimeoutMs(env));
  state.count(sockets.members());
  return { sockets, state, players: sockets, world: (events) => sockets.broadcastWorld(events) };
}

function rootRole(ctx: DurableObjectState, env: Env, count: number): Role {
  // The root coalesces as a room does (ADR 005); each leaf coalesces again for its own sockets.
  const window = new Coalescer((frames) => leaves.deliver(frames));
  const state = new RoomState(new ChatHistory(ctx.storage), (frames) => window.push(frames));
  const leaves = new Leaves(env, count, state);
  // The root coalesces world events too (world-window.ts), so a burst costs each leaf one call a second.
  const world = new WorldWindow((everyone) => leaves.deliverWorld(everyone));
  // The root holds no socket, so it is evicted when idle and forgets who is online: it asks the leaves
  // again before it answers anything.
  void ctx.blockConcurrencyWhile(async () => state.count(await leaves.heldSockets()));
  return { sockets: null, state, players: leaves, world: (events) => world.push(events) };
}

function leafRole(ctx: DurableObjectState, env: Env, index: number): Role {
  const root = new RootLink(env);
  const sockets = new SocketSide(ctx, index, root, pingTimeoutMs(env));
  // A leaf waking with no socket may have lost them in a restart (which closes every socket without a close
  // event): the root forgets whatever it thought this leaf held. Its sweep alarm, kept in storage, wakes it
  // after such a restart even if none of its players comes back.
  if (sockets.members().length === 0) void root.leafRestarted(index);
  return { sockets, state: null, players: sockets, world: (events) => sockets.broadcastWorld(events) };
}
