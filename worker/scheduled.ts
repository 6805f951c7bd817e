/**
 * The Cron Triggers of wrangler.toml: what the features register (./registry.ts), run by ./core/cron.ts. `runJob`
 * runs one job by its name, as its trigger would (the tests and the benchmark).
 */
import { CRON } from './registry';

export const { scheduled, runJob } = CRON;
