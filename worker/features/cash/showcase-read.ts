/**
 * The Showcase on the public player card (docs/design.md section 8.2): the pinned trophies of the player with
 * this name (any case), in the order they were pinned. A pinned id that is no longer a trophy shows nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { catalogueById } from '../../../game/rules/catalogue';
import type { PlayerCard } from '../../../game/wire';
import type { Database } from '../../core/db/client';
import { items, players } from '../../core/db/schema';

export function showcaseRead(db: Database, username: string) {
  const owner = sql`(select ${players.uid} from ${players} where lower(${players.username}) = lower(${username}))`;
  const pinned = sql`(select ${players.showcase} from ${players} where lower(${players.username}) = lower(${username}))`;
  return db
    .select({ catalogId: items.catalogId, quality: items.quality })
    .from(items)
    .where(and(sql`${items.uid} = ${owner}`, eq(items.location, 'trophy'), sql`${items.id} in (select value from json_each(${pinned}))`))
    .orderBy(sql`(select key from json_each(${pinned}) where value = ${items.id})`);
}

export function toShowcase(rows: readonly { catalogId: string; quality: number }[]): PlayerCard['showcase'] {
  return rows.flatMap(({ catalogId, quality }) => {
    const entry = catalogueById(catalogId);
    return entry ? [{ catalogId, name: entry.name, rarity: entry.rarity, quality }] : [];
  });
}
