/**
 * Guilds (docs/design.md section 7.2): lists and pages to read, and intents decided in ./decide.ts and
 * committed with the players they move. Every route goes through the player capability.
 */
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { API, ERRORS } from '../../../game/api';
import { MSG } from '../../../game/messages';
import { CreateGuildSchema, EmptyBodySchema, GuildKickSchema, GuildQuerySchema, GuildRoleSchema } from '../../../game/schemas';
import type { GuildPage } from '../../../game/wire';
import { route } from '../../core/route';
import { players } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { refuse, type ApiError } from '../../core/errors';
import * as decide from './decide';
import { foundingContext, guildContext, toGuildPage } from './decide';
import type { Changes } from '../../core/changes';
import { asPlayer, type PlayerEnv } from '../../core/player';
import type { GameState } from '../../core/state';
import { endGuildSockets, forgetGuildRoom, onlineInGuildRoom, retagInLobby } from '../chat';
import { guildSeasonScoreRead } from '../seasons';
import { guildBoardRead, searchRead } from './board';

/** The guild's page as the caller sees it now, with who is in the guild's chat room. */
async function pageOf(c: Context<PlayerEnv>, guildId: string): Promise<GuildPage> {
  const { uid } = c.var.player;
  const context = guildContext(guildId, [uid]);
  const [guild, members, requests, memberships, season] = await c.var.player.read((db) => [...context.queries(db), guildSeasonScoreRead(db, guildId, Date.now())] as const);
  const parsed = context.parse([guild, members, requests, memberships]);
  // Only a guild that exists has a room: a made-up id must not bring a Durable Object into being.
  const online = parsed.guild ? await onlineInGuildRoom(c.env, guildId) : new Set<string>();
  return toGuildPage(parsed, uid, parsed.requests.some((request) => request.uid === uid), online, season[0]?.points ?? 0);
}

/** The player with this name, or 404 with the message that fits the action (after the session check the read carries). */
async function playerNamed(c: Context<PlayerEnv>, username: string, missing: ApiError): Promise<string> {
  const [row] = await c.var.player.read((db) => [db.select({ uid: players.uid }).from(players).where(sql`lower(${players.username}) = lower(${username})`)] as const);
  if (!row[0]) throw missing;
  return row[0].uid;
}

const notAMember = () => refuse(ERRORS.notAMember);
const noSuchRequest = () => refuse(ERRORS.requestNotFound);

/** An intent over the caller and, when named, one other player, deciding on the guild's rows. */
async function guildIntent(
  c: Context<PlayerEnv>,
  guildId: string,
  other: string | null,
  decision: (states: GameState[], context: decide.GuildContext) => Changes[],
) {
  const others = other && other !== c.var.player.uid ? [other] : [];
  return c.var.player.commitWithContext(others, guildContext(guildId, [c.var.player.uid, ...others]), (states, _now, context) => decision(states, context));
}

export const guildRoutes = new Hono<AppEnv>();

route(guildRoutes, API.guilds, { guard: asPlayer, query: GuildQuerySchema }, async (c, { query }) => {
  const search = query.q?.trim().toLowerCase();
  const [rows] = await c.var.player.read((db) => [search ? searchRead(db, search) : guildBoardRead(db)] as const);
  return rows;
});

route(guildRoutes, API.createGuild, { guard: asPlayer, body: CreateGuildSchema }, async (c, { body }) => {
  const { uid } = c.var.player;
  const guild = { id: crypto.randomUUID(), name: body.name, tag: body.tag, open: body.open, createdAt: Date.now() };
  await c.var.player.commitWithContext([], foundingContext(uid, body), ([state], _now, context) => {
    if (!state) throw new Error('a one-player commit answers one state');
    return [decide.found(state, body, context, guild)];
  });
  await retagInLobby(c.env, uid, guild.tag);
  return pageOf(c, guild.id);
});

route(guildRoutes, API.guild, { guard: asPlayer }, (c, { path }) => pageOf(c, path.id));

route(guildRoutes, API.joinGuild, { guard: asPlayer, body: EmptyBodySchema }, async (c, { path: { id } }) => {
  const outcome = await guildIntent(c, id, null, ([state], context) => (state ? [decide.join(state, context)] : []));
  const page = await pageOf(c, id);
  // An open guild lets the player in at once; a closed one only records the request.
  if (outcome.after[0]?.player.guild) await retagInLobby(c.env, c.var.player.uid, page.guild.tag);
  return page;
});

route(guildRoutes, API.acceptRequest, { guard: asPlayer, body: EmptyBodySchema }, async (c, { path: { id, username } }) => {
  const requester = await playerNamed(c, username, noSuchRequest());
  await guildIntent(c, id, requester, (states, context) => decide.answerRequest(states, context, true));
  const page = await pageOf(c, id);
  await retagInLobby(c.env, requester, page.guild.tag);
  return page;
});

route(guildRoutes, API.declineRequest, { guard: asPlayer, body: EmptyBodySchema }, async (c, { path: { id, username } }) => {
  const requester = await playerNamed(c, username, noSuchRequest());
  await guildIntent(c, id, requester, (states, context) => decide.answerRequest(states, context, false));
  return pageOf(c, id);
});

route(guildRoutes, API.leaveGuild, { guard: asPlayer, body: EmptyBodySchema }, async (c, { path: { id } }) => {
  let outcome: { name: string; disbanded: boolean } = { name: '', disbanded: false };
  await guildIntent(c, id, null, ([state], context) => {
    if (!state) return [];
    const { changes, disbanded } = decide.leave(state, context);
    outcome = { name: context.guild?.name ?? '', disbanded };
    return [changes];
  });
  if (outcome.disbanded) await forgetGuildRoom(c.env, id);
  else await endGuildSockets(c.env, id, c.var.player.uid);
  await retagInLobby(c.env, c.var.player.uid, null);
  return { message: outcome.disbanded ? MSG.guildDisbanded(outcome.name) : MSG.leftGuild(outcome.name) };
});

route(guildRoutes, API.kick, { guard: asPlayer, body: GuildKickSchema }, async (c, { body, path: { id } }) => {
  const target = await playerNamed(c, body.username, notAMember());
  await guildIntent(c, id, target, (states, context) => decide.kick(states, context));
  await endGuildSockets(c.env, id, target);
  await retagInLobby(c.env, target, null);
  return pageOf(c, id);
});

route(guildRoutes, API.setRole, { guard: asPlayer, body: GuildRoleSchema }, async (c, { body, path: { id } }) => {
  const { username, role } = body;
  const target = await playerNamed(c, username, notAMember());
  await guildIntent(c, id, target, (states, context) => decide.setRole(states, context, role));
  return pageOf(c, id);
});
