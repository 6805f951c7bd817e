/**
 * Notifications (docs/design.md section 8.7): the settings (which kinds, which devices) and the notices of
 * what happened while the player was away (the badge). The pushes themselves are sent by the player's
 * Notifier (./notifier.ts).
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { API } from '../../../game/api';
import { MSG } from '../../../game/messages';
import { attackedNotice, MAX_PUSH_DEVICES, NOTICE_KINDS } from '../../../game/rules/notices';
import { researchFinishedAt } from '../../../game/rules/research';
import { EmptyBodySchema, PushDeviceRemovalSchema, PushDeviceSchema, PushKindsSchema } from '../../../game/schemas';
import type { Notice, Notices, PushSettings } from '../../../game/wire';
import { afterAnswer } from '../../core/after-answer';
import type { Database } from '../../core/db/client';
import { fights, items, players, pushSubscriptions } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { ApiError, badRequest, conflict, notFound } from '../../core/errors';
import { asPlayer, type PlayerEnv } from '../../core/player';
import { route } from '../../core/route';
import type { BatchResponse } from '../../core/commit';
import { catalogueEntry, parseStates, statesRead } from '../../core/state';
import { pushOffKinds } from './kinds';
import { notifierOf } from './notifier-of';
import { isPushEndpoint, vapidKeys } from './push';
import { scheduleOf } from './schedule';

/** Notices reach back a week at most, and the list shows the newest 20. */
const NOTICE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
const NOTICES_SHOWN = 20;

const SettingsQuerySchema = z.strictObject({ endpoint: z.string().max(1024).optional() });

function settingsReads(db: Database, uid: string, endpoint: string) {
  return [
    db.select({ pushOff: players.pushOff }).from(players).where(eq(players.uid, uid)),
    db.select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.uid, uid)),
    db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.endpoint, endpoint))),
  ] as const;
}

type SettingsRows = BatchResponse<ReturnType<typeof settingsReads>>;

function toSettings(env: Env, [[player], [devices], mine]: SettingsRows): PushSettings {
  if (!player) throw notFound();
  const off = pushOffKinds(player.pushOff);
  return {
    kinds: NOTICE_KINDS.map((kind) => ({ kind, on: !off.includes(kind) })),
    devices: devices?.devices ?? 0,
    thisDevice: mine.length > 0,
    publicKey: vapidKeys(env)?.publicKey ?? null,
  };
}

/** The settings as they are now; the first read of a request also checks the session, before any write. */
async function readSettings(c: Context<PlayerEnv>, endpoint = ''): Promise<PushSettings> {
  return toSettings(c.env, await c.var.player.read((db, uid) => settingsReads(db, uid, endpoint)));
}

/** After a device came or went: tells the player's Notifier how many are left and, from their state, what is due. */
async function devicesChanged(c: Context<PlayerEnv>, endpoint: string): Promise<PushSettings> {
  const { uid } = c.var.player;
  const [player, devices, mine, ...state] = await c.var.player.read((db) => [...settingsReads(db, uid, endpoint), ...statesRead(db, [uid])] as const);
  const [game] = parseStates([uid], state) ?? [];
  if (!game) throw notFound();
  const count = devices[0]?.devices ?? 0;
  afterAnswer(c, notifierOf(c.env, uid).devicesChanged(uid, count, scheduleOf(game, Date.now())), (error) => console.error('notifier not told of devices', error));
  return toSettings(c.env, [player, devices, mine]);
}

/** Being attacked and research finishing, from `since` on: read off the fights and the equipped items. */
function noticesOf(attacks: (typeof fights.$inferSelect)[], inventory: (typeof items.$inferSelect)[], since: number, now: number): Notice[] {
  const attacked = attacks.map((fight): Notice => {
    const notice = attackedNotice(fight.attacker, fight.goldTaken, fight.winner === 'attacker');
    return { kind: 'attacked', text: notice.body, url: notice.url, at: fight.createdAt };
  });
  const researched = inventory.flatMap((item): Notice[] => {
    if (item.location !== 'inventory' || item.equippedAt === null) return [];
    const entry = catalogueEntry(item.catalogId);
    const at = researchFinishedAt(entry.rarity, item);
    return at > since && at <= now ? [{ kind: 'research', text: `${entry.name} is fully researched: add it to your trophy case.`, url: '/profile', at }] : [];
  });
  return [...attacked, ...researched].sort((a, b) => b.at - a.at).slice(0, NOTICES_SHOWN);
}

