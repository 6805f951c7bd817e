/**
 * The lobby as a tree of chat rooms (ADR 011, docs/scaling.md): one root (`lobby`) keeps the history, news,
 * rate limits and who is online; the leaves (`lobby/leaf/<k>`) hold the sockets. A player's sockets always
 * go to the same leaf, so the tab cap and anything aimed at one player concern one leaf. Guild rooms are
 * small and stay single rooms.
 */

export const LOBBY = 'lobby';
export const guildRoom = (guildId: string) => `guild:${guildId}`;

const LEAF_PREFIX = `${LOBBY}/leaf/`;
export const leafName = (index: number) => `${LEAF_PREFIX}${index}`;

/** The leaf a room name names, or null for the root or any other room. */
export function leafIndex(name: string | undefined): number | null {
  if (!name?.startsWith(LEAF_PREFIX)) return null;
  const index = Number(name.slice(LEAF_PREFIX.length));
  return Number.isInteger(index) && index >= 0 ? index : null;
}

/**
 * How many leaves the lobby has: `CHAT_LOBBY_LEAVES` (wrangler.toml), 1 (no tree: the lobby is a single
 * room, as a guild's) when unset or not a positive whole number.
 */
export function lobbyLeaves(env: Env): number {
  const leaves = Number(env.CHAT_LOBBY_LEAVES);
  return Number.isInteger(leaves) && leaves >= 1 ? leaves : 1;
}

/** FNV-1a: stable across deploys and runtimes, so a player's tabs always meet on one leaf. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The object that holds a player's sockets of `room`: their leaf of a sharded lobby, else the room itself. */
export function socketRoomName(env: Env, room: string, uid: string): string {
  const leaves = lobbyLeaves(env);
  return room === LOBBY && leaves > 1 ? leafName(hash(uid) % leaves) : room;
}

/**
 * The object named `name`: the lobby (its root when sharded), a guild's room, or a lobby leaf. Its stub is
 * typed by the binding (worker-configuration.d.ts), so no file here imports room.ts for it.
 */
export function chatRoom(env: Env, name: string = LOBBY) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(name));
}
