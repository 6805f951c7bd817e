/**
 * Server firsts (docs/design.md section 8.1): the first player ever to own a catalogue item makes the news. A
 * commit hook (worker/core/commit-hooks.ts, declared in ./feature.ts) claims the catalogue ids of the items an
 * intent gives a player in the intent's own batch, `INSERT ... ON CONFLICT DO NOTHING RETURNING`, so the database
 * decides who was first: of two players taking the same item at once, exactly one insert returns the row, and
 * only that commit finds a `first` event, which the news tells (./news.ts; docs/decisions/015-rules-that-teach.md).
 * Owning means holding the item (the `gained` event: taken from the finds, or crafted); a pending find is not
 * owned yet.
 */
import { eq, sql } from 'drizzle-orm';
import type { CommitHook } from '../../core/commit-hooks';
import { players } from '../../core/db/schema';
import { serverFirsts } from './schema';

export const serverFirstsHook: CommitHook = (events, { shared: db }, { uid, now }) => {
  const gained = events.flatMap((event) => (event.kind === 'gained' ? event.items : []));
  const ids = [...new Set(gained.map((item) => item.catalogId))];
  if (ids.length === 0) return [];
  // A first is told at the best quality the intent gave of that item.
  const best = (catalogId: string) => Math.max(...gained.filter((item) => item.catalogId === catalogId).map((item) => item.quality));
  // The first is kept under the player's name, read in the batch.
  const username = sql<string>`(${db.select({ username: players.username }).from(players).where(eq(players.uid, uid))})`;
  return {
    statements: [
      db
        .insert(serverFirsts)
        .values(ids.map((catalogId) => ({ catalogId, uid, username, createdAt: now })))
        .onConflictDoNothing()
        .returning({ catalogId: serverFirsts.catalogId }),
    ],
    found: ([rows]) => (rows as { catalogId: string }[]).map(({ catalogId }) => ({ kind: 'first', catalogId, quality: best(catalogId) })),
  };
};
