/**
 * The chat's coalescing window and the live world's window (worker/features/chat/coalescer.ts, world-window.ts;
 * ADR 005, docs/design.md section 9.11) on a clock the test moves (issue #50): what goes out at once, what waits
 * for the window's end, and that a quiet room keeps no timer. These timings were checked through workerd with
 * real sleeps ("sends a lone message at once…" in test/worker/chat.test.ts, "coalesces a burst of 100 changes…"
 * and "a quiet room keeps no window open…" in test/worker/world.test.ts), which passed or failed with the
 * machine's load; those tests now check only the wiring (every frame delivered, in order, each key once).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BroadcastFrame, WorldEvent } from '../../game/chat-protocol';
import { COALESCE_MS, Coalescer } from '../../worker/features/chat/coalescer';
import { WORLD_WINDOW_MS, WorldWindow, worldKey } from '../../worker/features/chat/world-window';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const message = (n: number): BroadcastFrame => ({ type: 'user-joined', username: `p${n}` });

describe('the chat coalescer', () => {
  it('sends a lone broadcast at once, and what arrives within the window together, in order, at its end', () => {
    const emitted: BroadcastFrame[][] = [];
    const window = new Coalescer((frames) => emitted.push(frames));
    window.push([message(0)]);
    expect(emitted).toEqual([[message(0)]]);
    for (const n of [1, 2, 3]) window.push([message(n)]);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(COALESCE_MS - 1);
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(emitted).toEqual([[message(0)], [message(1), message(2), message(3)]]);
  });

  it('keeps no timer once quiet: the next broadcast after a pause goes out at once', () => {
    const emitted: BroadcastFrame[][] = [];
    const window = new Coalescer((frames) => emitted.push(frames));
    window.push([message(0)]);
    vi.advanceTimersByTime(COALESCE_MS);
    expect(vi.getTimerCount()).toBe(0);
    window.push([message(1)]);
    expect(emitted).toEqual([[message(0)], [message(1)]]);
  });

  it('sends a full batch before its window ends, so no frame grows without bound', () => {
    const emitted: BroadcastFrame[][] = [];
    const window = new Coalescer((frames) => emitted.push(frames));
    window.push([message(0)]);
    for (let n = 1; n <= 100; n += 1) window.push([message(n)]);
    expect(emitted.map((frames) => frames.length)).toEqual([1, 100]);
  });
});

describe('the live world window', () => {
  const opened = (listingId: string): WorldEvent => ({ kind: 'listing-opened', listingId, catalogId: 'feather' });
  const sold = (listingId: string): WorldEvent => ({ kind: 'listing-closed', listingId, reason: 'sold' });

  it('coalesces a burst of 100 changes into one frame at once and one at the window’s end, each key once, the last of each', () => {
    const emitted: WorldEvent[][] = [];
    const window = new WorldWindow((everyone) => emitted.push(everyone));
    const ids = Array.from({ length: 19 }, (_, n) => `l${n}`);
    for (let n = 0; n < 100; n += 1) {
      if (n % 10 === 9) window.push([{ kind: 'board-moved', board: 'season' }]);
      else window.push([n < 50 ? opened(ids[n % 19]!) : sold(ids[n % 19]!)]);
    }
    expect(emitted).toHaveLength(1);
    vi.advanceTimersByTime(WORLD_WINDOW_MS);
    expect(emitted).toHaveLength(2);
    for (const events of emitted) expect(new Set(events.map(worldKey)).size).toBe(events.length);
    const last = new Map(emitted.flat().map((event) => [worldKey(event), event]));
    for (const id of ids) expect(last.get(`listing:${id}`)).toEqual(sold(id));
    vi.advanceTimersByTime(WORLD_WINDOW_MS);
    expect(emitted).toHaveLength(2);
  });

  it('keeps no window open in a quiet room: the next event after a pause goes out at once', () => {
    const emitted: WorldEvent[][] = [];
    const window = new WorldWindow((everyone) => emitted.push(everyone));
    window.push([opened('a')]);
    vi.advanceTimersByTime(WORLD_WINDOW_MS);
    expect(vi.getTimerCount()).toBe(0);
    window.push([opened('b')]);
    expect(emitted).toEqual([[opened('a')], [opened('b')]]);
  });

  it('keeps a player’s own events for that player, coalesced the same way', () => {
    const emitted: [WorldEvent[], ReadonlyMap<string, WorldEvent[]>][] = [];
    const window = new WorldWindow((everyone, players) => emitted.push([everyone, players]));
    const attacked: WorldEvent = { kind: 'attacked', fightId: 'f1' };
    window.push([attacked], 'uid-1');
    window.push([attacked], 'uid-1');
    window.push([opened('a')]);
    vi.advanceTimersByTime(WORLD_WINDOW_MS);
    expect(emitted.map(([everyone, players]) => [everyone, Object.fromEntries(players)])).toEqual([
      [[], { 'uid-1': [attacked] }],
      [[opened('a')], { 'uid-1': [attacked] }],
    ]);
  });
});