async function readNotices(c: Context<PlayerEnv>): Promise<Notices> {
  const now = Date.now();
  const since = now - NOTICE_WINDOW_MS;
  const [[player], attacks, inventory] = await c.var.player.read((db, uid) => [
    db.select({ noticesSeenAt: players.noticesSeenAt }).from(players).where(eq(players.uid, uid)),
    db.select().from(fights).where(and(eq(fights.defenderUid, uid), gt(fights.createdAt, since))).orderBy(desc(fights.createdAt)).limit(NOTICES_SHOWN),
    db.select().from(items).where(and(eq(items.uid, uid), eq(items.location, 'inventory'))),
  ] as const);
  if (!player) throw notFound();
  const notices = noticesOf(attacks, inventory, since, now);
  return { notices, unseen: notices.filter((notice) => notice.at > player.noticesSeenAt).length };
}

export const notificationRoutes = new Hono<AppEnv>();

route(notificationRoutes, API.pushSettings, { guard: asPlayer, query: SettingsQuerySchema }, (c, { query }) => readSettings(c, query.endpoint));

route(notificationRoutes, API.setPushKinds, { guard: asPlayer, body: PushKindsSchema }, async (c, { body }) => {
  const { uid } = c.var.player;
  await readSettings(c);
  await c.var.db.update(players).set({ pushOff: JSON.stringify([...new Set(body.off)]) }).where(eq(players.uid, uid));
  return readSettings(c);
});

route(notificationRoutes, API.addPushDevice, { guard: asPlayer, body: PushDeviceSchema }, async (c, { body }) => {
  if (!vapidKeys(c.env)) throw new ApiError(503, 'push_unavailable', MSG.pushUnavailable);
  if (!isPushEndpoint(body.endpoint, c.env)) throw badRequest(MSG.pushEndpointInvalid, 'push_endpoint_invalid');
  const { uid } = c.var.player;
  await readSettings(c);
  // One statement, so parallel adds cannot pass the device cap together: the row is written only while the
  // player has fewer than MAX_PUSH_DEVICES others. A browser another account had turned on moves to this one.
  const written = await c.var.db.run(sql`
    INSERT INTO ${pushSubscriptions} (endpoint, uid, p256dh, auth, created_at)
    SELECT ${body.endpoint}, ${uid}, ${body.keys.p256dh}, ${body.keys.auth}, ${Date.now()}
    WHERE (SELECT count(*) FROM ${pushSubscriptions} WHERE uid = ${uid} AND endpoint != ${body.endpoint}) < ${MAX_PUSH_DEVICES}
    ON CONFLICT (endpoint) DO UPDATE SET uid = excluded.uid, p256dh = excluded.p256dh, auth = excluded.auth`);
  if (written.meta.changes === 0) throw conflict(MSG.pushDevicesFull, 'push_devices_full');
  return devicesChanged(c, body.endpoint);
});

route(notificationRoutes, API.removePushDevice, { guard: asPlayer, body: PushDeviceRemovalSchema }, async (c, { body }) => {
  const { uid } = c.var.player;
  await readSettings(c);
  await c.var.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.endpoint, body.endpoint)));
  return devicesChanged(c, body.endpoint);
});

route(notificationRoutes, API.notices, { guard: asPlayer }, (c) => readNotices(c));

route(notificationRoutes, API.seenNotices, { guard: asPlayer, body: EmptyBodySchema }, async (c) => {
  const { notices } = await readNotices(c);
  // Seen up to the newest notice shown, not the clock: one that arrives meanwhile still counts as new.
  const seenAt = Math.max(0, ...notices.map((notice) => notice.at));
  await c.var.db
    .update(players)
    .set({ noticesSeenAt: sql`max(${players.noticesSeenAt}, ${seenAt})` })
    .where(eq(players.uid, c.var.player.uid));
  return { notices, unseen: 0 };
});
