/**
 * Features that follow every intent (daily contracts, the season's score, server firsts) subscribe here instead
 * of being called by the routes of the features whose intents they follow (docs/decisions/021-client-by-feature.md).
 * A hook turns a player's `IntentEvent`s into statements of its own, each on the store it is for (./stores.ts), which
 * the commit engine (./commit.ts) puts in that player's write batch: they commit with the intent or not at all, and
 * cost no round trip. A hook never names the engine, so another engine (a player's Durable Object) runs it
 * unchanged. A feature declares its hook in its feature.ts (./feature.ts), which worker/app.ts registers.
 */
import type { IntentEvent } from './changes';
import type { Stores, Write, WriteAt } from './stores';

/**
 * Statements whose results say what happened (a row inserted only if nobody had one yet, say): they run after
 * every player's writes, and `found` reads their results, in order, once the batch has committed (never on an
 * attempt that lost its claim), answering events the commit's watchers see with the decision's
 * (./commit-watchers.ts).
 */
export interface Finding {
  statements: Write[];
  found: (results: readonly unknown[]) => IntentEvent[];
}

/** A hook answers its writes, or a `Finding` when it needs their results. */
export type CommitHook = (events: readonly IntentEvent[], stores: Stores, at: WriteAt) => Write[] | Finding;

const hooks: CommitHook[] = [];

export function hookCommits(hook: CommitHook): void {
  if (!hooks.includes(hook)) hooks.push(hook);
}

/**
 * What each finding found, from `results`: its statements' results, one finding's after another's, in order (as the
 * engine ran them after the writes).
 */
export function foundBy<F extends Finding>(findings: readonly F[], results: readonly unknown[]): { finding: F; events: IntentEvent[] }[] {
  let at = 0;
  return findings.map((finding) => {
    const mine = results.slice(at, at + finding.statements.length);
    at += finding.statements.length;
    return { finding, events: finding.found(mine) };
  });
}

/** Every hook's part of one player's batch, writes and findings apart; none when nothing happened. */
export function hooked(events: readonly IntentEvent[], stores: Stores, at: WriteAt): { writes: Write[]; findings: Finding[] } {
  const writes: Write[] = [];
  const findings: Finding[] = [];
  if (events.length === 0) return { writes, findings };
  for (const hook of hooks) {
    const part = hook(events, stores, at);
    if (Array.isArray(part)) writes.push(...part);
    else findings.push(part);
  }
  return { writes, findings };
}
