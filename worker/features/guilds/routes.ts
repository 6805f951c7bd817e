/**
 * Guilds (DESIGN.md section 7.2): lists and pages to read, and intents decided in ../game/guilds.ts and
 * committed with the players they move. Every route goes through the player capability.
 */
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API } from '../../../game/api';
import { MSG } from '../../../game/messages';
import { CreateGuildSchema, EmptyBodySchema, GuildKickSchema, GuildQuerySchema, GuildRoleSchema } from '../../../game/schemas';
import type { GuildPage } from '../../../game/wire';
import { chatRoom, CLOSE_REMOVED, guildRoom } from '../chat/room';
import { reply } from '../../core/route';
import { guildMembers, guilds, players } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { ApiError } from '../../core/errors';
import * as decisions from './decisions';
import { foundingContext, guildContext, toGuildPage } from './decisions';
import type { Changes } from '../game/intents';
import { asPlayer, type PlayerEnv } from '../../core/player';
import type { GameState } from '../../core/state';
import { validate } from '../../core/validate';

/** A search answers the best guilds first, at most this many. */
const GUILDS_LISTED = 50;

/** The guild's page as the caller sees it now, with who is in the guild's chat room. */
async function pageOf(c: Context<PlayerEnv>, guildId: string): Promise<GuildPage> {
  const { uid } = c.var.player;
  const context = guildContext(guildId, [uid]);
  const parsed = context.parse(await c.var.player.read((db) => context.queries(db)));
  // Only a guild that exists has a room: a made-up id must not bring a Durable Object into being.
  const online = parsed.guild ? await chatRoom(c.env, guildRoom(guildId)).onlineUsernames() : [];
  return toGuildPage(parsed, uid, parsed.requests.some((request) => request.uid === uid), new Set(online));
}

/** A member who left or was removed stops hearing the guild's room at once (DESIGN.md section 7.2). */
async function closeGuildSockets(env: Env, guildId: string, uid: string) {
  try {
    await chatRoom(env, guildRoom(guildId)).endSockets({ uid }, CLOSE_REMOVED);
  } catch (error) {
    // The membership already changed; the room refuses the socket at its next reconnect.
    console.error('guild sockets of a removed member not closed', error);
  }
}

/** A disbanded guild's room ends its last sockets and forgets what was said in it. */
async function forgetGuildRoom(env: Env, guildId: string) {
  try {
    await chatRoom(env, guildRoom(guildId)).forget();
  } catch (error) {
    // The guild is gone either way: no one can open its room again.
    console.error('the room of a disbanded guild not cleared', error);
  }
}

/** The player with this name, or 404 with the message that fits the action (after the session check the read carries). */
async function playerNamed(c: Context<PlayerEnv>, username: string, missing: ApiError): Promise<string> {
  const [row] = await c.var.player.read((db) => [db.select({ uid: players.uid }).from(players).where(sql`lower(${players.username}) = lower(${username})`)] as const);
  if (!row[0]) throw missing;
  return row[0].uid;
}

const notAMember = () => new ApiError(404, 'not_a_member', MSG.notAMember);
const noSuchRequest = () => new ApiError(404, 'request_not_found', MSG.requestNotFound);

/** An intent over the caller and, when named, one other player, deciding on the guild's rows. */
async function guildIntent(
  c: Context<PlayerEnv>,
  guildId: string,
  other: string | null,
  decide: (states: GameState[], context: decisions.GuildContext) => Changes[],
) {
  const others = other && other !== c.var.player.uid ? [other] : [];
  return c.var.player.commitWithContext(others, guildContext(guildId, [c.var.player.uid, ...others]), (states, _now, context) => decide(states, context));
}

