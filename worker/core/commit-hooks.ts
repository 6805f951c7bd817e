/**
 * Features that follow every intent (daily contracts, the season's score) subscribe here instead of being
 * called by the routes of the features whose intents they follow (docs/decisions/021-client-by-feature.md). A
 * hook turns a player's `IntentEvent`s into statements of its own, which the commit engine (./commit.ts) puts in
 * that player's write batch after the decision's effects: they commit with the intent or not at all, and cost no
 * round trip. A feature registers its hook once, from the composition root (worker/app.ts).
 */
import type { BatchItem } from 'drizzle-orm/batch';
import type { IntentEvent } from './changes';
import type { Database } from './db/client';

export type CommitHook = (events: readonly IntentEvent[], db: Database, at: { uid: string; now: number }) => BatchItem<'sqlite'>[];

const hooks: CommitHook[] = [];

export function hookCommits(hook: CommitHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/** Every hook's statements for one player's events; none when nothing happened. */
export function hookedWrites(events: readonly IntentEvent[], db: Database, at: { uid: string; now: number }): BatchItem<'sqlite'>[] {
  return events.length === 0 ? [] : hooks.flatMap((hook) => hook(events, db, at));
}
