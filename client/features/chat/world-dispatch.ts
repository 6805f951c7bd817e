/**
 * The live world (docs/design.md section 9.11): a `world` frame on a chat socket the player already has, handed to
 * the features that own the reads its events change (their `world.ts`, client/lib/world.ts), so this names none.
 * Each event carries ids and numbers only: a feature takes the number, marks what it holds, or reads again. Only
 * reads on screen are read again; the others are marked stale for their next showing.
 */
import { WorldEventSchema, type WorldEvent } from '../../../game/chat-protocol';
import type { StaleReads, WorldHandlers } from '../../lib/feature';
import { invalidate } from '../../lib/query';
import { loadWorldHandlers } from '../../lib/world';

/** A `world` frame, its events not checked yet: read before the frame schema, which would refuse it for one. */
export const isWorldFrame = (raw: unknown): raw is { type: 'world'; events: unknown } =>
  typeof raw === 'object' && raw !== null && (raw as { type?: unknown }).type === 'world';

/**
 * The events of a frame that parse, each on its own: one that is malformed, or of a kind this client does not
 * know yet (a newer server), is dropped without losing the others.
 */
export function worldEventsOf(events: unknown): WorldEvent[] {
  if (!Array.isArray(events)) return [];
  return events.flatMap((event: unknown) => {
    const parsed = WorldEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}

/** One handler of whatever kind `event` is: the map pairs each kind with its own event's type. */
type AnyHandler = (event: WorldEvent, stale: StaleReads) => void;
const handlerOf = (handlers: WorldHandlers, event: WorldEvent) => handlers[event.kind] as AnyHandler | undefined;

/** The frames applied so far, in order: the handlers load with the first, and a later frame waits for it. */
let applied = Promise.resolve();

/** Applies one frame's events; each read is read again at most once for the whole frame. */
export function applyWorld(events: readonly WorldEvent[]): Promise<void> {
  applied = applied
    .then(loadWorldHandlers)
    .then((features) => {
      const stale: StaleReads = new Set();
      for (const event of events) for (const handlers of features) handlerOf(handlers, event)?.(event, stale);
      if (stale.size > 0) void invalidate(...stale);
    })
    // A handler that failed to load (a deploy took its chunk) loses this frame only: the screens read again when shown.
    .catch((error: unknown) => console.warn('A world frame could not be applied', error));
  return applied;
}
