// `node bench/ranking.mjs [players]`: what the rank query costs as the player base grows (bench/README.md).
// A profile's rank is read on every intent and profile read (worker/core/ranking.ts rankingRead), and D1 bills
// rows read. This loads the product's schema (migrations/, with its players_ranking index) into Node's
// built-in SQLite (D1 is SQLite), fills `players` with a skewed trophy-score distribution (most players have
// none), and times, in one process, the product's query against the OR form it replaced and against the
// same query with the index dropped. Every variant must give every player the same rank.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { ROOT } from './lib/proc.mjs';

const PLAYERS = Number(process.argv[2] ?? 100_000);
const QUERIES = 300;

/** The product's query, read from worker/core/ranking.ts so this cannot drift from it. */
const PRODUCT = /`(SELECT 1 \+ count\(\*\) AS ranking[^`]*)`/.exec(readFileSync(join(ROOT, 'worker', 'game', 'ranking.ts'), 'utf8'))?.[1];
if (!PRODUCT) throw new Error('rank query not found in worker/core/ranking.ts');
/** The same order spelled with OR, as the product had it before: SQLite answers it with two index lookups. */
const OR_FORM = `SELECT 1 + count(*) AS ranking FROM players other, players me WHERE me.uid = ?
  AND (other.trophy_case_score > me.trophy_case_score OR (other.trophy_case_score = me.trophy_case_score
  AND other.total_attack + other.total_defense > me.total_attack + me.total_defense))`;

const db = new DatabaseSync(':memory:');
db.exec('PRAGMA foreign_keys = OFF');
for (const file of readdirSync(join(ROOT, 'migrations')).filter((name) => name.endsWith('.sql')).sort()) {
  db.exec(readFileSync(join(ROOT, 'migrations', file), 'utf8').replaceAll('--> statement-breakpoint', ''));
}

// Deterministic, so runs compare: a small LCG instead of Math.random.
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const insert = db.prepare(
  `INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
    trophy_case_avg_quality, guild, created_at, total_attack, total_defense, write_token)
    VALUES (?, ?, 1, 100, 20, 0, 0, 0, ?, 0, '', 0, ?, ?, '')`,
);
db.exec('BEGIN');
for (let i = 0; i < PLAYERS; i += 1) {
  const score = random() < 0.6 ? 0 : Math.floor(random() ** 3 * 5000);
  insert.run(`u${i}`, `player${i}`, score, Math.floor(random() * 200), Math.floor(random() * 200));
}
db.exec('COMMIT');

const askers = Array.from({ length: QUERIES }, () => `u${Math.floor(random() * PLAYERS)}`);

function measure(name, sql) {
  const statement = db.prepare(sql);
  const ranks = askers.map((uid) => statement.get(uid).ranking); // warm-up, and the answers to compare
  const started = performance.now();
  for (const uid of askers) statement.get(uid);
  const ms = (performance.now() - started) / QUERIES;
  const plan = db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all('u0')
    .map((row) => row.detail)
    .join('; ');
  return { name, ms, ranks, plan };
}

const results = [measure('product query', PRODUCT), measure('OR form (before)', OR_FORM)];
db.exec('DROP INDEX players_ranking');
results.push(measure('product query, no index', PRODUCT));

const [baseline] = results;
console.info(`rank query, ${PLAYERS.toLocaleString('en')} players, ${QUERIES} random players asking (node:sqlite ${process.versions.sqlite})`);
for (const r of results) {
  if (r.ranks.some((rank, i) => rank !== baseline.ranks[i])) throw new Error(`${r.name} disagrees with the product's query`);
  console.info(`  ${r.name.padEnd(24)} ${r.ms.toFixed(3).padStart(8)} ms/query  ${(r.ms / baseline.ms).toFixed(2)}x the product's time  plan: ${r.plan}`);
}
