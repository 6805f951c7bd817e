/**
 * Work that must not hold up the answer, or must not show in how long it takes: run after the response
 * (`waitUntil`); a failure goes to `onFailure` (a log line for the operator), never to the caller.
 */
import type { Context, Env } from 'hono';

export function afterAnswer<E extends Env>(c: Context<E>, work: Promise<void>, onFailure: (error: unknown) => void): void {
  const done = work.catch(onFailure);
  try {
    c.executionCtx.waitUntil(done);
  } catch {
    // No execution context (called outside a fetch event): the promise still runs.
  }
}
