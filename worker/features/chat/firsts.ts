/**
 * Server firsts (docs/design.md section 8.1): the first player ever to own a catalogue item makes the news. The
 * intent that gives a player items claims their catalogue ids in its own batch, `INSERT ... ON CONFLICT DO
 * NOTHING RETURNING`, so the database decides who was first: of two players taking the same item at once,
 * exactly one insert returns the row, and only that intent reports it (docs/decisions/015-rules-that-teach.md).
 * Owning means holding the item (taken from the finds, or crafted); a pending find is not owned yet.
 */
import type { Context } from 'hono';
import type { Changes } from '../../core/changes';
import { serverFirsts } from '../../core/db/schema';
import type { AppEnv } from '../../core/env';
import { catalogueEntry, type GameState } from '../../core/state';
import { reportNews } from './news';

/**
 * The changes with a claim on the server first of every catalogue item they give the player; `won` hears the
 * catalogue ids this player turned out to be first to own, once the batch has committed.
 */
export function claimingFirsts(state: GameState, changes: Changes, won: (catalogIds: string[]) => void): Changes {
  const held = new Set(state.items.map((row) => row.id));
  const ids = [...new Set(changes.putItems.filter((row) => !held.has(row.id)).map((row) => row.catalogId))];
  if (ids.length === 0) return changes;
  const { username } = state.player;
  return {
    ...changes,
    watches: [
      ...(changes.watches ?? []),
      {
        statements: (db, { uid, now }) => [
          db
            .insert(serverFirsts)
            .values(ids.map((catalogId) => ({ catalogId, uid, username, createdAt: now })))
            .onConflictDoNothing()
            .returning({ catalogId: serverFirsts.catalogId }),
        ],
        seen: ([rows]) => won((rows as { catalogId: string }[]).map((row) => row.catalogId)),
      },
    ],
  };
}

/** The news of each server first this player won with the items `changes` gave them. */
export function reportFirsts<E extends AppEnv>(c: Context<E>, username: string, catalogIds: readonly string[], changes: Changes) {
  for (const catalogId of catalogIds) {
    const entry = catalogueEntry(catalogId);
    const quality = Math.max(...changes.putItems.filter((row) => row.catalogId === catalogId).map((row) => row.quality));
    reportNews(c, { kind: 'first', username, item: { itemName: entry.name, rarity: entry.rarity, quality } });
  }
}
