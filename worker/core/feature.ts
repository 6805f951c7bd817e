/**
 * What a feature brings to the Worker, declared in its own folder and registered with one line in
 * worker/registry.ts (docs/decisions/012-server-by-feature.md): its routes, what it adds to every intent's batch
 * (hooks) and what it does once the answer has left (watchers), its rows the daily prune deletes, and its Cron
 * jobs. The core reads these and names no feature, as Fastify builds an app from plugins.
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { Hono } from 'hono';
import type { CommitHook } from './commit-hooks';
import type { CommitWatcher } from './commit-watchers';
import type { Database } from './db/client';
import type { AppEnv } from './env';

/**
 * The Cron jobs, by name, and what each answers (its log line and the tests read it). Empty here: a feature adds
 * its jobs from its own folder by module augmentation, as Hono's `ContextVariableMap`:
 * `declare module '../../core/feature' { interface CronJobs { 'leagues settled': { leagues: number } } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' augmentations
export interface CronJobs {}

/** The two Cron Triggers of wrangler.toml: once a day, and every few minutes. */
export type CronSchedule = 'daily' | 'often';

export interface CronJob<K extends keyof CronJobs = keyof CronJobs> {
  name: K;
  when: CronSchedule;
  /** `now` is the trigger's scheduled time. */
  run: (env: Env, now: number) => Promise<CronJobs[K]>;
}

/** A job of the map, typed by its name (the helper keeps each feature's declaration one line). */
export const cronJob = <K extends keyof CronJobs>(name: K, when: CronSchedule, run: (env: Env, now: number) => Promise<CronJobs[K]>): CronJob<K> => ({ name, when, run });

export interface Feature {
  /** Its routes, with the full paths of the contract (game/api.ts): the app mounts them at the root. */
  routes?: Hono<AppEnv>;
  /** Statements it adds to a player's intent batch, from what the intent says happened (./commit-hooks.ts). */
  hooks?: readonly CommitHook[];
  /** What it does after every committed intent, once the answer has left (./commit-watchers.ts). */
  watchers?: readonly CommitWatcher[];
  /**
   * Its rows that can no longer do anything, deleted by the daily prune in one D1 batch with every feature's
   * (./cron.ts): each statement named for the prune's answer, which counts the rows each deleted.
   */
  prune?: (db: Database, now: number) => Record<string, BatchItem<'sqlite'>>;
  /** Its Cron jobs (`cronJob`). */
  jobs?: readonly CronJob[];
}
