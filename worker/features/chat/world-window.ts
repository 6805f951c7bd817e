import type { WorldEvent } from '../../../game/chat-protocol';

/**
 * The live world's window (docs/design.md section 9.11): world events go out at most once this often per socket,
 * the events of the window coalesced per kind and key. As the chat's coalescer (coalescer.ts, ADR 005): the first
 * event in a quiet window goes out at once and opens the window; what comes during it goes out at its end, and the
 * window reopens only while there was something to send. So a timer runs only while events come, and a quiet room
 * still sleeps.
 */
export const WORLD_WINDOW_MS = 1000;

/** What an event replaces within a window: the same listing, board, guild's drive or fight. */
export function worldKey(event: WorldEvent): string {
  switch (event.kind) {
    // Opened then closed within one window: only the close is news.
    case 'listing-opened':
    case 'listing-closed':
      return `listing:${event.listingId}`;
    case 'board-moved':
      return `board:${event.board}`;
    case 'drive-progress':
      return `drive:${event.guildId}`;
    case 'attacked':
      return `fight:${event.fightId}`;
  }
}

/** Events by key, the latest last: a later event of a key replaces the earlier one. */
type Keyed = Map<string, WorldEvent>;

function put(into: Keyed, events: readonly WorldEvent[]) {
  for (const event of events) {
    const key = worldKey(event);
    into.delete(key);
    into.set(key, event);
  }
}

/**
 * World events on their way out, for everyone here or for one player's sockets (by uid). `emit` gets the window's
 * events for everyone and each player's own; it is never called with nothing in either.
 */
export class WorldWindow {
  private open = false;
  private readonly everyone: Keyed = new Map();
  private readonly players = new Map<string, Keyed>();

  constructor(private readonly emit: (everyone: WorldEvent[], players: ReadonlyMap<string, WorldEvent[]>) => void) {}

  /** Events for everyone, or (`uid`) for that player's sockets only. */
  push(events: readonly WorldEvent[], uid?: string) {
    if (events.length === 0) return;
    if (uid === undefined) put(this.everyone, events);
    else {
      const own = this.players.get(uid) ?? new Map<string, WorldEvent>();
      put(own, events);
      this.players.set(uid, own);
    }
    if (this.open) return;
    this.open = true;
    this.flush();
    setTimeout(() => this.endWindow(), WORLD_WINDOW_MS);
  }

  /** The window ends: what waited goes out and the window reopens; with nothing waiting, it stays shut. */
  private endWindow() {
    if (this.everyone.size === 0 && this.players.size === 0) {
      this.open = false;
      return;
    }
    this.flush();
    setTimeout(() => this.endWindow(), WORLD_WINDOW_MS);
  }

  private flush() {
    const everyone = [...this.everyone.values()];
    const players = new Map([...this.players].map(([uid, own]) => [uid, [...own.values()]]));
    this.everyone.clear();
    this.players.clear();
    this.emit(everyone, players);
  }
}
