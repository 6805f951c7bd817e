/**
 * The admin area (docs/design.md section 7.5): moderation. Everyone but the admin gets a 404, so the routes'
 * existence is not revealed. Every action is written to the moderation log with the admin's name.
 */
import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { API, ERRORS } from '../../../game/api';
import { DeleteMessageSchema, MuteSchema, UsernameBodySchema } from '../../../game/schemas';
import type { Moderation } from '../../../game/wire';
import { callerOf, isAdmin, loadCaller } from '../../core/session';
import { deleteChatMessage, endChatSockets, muteInRooms } from '../chat';
import { closeListingsOf } from '../market';
import { route } from '../../core/route';
import { players, sessions, users } from '../../core/db/schema';
import { moderationLog, type ModerationAction } from './schema';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';

/** How many log entries the admin page shows. */
const LOG_SHOWN = 100;

/** On each route, not with use(): mounted at the root, a use() would catch every path of the app. */
const adminOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.env, await loadCaller(c))) throw refuse(ERRORS.notFound);
  await next();
});

const playerNotFound = () => refuse(ERRORS.playerNotFound);

/** The player with this name (any case), or 404. */
async function target(c: Context<AppEnv>, username: string) {
  const row = await c.var.db
    .select({ uid: players.uid, username: players.username })
    .from(players)
    .where(sql`lower(${players.username}) = lower(${username})`)
    .get();
  if (!row) throw playerNotFound();
  return row;
}

function logged(c: Context<AppEnv>, action: ModerationAction, target: string, detail: string) {
  const admin = callerOf(c);
  return c.var.db.insert(moderationLog).values({ adminUid: admin.uid, admin: admin.username, action, target, detail, createdAt: Date.now() });
}

/** What the admin page shows: the log, newest first, and who is muted or banned now. */
async function moderation(c: Context<AppEnv>): Promise<Moderation> {
  const { db } = c.var;
  const now = Date.now();
  const [log, muted, banned] = await db.batch([
    db.select().from(moderationLog).orderBy(desc(moderationLog.id)).limit(LOG_SHOWN),
    db.select({ username: players.username, until: players.mutedUntil }).from(players).where(gt(players.mutedUntil, now)).orderBy(players.username),
    db
      .select({ username: sql<string>`coalesce(${players.username}, ${users.email})`, since: sql<number>`${users.bannedAt}` })
      .from(users)
      .leftJoin(players, eq(players.uid, users.id))
      .where(isNotNull(users.bannedAt))
      .orderBy(desc(users.bannedAt)),
  ]);
  return { log: log.map(({ id, admin, action, target, detail, createdAt }) => ({ id, admin, action, target, detail, createdAt })), muted, banned };
}

export const adminRoutes = new Hono<AppEnv>();

route(adminRoutes, API.admin, { guard: adminOnly }, () => ({ ok: true as const }));
route(adminRoutes, API.moderation, { guard: adminOnly }, (c) => moderation(c));

route(adminRoutes, API.mute, { guard: adminOnly, body: MuteSchema }, async (c, { body: { username, minutes } }) => {
  const player = await target(c, username);
  const until = Date.now() + minutes * 60_000;
  await c.var.db.batch([c.var.db.update(players).set({ mutedUntil: until }).where(eq(players.uid, player.uid)), logged(c, 'mute', player.username, `${minutes} minutes`)]);
  await muteInRooms(c.env, c.var.db, player.uid, until);
  return moderation(c);
});

route(adminRoutes, API.unmute, { guard: adminOnly, body: UsernameBodySchema }, async (c, { body }) => {
  const player = await target(c, body.username);
  await c.var.db.batch([c.var.db.update(players).set({ mutedUntil: 0 }).where(eq(players.uid, player.uid)), logged(c, 'unmute', player.username, '')]);
  await muteInRooms(c.env, c.var.db, player.uid, 0);
  return moderation(c);
});

route(adminRoutes, API.ban, { guard: adminOnly, body: UsernameBodySchema }, async (c, { body }) => {
  const player = await target(c, body.username);
  if (player.uid === callerOf(c).uid) throw refuse(ERRORS.forbidden);
  const now = Date.now();
  const { db } = c.var;
  await db.batch([
    db.update(users).set({ bannedAt: now }).where(eq(users.id, player.uid)),
    db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.uid, player.uid), sql`${sessions.revokedAt} IS NULL`)),
    ...closeListingsOf(db, player.uid, now),
    logged(c, 'ban', player.username, ''),
  ]);
  await endChatSockets(c.env, db, player.uid);
  return moderation(c);
});

route(adminRoutes, API.unban, { guard: adminOnly, body: UsernameBodySchema }, async (c, { body }) => {
  const player = await target(c, body.username);
  await c.var.db.batch([c.var.db.update(users).set({ bannedAt: null }).where(eq(users.id, player.uid)), logged(c, 'unban', player.username, '')]);
  return moderation(c);
});

route(adminRoutes, API.deleteMessage, { guard: adminOnly, body: DeleteMessageSchema }, async (c, { body: { id, guildId } }) => {
  // The room keeps the history: it removes the message and tells every open screen.
  const deleted = await deleteChatMessage(c.env, id, guildId);
  if (!deleted) throw refuse(ERRORS.messageNotFound);
  await logged(c, 'delete-message', deleted.username, deleted.text);
  return moderation(c);
});
