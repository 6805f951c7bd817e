/**
 * Notifications (docs/design.md section 8.7, ADR 018): what other features and the composition root use.
 * Timed pushes follow every commit by themselves (`rescheduleAfterCommit`, registered in worker/app.ts);
 * pushes that happen at once are sent through `pushNotice`.
 */
import type { Context } from 'hono';
import type { PushNotice } from '../../../game/rules/notices';
import { afterAnswer } from '../../core/after-answer';
import type { CommitWatcher } from '../../core/commit-watchers';
import type { AppEnv } from '../../core/env';
import { notifierOf } from './notifier-of';
import { sameSchedule, scheduleOf } from './schedule';

export { Notifier } from './notifier';
export { notificationRoutes } from './routes';
export { notifierOf } from './notifier-of';

const notTold = (error: unknown) => console.error('notifier not told', error);

/**
 * After a commit, each player whose energy-full or research-done times moved gets their Notifier's alarm moved,
 * once the answer has left (the intent stays at its round trips). A commit that moved no time costs nothing.
 */
export const rescheduleAfterCommit: CommitWatcher = (c, { before, after, now }) => {
  after.forEach((state, index) => {
    const previous = before[index];
    const schedule = scheduleOf(state, now);
    if (previous && sameSchedule(scheduleOf(previous, now), schedule)) return;
    afterAnswer(c, notifierOf(c.env, state.player.uid).schedule(state.player.uid, schedule), notTold);
  });
};

/** A push now (being attacked), after the answer has left; the Notifier keeps it to one of its kind an hour. */
export function pushNotice<E extends AppEnv>(c: Context<E>, uid: string, notice: PushNotice): void {
  afterAnswer(
    c,
    notifierOf(c.env, uid)
      .pushNow(uid, notice)
      .then(() => undefined),
    notTold,
  );
}
