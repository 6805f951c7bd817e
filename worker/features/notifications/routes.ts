/**
 * Notifications (docs/design.md sections 8.7, 9.7): the settings (which kinds, which devices) and the notices of
 * what happened while the player was away (the badge). The pushes themselves are sent by the player's
 * Notifier (./notifier.ts).
 */
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import { Hono, type Context as Ctx } from 'hono';
import { z } from 'zod';
import { API, ERRORS } from '../../../game/api';
import { attackedNotice, MAX_PUSH_DEVICES, NOTICE_KIND_LABELS, NOTICE_KINDS, researchDoneNotice, soldNotice, type NoticeKind } from '../../../game/rules/notices';
import { EmptyBodySchema, PushDeviceRemovalSchema, PushDeviceSchema, PushKindsSchema } from '../../../game/schemas';
import type { Notice, Notices, PushSettings } from '../../../game/wire';
import { afterAnswer } from '../../core/after-answer';
import type { Database } from '../../core/db/client';
import { items, players } from '../../core/db/schema';
import { marketListings } from '../market';
import { pushSubscriptions } from './schema';
import { utcDay } from '../../../game/rules/fight';
import { againstMe, defencesRead, newestFirst, type StoredFight } from '../arena';
import type { AppEnv } from '../../core/env';
import { refuse } from '../../core/errors';
import { asPlayer, type PlayerEnv, type PlayerOutcome } from '../../core/player';
import { route } from '../../core/route';
import { noChanges } from '../../core/changes';
import { catalogueEntry } from '../../core/state';
import type { BatchResponse, Context } from '../../core/commit';
import { pushOffKinds } from './kinds';
import { notifierOf } from './notifier-of';
import { isPushEndpoint, vapidKeys } from './push';
import { researchEnds, scheduleOf } from './schedule';
import { WEEK_MS } from '../../../game/time';

/** Notices reach back a week at most, and the list shows the newest 20. */
const NOTICE_WINDOW_MS = WEEK_MS;
const NOTICES_SHOWN = 20;

const SettingsQuerySchema = z.strictObject({ endpoint: z.string().max(1024).optional() });

function settingsReads(db: Database, uid: string, endpoint: string) {
  return [
    db.select({ pushOff: players.pushOff }).from(players).where(eq(players.uid, uid)),
    db.select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.uid, uid)),
    db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.endpoint, endpoint))),
  ] as const;
}

/** The log's line for a change of kinds: what is now off. */
function pushKindsLine(off: readonly NoticeKind[]): string {
  return off.length === 0 ? 'Notifications: every kind on.' : `Notifications: ${off.map((kind) => NOTICE_KIND_LABELS[kind]).join(', ')} off.`;
}

type SettingsRows = BatchResponse<ReturnType<typeof settingsReads>>;

/** The settings rows, read with the player's state on every attempt of a commit. */
const settingsContext = (uid: string, endpoint: string): Context<ReturnType<typeof settingsReads>, SettingsRows> => ({
  queries: (db) => settingsReads(db, uid, endpoint),
  parse: (rows) => rows,
});

function settingsOf(env: Env, pushOff: string, devices: number, thisDevice: boolean): PushSettings {
  const off = pushOffKinds(pushOff);
  return { kinds: NOTICE_KINDS.map((kind) => ({ kind, on: !off.includes(kind) })), devices, thisDevice, publicKey: vapidKeys(env)?.publicKey ?? null };
}

/** After a device came or went: tells the player's Notifier how many there are and, from their state, what is due. */
function tellNotifier(c: Ctx<PlayerEnv>, { after, now }: PlayerOutcome, devices: number) {
  const { uid } = c.var.player;
  afterAnswer(c, notifierOf(c.env, uid).devicesChanged(uid, devices, scheduleOf(after, now)), (error) => console.error('notifier not told of devices', error));
}

type Sale = Pick<typeof marketListings.$inferSelect, 'catalogId' | 'price' | 'proceeds' | 'closedAt'>;

/** Being attacked, research finishing and listings sold, from `since` on: read off the fights, the equipped items and the sales. */
function noticesOf(attacks: readonly StoredFight[], inventory: (typeof items.$inferSelect)[], sales: readonly Sale[], since: number, now: number): Notice[] {
  const attacked = attacks.map((fight): Notice => {
    const notice = attackedNotice(fight.attackerName, fight.goldTaken, fight.winner === 'attacker');
    return { kind: 'attacked', text: notice.body, url: notice.url, at: fight.createdAt };
  });
  const researched = researchEnds(inventory, now)
    .filter((end) => end.at > since && end.at <= now)
    .map(({ at, name }): Notice => {
      const notice = researchDoneNotice([name]);
      return { kind: 'research', text: notice.body, url: notice.url, at };
    });
  const sold = sales.map((sale): Notice => {
    const notice = soldNotice(catalogueEntry(sale.catalogId).name, sale.price, sale.proceeds);
    return { kind: 'sold', text: notice.body, url: notice.url, at: sale.closedAt ?? now };
  });
  return [...attacked, ...researched, ...sold].sort((a, b) => b.at - a.at).slice(0, NOTICES_SHOWN);
}

