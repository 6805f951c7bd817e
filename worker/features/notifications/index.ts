/**
 * Notifications (docs/design.md section 8.7, ADR 018). Pushes follow every commit by themselves, through the
 * commit watchers ./feature.ts declares: the timed ones (`rescheduleAfterCommit`) and those that happen at once
 * (`pushAfterCommit`); no feature calls them (an ESLint rule holds this). The season's results go out after its
 * payout (`pushSeasonResults`).
 */
import { and, eq, exists } from 'drizzle-orm';
import { attackedNotice, seasonResultNotice, soldNotice, type PushNotice } from '../../../game/rules/notices';
import { seasonName } from '../../../game/rules/season';
import { createDb } from '../../core/db/client';
import { pushSubscriptions } from './schema';
import { seasonPrizes } from '../seasons';
import { afterAnswer } from '../../core/after-answer';
import type { IntentEvent } from '../../core/changes';
import type { CommitWatcher } from '../../core/commit-watchers';
import { catalogueEntry } from '../../core/state';
import { notifierOf } from './notifier-of';
import { sameSchedule, scheduleOf } from './schedule';

export { Notifier } from './notifier';
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

/**
 * Being attacked, and a listing sold (told by the buyer's purchase, which never claims the seller), push at once,
 * after the answer has left; the Notifier keeps each kind to one an hour.
 */
export const pushAfterCommit: CommitWatcher = (c, { after, events }) => {
  after.forEach((state, index) => {
    for (const event of events[index] ?? []) {
      const push = pushOf(state.player.uid, event);
      if (!push) continue;
      const [uid, notice] = push;
      afterAnswer(
        c,
        notifierOf(c.env, uid)
          .pushNow(uid, notice)
          .then(() => undefined),
        notTold,
      );
    }
  });
};

/** Whom an event of `uid`'s intent tells at once, and what; null for an event that pushes nothing. */
function pushOf(uid: string, event: IntentEvent): readonly [string, PushNotice] | null {
  switch (event.kind) {
    case 'attacked':
      return [uid, attackedNotice(event.attacker, event.goldTaken, event.attackerWon)];
    case 'bought':
      return [event.sellerUid, soldNotice(catalogueEntry(event.catalogId).name, event.price, event.proceeds)];
    default:
      return null;
  }
}

/**
 * How many season results one payout pushes: each is a call to a player's Notifier, and a Cron invocation has a
 * bounded number of subrequests. Players past it have the result in their log (docs/scaling.md, "Pushes").
 */
export const SEASON_PUSHES_PER_RUN = 1000;
const PUSHES_AT_ONCE = 50;

/**
 * After the payout on the 1st (worker/features/seasons/feature.ts): the players it paid in this run (`paidAt`) who have a device
 * hear their result. A retried Cron pays nobody, so it pushes nothing twice.
 */
export async function pushSeasonResults(env: Env, season: string, paidAt: number): Promise<number> {
  const db = createDb(env.DB);
  const winners = await db
    .select({ uid: seasonPrizes.uid, rank: seasonPrizes.rank, cash: seasonPrizes.cash })
    .from(seasonPrizes)
    .where(and(eq(seasonPrizes.season, season), eq(seasonPrizes.paidAt, paidAt), exists(db.select({ uid: pushSubscriptions.uid }).from(pushSubscriptions).where(eq(pushSubscriptions.uid, seasonPrizes.uid)))))
    .limit(SEASON_PUSHES_PER_RUN);
  const name = seasonName(season);
  for (let start = 0; start < winners.length; start += PUSHES_AT_ONCE) {
    await Promise.all(
      winners.slice(start, start + PUSHES_AT_ONCE).map((winner) => notifierOf(env, winner.uid).pushNow(winner.uid, seasonResultNotice(name, winner.rank, winner.cash)).catch(notTold)),
    );
  }
  return winners.length;
}
