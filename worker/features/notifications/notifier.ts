/**
 * One Notifier per player (docs/design.md section 8.7, ADR 018): a Durable Object whose one alarm is the
 * player's next timed push (energy full, research done). Intents that move those times hand it the new ones
 * after the answer (./schedule.ts), which moves the alarm rather than adding one; nothing ever scans the players.
 * It also sends the pushes that happen at once (attacked, a season's result), and keeps each kind to one an hour.
 *
 * Its storage is small and disposable: the schedule, when each kind was last pushed, and whether the player
 * has any device (so a player who never turned push on costs no alarm).
 */
import { DurableObject } from 'cloudflare:workers';
import { and, count, eq, inArray } from 'drizzle-orm';
import { energyFullNotice, PUSH_INTERVAL_MS, researchDoneNotice, type NoticeKind, type PushNotice } from '../../../game/rules/notices';
import { createDb } from '../../core/db/client';
import { players } from '../../core/db/schema';
import { pushSubscriptions } from './schema';
import { pushOffKinds } from './kinds';
import { sendPush, vapidKeys } from './push';
import { nextAlarm, type Schedule } from './schedule';

/** What a push came to, for the caller's log and the tests. */
export type PushOutcome = 'sent' | 'throttled' | 'off' | 'no-device' | 'failed';

const SCHEDULE = 'schedule';
const LAST_SENT = 'last-sent';
const DEVICES = 'devices';
const UID = 'uid';

type LastSent = Partial<Record<NoticeKind, number>>;

export class Notifier extends DurableObject<Env> {
  /** The player's new timed pushes: replaces the schedule and moves the one alarm. */
  async schedule(uid: string, schedule: Schedule): Promise<void> {
    await this.ctx.storage.put(UID, uid);
    if ((await this.devices(uid)) === 0) return this.clear();
    await this.ctx.storage.put(SCHEDULE, schedule);
    await this.arm(schedule);
  }

  /** A push now (attacked, a season's result), within the kind's hourly allowance. */
  async pushNow(uid: string, notice: PushNotice): Promise<PushOutcome> {
    await this.ctx.storage.put(UID, uid);
    if ((await this.devices(uid)) === 0) return 'no-device';
    return this.deliver(uid, notice, Date.now());
  }

  /** The player's devices changed (one added or removed): with none, nothing is scheduled; else what is due now. */
  async devicesChanged(uid: string, devices: number, schedule: Schedule): Promise<void> {
    await this.ctx.storage.put({ [UID]: uid, [DEVICES]: devices });
    await this.schedule(uid, schedule);
  }

  /** What is scheduled, for the tests and the operator. */
  async pending(): Promise<{ schedule: Schedule | undefined; alarm: number | null }> {
    return { schedule: await this.ctx.storage.get<Schedule>(SCHEDULE), alarm: await this.ctx.storage.getAlarm() };
  }

  override async alarm(): Promise<void> {
    const [uid, schedule] = [await this.ctx.storage.get<string>(UID), await this.ctx.storage.get<Schedule>(SCHEDULE)];
    if (!uid || !schedule) return;
    const now = Date.now();
    const due: PushNotice[] = [];
    if (schedule.energyFullAt !== null && schedule.energyFullAt <= now) due.push(energyFullNotice());
    const researched = schedule.research.filter((entry) => entry.at <= now);
    if (researched.length > 0) due.push(researchDoneNotice(researched.map((entry) => entry.name)));
    for (const notice of due) await this.deliver(uid, notice, now);
    // The pushes found no device left: nothing more to schedule until one is added.
    if ((await this.ctx.storage.get<number>(DEVICES)) === 0) return this.clear();
    const rest: Schedule = {
      energyFullAt: schedule.energyFullAt !== null && schedule.energyFullAt > now ? schedule.energyFullAt : null,
      research: schedule.research.filter((entry) => entry.at > now),
    };
    await this.ctx.storage.put(SCHEDULE, rest);
    await this.arm(rest);
  }

  /**
   * How many devices the player has: kept here once known, so a player who never turned push on costs one D1
   * read in the object's life and no alarm. Adding or removing a device, and every push, keep it current.
   */
  private async devices(uid: string): Promise<number> {
    const known = await this.ctx.storage.get<number>(DEVICES);
    if (known !== undefined) return known;
    const [row] = await createDb(this.env.DB).select({ devices: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.uid, uid));
    // A device added meanwhile told the object itself (devicesChanged): that count is the newer one.
    const devices = (await this.ctx.storage.get<number>(DEVICES)) ?? row?.devices ?? 0;
    await this.ctx.storage.put(DEVICES, devices);
    return devices;
  }

  private async arm(schedule: Schedule): Promise<void> {
    const at = nextAlarm(schedule);
    if (at === null) await this.ctx.storage.deleteAlarm();
    else await this.ctx.storage.setAlarm(at);
  }

  private async clear(): Promise<void> {
    await this.ctx.storage.delete(SCHEDULE);
    await this.ctx.storage.deleteAlarm();
  }

  /** Sends one notice to every device of the player, unless the kind is off or was pushed within the hour. */
  private async deliver(uid: string, notice: PushNotice, now: number): Promise<PushOutcome> {
    const lastSent = (await this.ctx.storage.get<LastSent>(LAST_SENT)) ?? {};
    if (now - (lastSent[notice.kind] ?? -Infinity) < PUSH_INTERVAL_MS) return 'throttled';
    const vapid = vapidKeys(this.env);
    if (!vapid) return 'no-device';
    // Claimed before any I/O: the D1 read below lets another call into the object, and it must see the claim.
    await this.ctx.storage.put(LAST_SENT, { ...lastSent, [notice.kind]: now });
    const unclaim = async () => this.ctx.storage.put(LAST_SENT, { ...((await this.ctx.storage.get<LastSent>(LAST_SENT)) ?? {}), [notice.kind]: lastSent[notice.kind] });
    const db = createDb(this.env.DB);
    const [[player], devices] = await db.batch([
      db.select({ pushOff: players.pushOff }).from(players).where(eq(players.uid, uid)),
      db.select().from(pushSubscriptions).where(eq(pushSubscriptions.uid, uid)),
    ]);
    await this.ctx.storage.put(DEVICES, devices.length);
    if (!player || devices.length === 0) {
      await unclaim();
      return 'no-device';
    }
    if (pushOffKinds(player.pushOff).includes(notice.kind)) {
      await unclaim();
      return 'off';
    }
    const results = await Promise.all(
      devices.map((device) =>
        sendPush(device, notice, vapid).catch((error: unknown) => {
          console.error('push not sent', error);
          return 'failed' as const;
        }),
      ),
    );
    const gone = devices.filter((_, index) => results[index] === 'gone').map((device) => device.endpoint);
    if (gone.length > 0) {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.uid, uid), inArray(pushSubscriptions.endpoint, gone)));
      await this.ctx.storage.put(DEVICES, devices.length - gone.length);
    }
    return results.includes('sent') ? 'sent' : 'failed';
  }
}
