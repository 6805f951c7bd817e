/**
 * What follows every committed intent besides its answer (the news, notices, pushes). A feature declares its
 * watchers in its feature.ts (./feature.ts), worker/app.ts registers them, and the player capability (./player.ts)
 * calls every watcher after each commit, so no route has to remember to, or names the feature. A watcher reads what happened
 * from the outcome (its `events`, docs/decisions/021-client-by-feature.md) and must not hold up the answer: it
 * defers its work with afterAnswer (./after-answer.ts).
 */
import type { Context } from 'hono';
import type { Outcome } from './commit';
import type { AppEnv } from './env';

export type CommitWatcher = <E extends AppEnv>(c: Context<E>, outcome: Outcome) => void;

const watchers: CommitWatcher[] = [];

export function watchCommits(watcher: CommitWatcher): void {
  if (!watchers.includes(watcher)) watchers.push(watcher);
}

export function committed<E extends AppEnv>(c: Context<E>, outcome: Outcome): Outcome {
  for (const watcher of watchers) watcher(c, outcome);
  return outcome;
}
