/**
 * Applies an intent atomically. D1 has no interactive transactions, so each attempt reads the state, decides
 * in JS, then sends one batch (D1 runs a batch as a single transaction) whose first statement claims the
 * player by swapping its write token; every other write is guarded by "the player holds my new token".
 * If another request changed the player in between, the claim matches no row, nothing is written, and the
 * intent is decided again on fresh state. A double click therefore never spends twice or duplicates an item.
 */
import { MSG } from '../../game/messages';
import { readAsPlayer } from '../auth/session';
import type { SessionClaims } from '../env';
import { ApiError, notFound } from '../errors';
import type { Changes } from './intents';
import { parseRanking, rankingRead } from './ranking';
import { derivedTotals, parseState, stateReads, type GameState, type ItemRow } from './state';

/** Enough for every request of a burst from one player to get its turn (each round lets one through). */
const MAX_ATTEMPTS = 25;
/** How many activity entries a player keeps. */
export const ACTIVITY_KEPT = 100;

const GUARD = 'EXISTS (SELECT 1 FROM players WHERE uid = ? AND write_token = ?)';

function applied(state: GameState, changes: Changes): ItemRow[] {
  const deleted = new Set(changes.deleteItems);
  const put = new Map(changes.putItems.map((row) => [row.id, row]));
  const kept = state.items.filter((row) => !deleted.has(row.id) && !put.has(row.id));
  return [...kept, ...put.values()];
}

function writes(d1: D1Database, uid: string, state: GameState, changes: Changes, token: string, now: number): D1PreparedStatement[] {
  const player = { ...state.player, ...changes.player, ...derivedTotals(applied(state, changes)) };
  const guard = [uid, token];
  const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  const statements = [
    d1
      .prepare(
        `UPDATE players SET write_token = ?, gold = ?, energy = ?, energy_at = ?, duffel_bag_size = ?, total_attack = ?,
          total_defense = ?, trophy_case_score = ?, trophy_case_avg_quality = ? WHERE uid = ? AND write_token = ?`,
      )
      .bind(
        token,
        player.gold,
        player.energy,
        player.energyAt,
        player.duffelBagSize,
        player.totalAttack,
        player.totalDefense,
        player.trophyCaseScore,
        player.trophyCaseAvgQuality,
        uid,
        state.player.writeToken,
      ),
  ];
  if (changes.deleteItems.length > 0) {
    statements.push(
      d1
        .prepare(`DELETE FROM items WHERE uid = ? AND id IN (${placeholders(changes.deleteItems.length)}) AND ${GUARD}`)
        .bind(uid, ...changes.deleteItems, ...guard),
    );
  }
  for (const row of changes.putItems) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at, trophy_at)
            SELECT ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${GUARD}
            ON CONFLICT (id) DO UPDATE SET location = excluded.location, research_ms = excluded.research_ms,
              equipped_at = excluded.equipped_at, trophy_at = excluded.trophy_at WHERE items.uid = excluded.uid`,
        )
        .bind(row.id, uid, row.catalogId, row.quality, row.location, row.researchMs, row.equippedAt, now, row.trophyAt, ...guard),
    );
  }
  if (changes.newLoot) {
    statements.push(d1.prepare(`DELETE FROM loot WHERE uid = ? AND ${GUARD}`).bind(uid, ...guard));
    for (const row of changes.newLoot) {
      statements.push(
        d1.prepare(`INSERT INTO loot (uid, slot, catalog_id, quality) SELECT ?, ?, ?, ? WHERE ${GUARD}`).bind(uid, row.slot, row.catalogId, row.quality, ...guard),
      );
    }
  }
  if (changes.takeLoot.length > 0) {
    statements.push(
      d1.prepare(`DELETE FROM loot WHERE uid = ? AND slot IN (${placeholders(changes.takeLoot.length)}) AND ${GUARD}`).bind(uid, ...changes.takeLoot, ...guard),
    );
  }
  statements.push(
    d1.prepare(`INSERT INTO activity (uid, kind, text, created_at) SELECT ?, ?, ?, ? WHERE ${GUARD}`).bind(uid, changes.log.kind, changes.log.text, now, ...guard),
    d1
      .prepare(`DELETE FROM activity WHERE uid = ? AND id <= (SELECT id FROM activity WHERE uid = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`)
      .bind(uid, uid, ACTIVITY_KEPT),
  );
  return statements;
}

export interface IntentOutcome {
  before: GameState;
  after: GameState;
  /** The player's rank after the change, for the answer's profile. */
  ranking: number;
  changes: Changes;
  now: number;
}

/**
 * Two D1 round trips when nobody races the player: the first read (which also checks the caller's session,
 * like requirePlayer) and the write batch (which also reads the state to answer with). A lost race costs
 * one more of each, without the session check.
 */
export async function runIntent(d1: D1Database, claims: SessionClaims, decide: (state: GameState, now: number) => Changes): Promise<IntentOutcome> {
  const { uid } = claims;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const reads = stateReads(d1, uid);
    const before = parseState(attempt === 0 ? await readAsPlayer(d1, claims, reads) : await d1.batch(reads));
    if (!before) throw notFound();
    const now = Date.now();
    const changes = decide(before, now);
    const statements = writes(d1, uid, before, changes, crypto.randomUUID(), now);
    const results = await d1.batch([...statements, ...stateReads(d1, uid), rankingRead(d1, uid)]);
    const answer = results.slice(statements.length);
    const after = parseState(answer);
    if (results[0]?.meta.changes === 1 && after) return { before, after, ranking: parseRanking(answer.at(-1)), changes, now };
  }
  throw new ApiError(409, 'busy', MSG.busy);
}
