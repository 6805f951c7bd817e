/**
 * The chat endpoints (docs/design.md section 4). The socket upgrade is authenticated and origin-checked here, then
 * handed to the room with the username from the session. No middleware on this route may touch the response:
 * a 101's headers are immutable.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
// The chat's WebSocket upgrades are not JSON, so their paths are in the chat protocol, not the contract.
import { CHAT_PAGE_SIZE, CHAT_SOCKET_PATH, CLOSE_SESSION_ENDED, GUILD_CHAT_SOCKET_PATH } from '../../../game/chat-protocol';
import { API, ERRORS } from '../../../game/api';
import { isSameOrigin } from '../../core/origin';
import { callerOf, requirePlayer, sessionRead } from '../../core/session';
import { clientAddress } from '../../core/client-address';
import { chatRoom, guildRoom, LOBBY, socketRoomName } from './lobby-tree';
import { CHAT_IDENTITY_HEADER, type Identity } from './sides';
import { guildMembers, guilds, players } from '../../core/db/schema';
import { route } from '../../core/route';
import { reserve, type ThrottleRule } from '../../core/throttle';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';

const PageQuerySchema = z.object({ before: z.coerce.number().int().positive().optional() });

/**
 * Chat upgrades per player, across the lobby and guild rooms: a reconnect after a dropped network or a few
 * tabs fit easily; connecting and leaving in a loop, which made every lobby socket hear a join and a leave
 * each time, does not (hardening 3, finding 2). Counted in D1 before the room is asked, so a burst meets it.
 */
export const CHAT_UPGRADES_PER_PLAYER: ThrottleRule = { name: 'chat-upgrade:player', limit: 10, windowMs: 10_000 };

/**
 * Who the socket's player is in the game, read when it opens: the guild (for a guild room's membership and
 * the [TAG] beside their messages) and any mute.
 */
async function chatStanding(c: Context<AppEnv>, uid: string) {
  const row = await c.var.db
    .select({ mutedUntil: players.mutedUntil, guildId: guildMembers.guildId, guildTag: guilds.tag })
    .from(players)
    .leftJoin(guildMembers, eq(guildMembers.uid, players.uid))
    .leftJoin(guilds, eq(guilds.id, guildMembers.guildId))
    .where(eq(players.uid, uid))
    .get();
  return { mutedUntil: row?.mutedUntil ?? 0, guildId: row?.guildId ?? null, guildTag: row?.guildTag ?? null };
}

/** Hands an authenticated, same-origin WebSocket upgrade to a room, with the identity the room trusts. */
async function openSocket(c: Context<AppEnv>, room: string, standing: Awaited<ReturnType<typeof chatStanding>>) {
  // A fresh request: only what the room needs, so no client header (a forged username) gets through.
  const { username, uid, sessionId } = callerOf(c);
  const identity: Identity = { username, uid, sessionId, address: clientAddress(c.req.raw, c.env), guildTag: standing.guildTag, mutedUntil: standing.mutedUntil };
  const upgrade = new Request(c.req.url, { headers: { Upgrade: 'websocket', [CHAT_IDENTITY_HEADER]: JSON.stringify(identity) } });
  // A sharded lobby: the leaf that holds this player's sockets (./lobby-tree.ts).
  const holder = chatRoom(c.env, socketRoomName(c.env, room, uid));
  const answer = await holder.fetch(upgrade);
  if (answer.status === 101) {
    // The session was live when the upgrade began, but a sign-out, reset or ban may have ended it while the room
    // registered the socket, and its sweep of the open sockets may have run before this one was there. So the
    // session is read again now that the socket is registered: a revocation written before this read is seen
    // here, and one written after it sweeps a socket that is already registered. Either way none stays open.
    if (!(await sessionRead(c.var.db, { uid, sessionId }).get())) await holder.endSockets({ sessionId }, CLOSE_SESSION_ENDED);
    return answer;
  }
  // The room refuses an address over its socket cap; its own response's headers are immutable, so answer anew.
  await answer.body?.cancel();
  if (answer.status === 429) throw refuse(ERRORS.tooManyAttempts);
  throw new Error(`chat room answered ${answer.status}`);
}

/** A WebSocket upgrade from a page of this site, within the player's upgrade budget, or the refusal. */
async function admitUpgrade(c: Context<AppEnv>) {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket') throw refuse(ERRORS.upgradeRequired);
  // Browsers send Origin on every WebSocket handshake; a foreign page must not ride the player's cookie.
  if (!c.req.header('Origin') || !isSameOrigin(c.req.raw)) throw refuse(ERRORS.badOrigin);
  await reserve(c.var.db, [[CHAT_UPGRADES_PER_PLAYER, callerOf(c).uid]]);
}

export const chatRoutes = new Hono<AppEnv>()
  .get(CHAT_SOCKET_PATH, requirePlayer, async (c) => {
    await admitUpgrade(c);
    return openSocket(c, LOBBY, await chatStanding(c, callerOf(c).uid));
  })
  // A guild's room (docs/design.md section 7.2): members only.
  .get(GUILD_CHAT_SOCKET_PATH, requirePlayer, async (c) => {
    await admitUpgrade(c);
    const id = c.req.param('id');
    const standing = await chatStanding(c, callerOf(c).uid);
    if (standing.guildId !== id) throw refuse(ERRORS.notInThisGuild);
    return openSocket(c, guildRoom(id), standing);
  });

route(chatRoutes, API.messages, { guard: requirePlayer, query: PageQuerySchema }, async (c, { query: { before } }) =>
  chatRoom(c.env).page(before ?? null, CHAT_PAGE_SIZE),
);
