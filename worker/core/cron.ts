/**
 * The Cron Triggers of wrangler.toml, run from what the features register (./feature.ts): the daily trigger
 * prunes every feature's dead rows in one D1 batch (issue #15: the tables that grow with traffic stay the size of
 * what is live, the retention table in docs/scaling.md) and runs the daily jobs; every other trigger runs the
 * jobs that keep the boards' marks and figures fresh. The core names no job: it runs what it is given.
 */
import { createDb } from './db/client';
import type { CronJob, CronJobs, Feature } from './feature';

/** The daily Cron; every other one (every few minutes) runs the `often` jobs. Both are listed in wrangler.toml. */
export const DAILY_CRON = '23 4 * * *';

/** Rows deleted by each statement of the daily prune, by the name its feature gave it. */
export type Pruned = Record<string, number>;

// The daily prune is a job of the core's own: every feature's statements in one batch.
declare module './feature' {
  interface CronJobs {
    prune: Pruned;
  }
}

/** Deletes, in one D1 batch, every feature's rows that can no longer do anything; answers how many went, by name. */
export async function prune(features: readonly Feature[], env: Env, now: number): Promise<Pruned> {
  const db = createDb(env.DB);
  const named = features.flatMap((feature) => Object.entries(feature.prune?.(db, now) ?? {}));
  const [first, ...rest] = named.map(([, statement]) => statement);
  if (!first) return {};
  const results = await db.batch([first, ...rest]);
  return Object.fromEntries(named.map(([name], index) => [name, (results[index] as D1Result).meta.changes]));
}

/** The jobs of the features, the prune first, and the Cron handler that runs them. */
export function cronOf(features: readonly Feature[]) {
  const jobs: CronJob[] = [{ name: 'prune', when: 'daily', run: (env, now) => prune(features, env, now) }, ...features.flatMap((feature) => feature.jobs ?? [])];
  const byName = new Map(jobs.map((job) => [job.name, job]));
  /** Runs one job by its name, as the trigger would (the tests and the benchmark call it). */
  async function runJob<K extends keyof CronJobs>(name: K, env: Env, now = Date.now()): Promise<CronJobs[K]> {
    const job = byName.get(name);
    if (!job) throw new Error(`no Cron job ${name}`);
    return (await job.run(env, now)) as CronJobs[K];
  }
  const scheduled: ExportedHandlerScheduledHandler<Env> = async (controller, env, ctx) => {
    const when = controller.cron === DAILY_CRON ? 'daily' : 'often';
    for (const job of jobs.filter((candidate) => candidate.when === when)) {
      // A job with nothing to say (a payout on any day but the 1st) answers null and logs nothing.
      ctx.waitUntil(job.run(env, controller.scheduledTime).then((result) => result !== null && console.info(job.name, result)));
    }
  };
  return { jobs, runJob, scheduled };
}
