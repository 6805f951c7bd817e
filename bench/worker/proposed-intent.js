// PROTOTYPE, benchmark only: POST /api/scavenge as bench/README.md proposes it, so the effect is measured next
// to the product. Not used by the product; the owners of worker/game/run.ts and worker/auth/session.ts apply
// the change there, with tests.
//
// The product spends three D1 round trips per intent: the session lookup (requirePlayer), the state read
// (loadState) and the write batch. Here the session check rides in the state-read batch: the token's
// signature is verified first (no database needed), so its uid is known, and the batch reads the session row
// and that player's state together; if the session row is missing or revoked the state is discarded and
// the answer is 401, exactly as before. The pre-read also drops the ranking query, which the decision never
// uses (it counts over every player, so it grows with the player base); the read after the write keeps it
// for the answer. Two round trips, the write batch unchanged (copied from worker/game/run.ts).
import { getCookie } from 'hono/cookie';
import { Hono } from 'hono';
import { cryptoRandom, RARITY_NAMES, rarityRank } from '../../game/rules';
import { SESSION_COOKIE, verifySessionToken } from '../../worker/auth/session';
import { sameOriginOnly } from '../../worker/auth/origin';
import { chatRoom } from '../../worker/chat/room';
import * as intents from '../../worker/game/intents';
import { ACTIVITY_KEPT } from '../../worker/game/run';
import { catalogueEntry, derivedTotals, parseState, stateReads, toLoot, toProfile } from '../../worker/game/state';

const MAX_ATTEMPTS = 25;
const GUARD = 'EXISTS (SELECT 1 FROM players WHERE uid = ? AND write_token = ?)';

/** The session row of a verified token, with the player's username: what requirePlayer reads, in SQL. */
const sessionRead = (d1, { uid, sessionId }, now) =>
  d1
    .prepare(
      `SELECT players.username AS username FROM sessions JOIN users ON users.id = sessions.uid
        LEFT JOIN players ON players.uid = sessions.uid
        WHERE sessions.id = ? AND sessions.uid = ? AND sessions.revoked_at IS NULL AND sessions.expires_at > ?`,
    )
    .bind(sessionId, uid, now);

function applied(state, changes) {
  const deleted = new Set(changes.deleteItems);
  const put = new Map(changes.putItems.map((row) => [row.id, row]));
  return [...state.items.filter((row) => !deleted.has(row.id) && !put.has(row.id)), ...put.values()];
}

// Copied from worker/game/run.ts (not exported there), unchanged.
function writes(d1, uid, state, changes, token, now) {
  const player = { ...state.player, ...changes.player, ...derivedTotals(applied(state, changes)) };
  const guard = [uid, token];
  const placeholders = (n) => Array.from({ length: n }, () => '?').join(', ');
  const statements = [
    d1
      .prepare(
        `UPDATE players SET write_token = ?, gold = ?, energy = ?, energy_at = ?, duffel_bag_size = ?, total_attack = ?,
          total_defense = ?, trophy_case_score = ?, trophy_case_avg_quality = ? WHERE uid = ? AND write_token = ?`,
      )
      .bind(token, player.gold, player.energy, player.energyAt, player.duffelBagSize, player.totalAttack, player.totalDefense, player.trophyCaseScore, player.trophyCaseAvgQuality, uid, state.player.writeToken),
  ];
  if (changes.deleteItems.length > 0) {
    statements.push(d1.prepare(`DELETE FROM items WHERE uid = ? AND id IN (${placeholders(changes.deleteItems.length)}) AND ${GUARD}`).bind(uid, ...changes.deleteItems, ...guard));
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
      statements.push(d1.prepare(`INSERT INTO loot (uid, slot, catalog_id, quality) SELECT ?, ?, ?, ? WHERE ${GUARD}`).bind(uid, row.slot, row.catalogId, row.quality, ...guard));
    }
  }
  if (changes.takeLoot.length > 0) {
    statements.push(d1.prepare(`DELETE FROM loot WHERE uid = ? AND slot IN (${placeholders(changes.takeLoot.length)}) AND ${GUARD}`).bind(uid, ...changes.takeLoot, ...guard));
  }
  statements.push(
    d1.prepare(`INSERT INTO activity (uid, kind, text, created_at) SELECT ?, ?, ?, ? WHERE ${GUARD}`).bind(uid, changes.log.kind, changes.log.text, now, ...guard),
    d1.prepare(`DELETE FROM activity WHERE uid = ? AND id <= (SELECT id FROM activity WHERE uid = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`).bind(uid, uid, ACTIVITY_KEPT),
  );
  return statements;
}

const json = (body, status) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** runIntent with the session check folded into the first read. Null when the session is not a player's. */
async function runIntentWithSession(d1, claims, decide) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const now = Date.now();
    // The session is checked once, in the first read; a retry only re-reads the state.
    const reads = stateReads(d1, claims.uid).slice(0, 3); // player, items, loot: not the ranking
    const results = await d1.batch(attempt === 0 ? [sessionRead(d1, claims, now), ...reads] : reads);
    if (attempt === 0) {
      const session = results.shift()?.results[0];
      if (!session) return { status: 401 };
      if (!session.username) return { status: 403 };
    }
    const before = parseState(results);
    if (!before) return { status: 404 };
    const changes = decide(before, now);
    const statements = writes(d1, claims.uid, before, changes, crypto.randomUUID(), now);
    const written = await d1.batch([...statements, ...stateReads(d1, claims.uid)]);
    const after = parseState(written.slice(statements.length));
    if (written[0]?.meta.changes === 1 && after) return { before, after, changes, now };
  }
  return { status: 409 };
}

const NEWSWORTHY_RANK = rarityRank('rare');

export const proposedRoutes = new Hono().use(sameOriginOnly).post('/api/scavenge', async (c) => {
  const token = getCookie(c, SESSION_COOKIE);
  const claims = token ? await verifySessionToken(c.env, token) : null;
  if (!claims) return json({ error: 'unauthorized' }, 401);
  const outcome = await runIntentWithSession(c.env.DB, claims, (state, now) => intents.scavenge(state, now, cryptoRandom));
  if (outcome.status) return json({ error: outcome.status }, outcome.status);
  for (const find of outcome.changes.newLoot ?? []) {
    const entry = catalogueEntry(find.catalogId);
    if (rarityRank(entry.rarity) >= NEWSWORTHY_RANK) {
      const text = `${outcome.after.player.username} found ${RARITY_NAMES[entry.rarity]} ${entry.name} (quality ${find.quality})!`;
      c.executionCtx.waitUntil(chatRoom(c.env).postNews(text).catch(() => {}));
    }
  }
  return json({ profile: toProfile(outcome.after, outcome.now), loot: outcome.after.loot.map(toLoot) }, 200);
});