export const guildRoutes = new Hono<AppEnv>()
  .get(API.guilds.path, asPlayer, validate('query', GuildQuerySchema), async (c) => {
    const query = c.req.valid('query').q?.trim().toLowerCase();
    const score = sql<number>`coalesce(sum(${players.trophyCaseScore}), 0)`;
    const [rows] = await c.var.player.read((db) => [
      db
        .select({ id: guilds.id, name: guilds.name, tag: guilds.tag, open: guilds.open, members: count(guildMembers.uid), score })
        .from(guilds)
        .leftJoin(guildMembers, eq(guildMembers.guildId, guilds.id))
        .leftJoin(players, eq(players.uid, guildMembers.uid))
        .where(query ? sql`instr(lower(${guilds.name}), ${query}) > 0 or instr(lower(${guilds.tag}), ${query}) > 0` : undefined)
        .groupBy(guilds.id)
        // A guild whose whole name was asked for comes first, so a player always finds their own by name.
        .orderBy(...(query ? [desc(sql`lower(${guilds.name}) = ${query}`)] : []), desc(score), asc(guilds.name))
        .limit(GUILDS_LISTED),
    ] as const);
    return reply(c, API.guilds, rows);
  })
  .post(API.createGuild.path, asPlayer, validate('json', CreateGuildSchema), async (c) => {
    const body = c.req.valid('json');
    const { uid } = c.var.player;
    const guild = { id: crypto.randomUUID(), name: body.name, tag: body.tag, open: body.open, createdAt: Date.now() };
    await c.var.player.commitWithContext([], foundingContext(uid, body), ([state], _now, context) => {
      if (!state) throw new Error('a one-player commit answers one state');
      return [decisions.found(state, body, context, guild)];
    });
    return reply(c, API.createGuild, await pageOf(c, guild.id));
  })
  .get(API.guild.path, asPlayer, async (c) => {
    const page = await pageOf(c, c.req.param('id'));
    return reply(c, API.guild, page);
  })
  .post(API.joinGuild.path, asPlayer, validate('json', EmptyBodySchema), async (c) => {
    const id = c.req.param('id');
    await guildIntent(c, id, null, ([state], context) => (state ? [decisions.join(state, context)] : []));
    return reply(c, API.joinGuild, await pageOf(c, id));
  })
  .post(API.acceptRequest.path, asPlayer, validate('json', EmptyBodySchema), async (c) => {
    const id = c.req.param('id');
    const requester = await playerNamed(c, c.req.param('username'), noSuchRequest());
    await guildIntent(c, id, requester, (states, context) => decisions.answerRequest(states, context, true));
    return reply(c, API.acceptRequest, await pageOf(c, id));
  })
  .post(API.declineRequest.path, asPlayer, validate('json', EmptyBodySchema), async (c) => {
    const id = c.req.param('id');
    const requester = await playerNamed(c, c.req.param('username'), noSuchRequest());
    await guildIntent(c, id, requester, (states, context) => decisions.answerRequest(states, context, false));
    return reply(c, API.declineRequest, await pageOf(c, id));
  })
  .post(API.leaveGuild.path, asPlayer, validate('json', EmptyBodySchema), async (c) => {
    const id = c.req.param('id');
    let outcome: { name: string; disbanded: boolean } = { name: '', disbanded: false };
    await guildIntent(c, id, null, ([state], context) => {
      if (!state) return [];
      const { changes, disbanded } = decisions.leave(state, context);
      outcome = { name: context.guild?.name ?? '', disbanded };
      return [changes];
    });
    if (outcome.disbanded) await forgetGuildRoom(c.env, id);
    else await closeGuildSockets(c.env, id, c.var.player.uid);
    return reply(c, API.leaveGuild, { message: outcome.disbanded ? MSG.guildDisbanded(outcome.name) : MSG.leftGuild(outcome.name) });
  })
  .post(API.kick.path, asPlayer, validate('json', GuildKickSchema), async (c) => {
    const id = c.req.param('id');
    const target = await playerNamed(c, c.req.valid('json').username, notAMember());
    await guildIntent(c, id, target, (states, context) => decisions.kick(states, context));
    await closeGuildSockets(c.env, id, target);
    return reply(c, API.kick, await pageOf(c, id));
  })
  .post(API.setRole.path, asPlayer, validate('json', GuildRoleSchema), async (c) => {
    const id = c.req.param('id');
    const { username, role } = c.req.valid('json');
    const target = await playerNamed(c, username, notAMember());
    await guildIntent(c, id, target, (states, context) => decisions.setRole(states, context, role));
    return reply(c, API.setRole, await pageOf(c, id));
  });
