/**
 * The Cron Triggers of wrangler.toml. Daily housekeeping (issue #15): rows that can no longer do anything are
 * deleted, so the tables that grow with traffic stay the size of what is live (the retention table in
 * docs/scaling.md), in one D1 batch. Every few minutes: the boards' marks and the guild board's figures
 * (worker/core/ranking.ts, worker/features/seasons/board.ts, worker/features/guilds/board.ts).
 */
import { isNotNull, lt, or } from 'drizzle-orm';
import { LONGEST_WINDOW_MS } from './core/throttle';
import { createDb } from './core/db/client';
import { contractProgress, emailVerifications, passwordResets, sessions, throttles } from './core/db/schema';
import { pruneFights } from './features/arena';
import { refreshRankMarks } from './core/ranking';
import { pruneRolls } from './features/fairness';
import { payoutSeason, refreshSeasonMarks } from './features/seasons';
import { refreshGuildBoard } from './features/guilds/board';
import { settleLeagues } from './features/leagues';
import { pushSeasonResults } from './features/notifications';
import { previousSeason } from '../game/rules/season';
import { DAY_MS } from '../game/time';

/** The daily Cron; every other one refreshes the rank marks. Both are listed in wrangler.toml. */
export const DAILY_CRON = '23 4 * * *';

/** Revoked sessions are kept this long after revocation, for the record, then go. */
const REVOKED_KEPT_MS = 30 * DAY_MS;

export async function prune(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const [expiredSessions, resets, verifications, windows, oldScavengeRolls, oldRollDays, oldRolls, oldSeeds, oldFightDays, oldFightInbox, oldContracts] = await db.batch([
    db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, now - REVOKED_KEPT_MS))),
    db.delete(passwordResets).where(or(lt(passwordResets.expiresAt, now), isNotNull(passwordResets.usedAt))),
    db.delete(emailVerifications).where(or(lt(emailVerifications.expiresAt, now), isNotNull(emailVerifications.usedAt))),
    db.delete(throttles).where(lt(throttles.windowStart, now - LONGEST_WINDOW_MS)),
    ...pruneRolls(db, now),
    ...pruneFights(db, now),
    // A claim reads today's and yesterday's rows; the streak lives on the player.
    db.delete(contractProgress).where(lt(contractProgress.day, Math.floor(now / DAY_MS) - 1)),
  ]);
  return {
    sessions: expiredSessions.meta.changes,
    passwordResets: resets.meta.changes,
    emailVerifications: verifications.meta.changes,
    throttles: windows.meta.changes,
    scavengeRolls: oldScavengeRolls.meta.changes,
    rollDays: oldRollDays.meta.changes,
    rolls: oldRolls.meta.changes,
    revealedSeeds: oldSeeds.meta.changes,
    fightDays: oldFightDays.meta.changes,
    fightInbox: oldFightInbox.meta.changes,
    contracts: oldContracts.meta.changes,
  };
}

/** Rewrites the rank marks that moved; answers how many rows that wrote. */
export async function refreshRanks(env: Env) {
  const db = createDb(env.DB);
  const [upserted, removed] = await db.batch(refreshRankMarks(db));
  return { marksWritten: upserted.meta.changes, marksRemoved: removed.meta.changes };
}

/** Rewrites the season board's marks that moved (worker/features/seasons/board.ts); answers how many rows that wrote. */
export async function refreshSeasonRanks(env: Env, now = Date.now()) {
  const db = createDb(env.DB);
  const [upserted, removed] = await db.batch(refreshSeasonMarks(db, now));
  return { marksWritten: upserted.meta.changes, marksRemoved: removed.meta.changes };
}

/** Sums every guild's score and members again for the guild board (worker/features/guilds/board.ts). */
export async function refreshGuildScores(env: Env) {
  const refreshed = await refreshGuildBoard(createDb(env.DB));
  return { guildsWritten: refreshed.meta.changes };
}

/**
 * On the 1st (UTC), the daily Cron also pays the month before (docs/design.md section 8.4). The payout is
 * idempotent, so a retried Cron pays nobody twice.
 */
export async function paySeasons(env: Env, now = Date.now()) {
  if (new Date(now).getUTCDate() !== 1) return null;
  const season = previousSeason(now);
  const paid = await payoutSeason(env.DB, season, now);
  // Only the run that paid them tells them: a retried Cron pays nobody and pushes nothing.
  return { season, paid, pushed: paid > 0 ? await pushSeasonResults(env, season, now) : 0 };
}

/**
 * Every few minutes the Cron also settles the weeks that ended (docs/design.md section 9.5), so a week's leagues
 * are settled minutes after Monday 00:00 UTC; with nothing to settle it reads no rows (the leagues_unsettled index).
 */
export async function settleWeeks(env: Env, now = Date.now()) {
  return { leagues: await settleLeagues(env.DB, now) };
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env, ctx) => {
  if (controller.cron === DAILY_CRON) {
    ctx.waitUntil(prune(env).then((pruned) => console.info('pruned', pruned)));
    ctx.waitUntil(paySeasons(env, controller.scheduledTime).then((paid) => paid && console.info('season paid', paid)));
  }
  else {
    ctx.waitUntil(refreshRanks(env).then((refreshed) => console.info('rank marks', refreshed)));
    ctx.waitUntil(refreshSeasonRanks(env, controller.scheduledTime).then((refreshed) => console.info('season marks', refreshed)));
    ctx.waitUntil(refreshGuildScores(env).then((refreshed) => console.info('guild board', refreshed)));
    ctx.waitUntil(settleWeeks(env, controller.scheduledTime).then((settled) => settled.leagues > 0 && console.info('leagues settled', settled)));
  }
};