async function readNotices(c: Ctx<PlayerEnv>): Promise<Notices> {
  const now = Date.now();
  const since = now - NOTICE_WINDOW_MS;
  const [[player], defences, inventory, sales] = await c.var.player.read((db, uid) => [
    db.select({ noticesSeenAt: players.noticesSeenAt, num: players.num }).from(players).where(eq(players.uid, uid)),
    // The attackers' rows of the window's days (game/rules/fight-record.ts): the entries against the player are picked out below.
    defencesRead(db, uid, utcDay(since)),
    db.select().from(items).where(and(eq(items.uid, uid), eq(items.location, 'inventory'))),
    db
      .select({ catalogId: marketListings.catalogId, price: marketListings.price, proceeds: marketListings.proceeds, closedAt: marketListings.closedAt })
      .from(marketListings)
      .where(and(eq(marketListings.sellerUid, uid), eq(marketListings.status, 'sold'), gt(marketListings.closedAt, since)))
      .orderBy(desc(marketListings.closedAt))
      .limit(NOTICES_SHOWN),
  ] as const);
  if (!player) throw refuse(ERRORS.notFound);
  const attacks = againstMe(defences, player.num)
    .filter((fight) => fight.createdAt > since)
    .sort(newestFirst)
    .slice(0, NOTICES_SHOWN);
  const notices = noticesOf(attacks, inventory, sales, since, now);
  return { notices, unseen: notices.filter((notice) => notice.at > player.noticesSeenAt).length };
}

export const notificationRoutes = new Hono<AppEnv>();

route(notificationRoutes, API.pushSettings, { guard: asPlayer, query: SettingsQuerySchema }, async (c, { query }) => {
  const [[player], [count], mine] = await c.var.player.read((db, uid) => settingsReads(db, uid, query.endpoint ?? ''));
  if (!player) throw refuse(ERRORS.notFound);
  return settingsOf(c.env, player.pushOff, count?.devices ?? 0, mine.length > 0);
});

// Changes to the settings are commits of the player (logged, and safe against two tabs at once): a burst of
// device adds is decided one after another by the write guard, so the device cap holds.
route(notificationRoutes, API.setPushKinds, { guard: asPlayer, body: PushKindsSchema }, async (c, { body }) => {
  const { player } = c.var;
  let devices = 0;
  let thisDevice = false;
  return player.commitOwn(
    settingsContext(player.uid, body.endpoint ?? ''),
    (_state, _now, [, [count], mine]) => {
      devices = count?.devices ?? 0;
      thisDevice = mine.length > 0;
      const off = NOTICE_KINDS.filter((kind) => body.off.includes(kind));
      return { ...noChanges(), player: { pushOff: JSON.stringify(off) }, log: { kind: 'notifications', text: pushKindsLine(off) } };
    },
    (outcome) => settingsOf(c.env, outcome.after.player.pushOff, devices, thisDevice),
  );
});

route(notificationRoutes, API.addPushDevice, { guard: asPlayer, body: PushDeviceSchema }, async (c, { body }) => {
  if (!vapidKeys(c.env)) throw refuse(ERRORS.pushUnavailable);
  if (!isPushEndpoint(body.endpoint, c.env)) throw refuse(ERRORS.pushEndpointInvalid);
  const { player } = c.var;
  let devices = 0;
  const outcome = await player.commitOwn(settingsContext(player.uid, body.endpoint), (_state, _now, [, [count], mine]) => {
    const others = (count?.devices ?? 0) - mine.length;
    if (others >= MAX_PUSH_DEVICES) throw refuse(ERRORS.pushDevicesFull);
    devices = others + 1;
    return {
      ...noChanges(),
      log: { kind: 'notifications', text: 'Turned on notifications on a device.' },
      // A browser another account had turned on moves to this one.
      effects: [
        // Shared: a browser's row can move from another account to this one.
        ({ shared }, { uid, now }) => [
          shared
            .insert(pushSubscriptions)
            .values({ endpoint: body.endpoint, uid, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now })
            .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { uid, p256dh: body.keys.p256dh, auth: body.keys.auth } }),
        ],
      ],
    };
  });
  tellNotifier(c, outcome, devices);
  return settingsOf(c.env, outcome.after.player.pushOff, devices, true);
});

route(notificationRoutes, API.removePushDevice, { guard: asPlayer, body: PushDeviceRemovalSchema }, async (c, { body }) => {
  const { player } = c.var;
  let devices = 0;
  const outcome = await player.commitOwn(settingsContext(player.uid, body.endpoint), (_state, _now, [, [count], mine]) => {
    devices = (count?.devices ?? 0) - mine.length;
    return {
      ...noChanges(),
      log: { kind: 'notifications', text: 'Turned off notifications on a device.' },
      effects: [({ shared }, { uid }) => [shared.delete(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), eq(pushSubscriptions.endpoint, body.endpoint)))]],
    };
  });
  tellNotifier(c, outcome, devices);
  return settingsOf(c.env, outcome.after.player.pushOff, devices, false);
});

route(notificationRoutes, API.notices, { guard: asPlayer }, (c) => readNotices(c));

route(notificationRoutes, API.seenNotices, { guard: asPlayer, body: EmptyBodySchema }, async (c) => {
  // Not a commit: opening the notices is no event for the log. Seen up to the newest notice shown, not the clock,
  // so one that arrives meanwhile still counts as new. The write itself checks the session and the ban (issue #55:
  // the read's check, on a replica, let a write land after a sign-out).
  const { notices } = await readNotices(c);
  const seenAt = Math.max(0, ...notices.map((notice) => notice.at));
  await c.var.player.updateOwn({ noticesSeenAt: sql`max(${players.noticesSeenAt}, ${seenAt})` });
  return { notices, unseen: 0 };
});
