/**
 * Writes bound to no engine (docs/decisions/032-writes-bound-to-no-engine.md): every feature's commit hooks
 * (registered by worker/app.ts, which ./helpers.ts loads), handed a Durable Object's own SQLite storage
 * (`drizzle-orm/durable-sqlite`) instead of D1, write the same rows and find the same events as in D1's batch. This
 * is the seam a player's object (issue #56) runs them through, unchanged.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { drizzle } from 'drizzle-orm/durable-sqlite';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { weekOf } from '../../game/rules/league';
import { seasonOf } from '../../game/rules/season';
import type { IntentEvent } from '../../worker/core/changes';
import { foundBy, hooked, type Finding } from '../../worker/core/commit-hooks';
import { createDb } from '../../worker/core/db/client';
import * as schema from '../../worker/core/db/schema';
import { oneDatabase, type SqlStore, type Write } from '../../worker/core/stores';
import { contractProgress } from '../../worker/features/contracts';
import { leagueMembers } from '../../worker/features/leagues/schema';
import { seasonScores } from '../../worker/features/seasons/schema';
import { serverFirsts } from '../../worker/features/chat/schema';
import { newPlayer } from './helpers';

/** What one intent said happened: a scavenge, two finds taken (one a first ever), a scored trophy. */
function eventsAt(now: number): IntentEvent[] {
  return [
    { kind: 'scavenged', energy: 1 },
    { kind: 'took', qualities: [3, 5] },
    // A catalogue id no game item has: nobody owned it before, in either engine.
    { kind: 'gained', items: [{ catalogId: `engine-neutral-${now}`, quality: 5 }] },
    { kind: 'trophy', catalogId: 'arc-welder-lance', rarity: 'epic', quality: 2, researchedAt: now, scores: true },
  ];
}

/** Every registered hook's writes and findings for `uid`, built on `store`, as the engine asks for them. */
const hookedOn = (store: SqlStore, uid: string, now: number) => hooked(eventsAt(now), oneDatabase(store), { uid, now });

/** The events the findings found. */
const found = (findings: readonly Finding[], results: readonly unknown[]) => foundBy(findings, results).flatMap(({ events }) => events);

/** A player's rows of the tables the hooks write, without what only one engine numbers (a league's id). */
async function rowsOf(store: SqlStore, uid: string, catalogId: string) {
  const { week, tier, points, joinedAt } = leagueMembers;
  return {
    contracts: await store.select().from(contractProgress).where(eq(contractProgress.uid, uid)).orderBy(contractProgress.slot),
    season: await store.select().from(seasonScores).where(eq(seasonScores.uid, uid)),
    league: await store.select({ week, tier, points, joinedAt }).from(leagueMembers).where(eq(leagueMembers.uid, uid)),
    firsts: await store.select().from(serverFirsts).where(eq(serverFirsts.catalogId, catalogId)),
  };
}

/** Copies the rows of `table` whose `key` is `value` from D1 into the object's storage. */
async function copyRows(to: SqlStore, table: SQLiteTable, key: SQLiteColumn, value: string) {
  const rows = await createDb(env.DB).select().from(table).where(eq(key, value));
  if (rows.length > 0) await to.insert(table).values(rows as never);
}

describe('writes bound to no engine', () => {
  it("every feature's hooks write the same rows and find the same events in a Durable Object's storage as in D1", async () => {
    const player = await newPlayer();
    const now = Date.now();
    const catalogId = `engine-neutral-${now}`;

    // D1: the engine of today, every write in one batch.
    const d1 = createDb(env.DB);
    const inD1 = hookedOn(d1, player.uid, now);
    const statements = [...inD1.writes, ...inD1.findings.flatMap((finding) => finding.statements)];
    const results = await d1.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
    const foundInD1 = found(inD1.findings, results.slice(inD1.writes.length));
    const rowsInD1 = await rowsOf(d1, player.uid, catalogId);

    // A Durable Object with SQLite storage: the same schema, the player's own rows, the same hooks, in one storage transaction.
    const stub = env.NOTIFIER.get(env.NOTIFIER.idFromName(`engine-neutral-${player.uid}`));
    const inObject = await runInDurableObject(stub, async (_object, state) => {
      for (const migration of env.TEST_MIGRATIONS) for (const query of migration.queries) state.storage.sql.exec(query);
      const store = drizzle(state.storage, { schema });
      await copyRows(store, schema.users, schema.users.id, player.uid);
      await copyRows(store, schema.players, schema.players.uid, player.uid);
      const hooked = hookedOn(store, player.uid, now);
      // The engine runs each statement as drizzle prepared it (a `run` for a write, an `all` for a read or a RETURNING);
      // on a `sync` store, `execute()` answers a deferred result that `sync()` runs.
      const execute = (statement: Write) => (statement as unknown as { _prepare: () => { execute: () => { sync: () => unknown } } })._prepare().execute().sync();
      const objectResults = state.storage.transactionSync(() => {
        hooked.writes.forEach(execute);
        return hooked.findings.flatMap((finding) => finding.statements).map(execute);
      });
      return { found: found(hooked.findings, objectResults), rows: await rowsOf(store, player.uid, catalogId) };
    });

    // The hooks did write: a contract moved, the trophy scored for the season and the week, the first was claimed.
    expect(rowsInD1.contracts.length).toBeGreaterThan(0);
    expect(rowsInD1.season).toMatchObject([{ season: seasonOf(now), trophies: 1 }]);
    expect(rowsInD1.league).toMatchObject([{ week: weekOf(now) }]);
    expect(foundInD1).toContainEqual({ kind: 'first', catalogId, quality: 5 });
    expect(inObject.rows).toEqual(rowsInD1);
    expect(inObject.found).toEqual(foundInD1);
  });
});
