// `npm run bench:growth` (bench/README.md, "Growth"): the bytes a month of play stores when the tables grow the way
// the Worker grows them, one intent at a time with players interleaved, instead of seeded at their final size in key
// order as the scale section does (bench/scale.mjs). Pages split as rows grow among their neighbours and keep free
// space; this measures how much. Runs the project's TypeScript (the codecs and the Worker's statements) as it is, so
// it needs Node 22 (node_modules/.bin/node, which `npm run` puts first), and uses Node's own SQLite (`node:sqlite`):
// the `sqlite3` shell here is too old for migration 0029 (`unhex`).
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { DAY } from './scale.mjs';
import { ROOT } from './lib/proc.mjs';
import { round } from './lib/stats.mjs';
import '../scripts/ts-resolve.mjs';

const { DatabaseSync } = await import('node:sqlite');
const { drizzle } = await import('drizzle-orm/d1');
const { sql } = await import('drizzle-orm');
const schema = await import('../worker/core/db/schema.ts');
const { logLineWrites } = await import('../worker/core/log-lines.ts');
const { recordFight, pruneFights } = await import('../worker/features/arena/records.ts');
const { scavengeRoll, pruneRolls } = await import('../worker/features/fairness/seeds.ts');
const { encodeEntry, packScavenge, rowBytes, rollRowId, scavengeRollId, seedPrefix, ROW_BYTES_MAX, ROW_DAYS, SCAVENGE_ENTRY_BYTES } = await import('../game/rules/roll-record.ts');
const { fightId } = await import('../game/rules/fight-record.ts');
const { fairFight, seedHash, FAIR_RULES_VERSION } = await import('../game/rules/fair.ts');
const { ratingChange } = await import('../game/rules/fight.ts');
const { XP } = await import('../game/rules/level.ts');
const { CATALOGUE } = await import('../game/rules/catalogue.ts');
const { ZONE_IDS, ZONES } = await import('../game/rules/zones.ts');

/** The tables a month of play grows (the rest keep their size whatever the play). */
export const GROWING = ['scavenge_rolls', 'fight_days', 'fight_inbox', 'activity'];
const DAY_MS = 86_400_000;
/** As long as the real ids (UUIDs), like the scale seed's (bench/scale.mjs uidOf). */
const uidOf = (n) => `player${n}-`.padEnd(36, '0');
/** Log lines as the intents word them (bench/scale.mjs seeds the same two). */
const SCAVENGE_LINE = 'Scavenged 6 finds; the best was Rusty Pipe (Common, quality 3).';
const TAKE_LINE = 'Took Rusty Pipe (Common, quality 3); salvaged 5 finds for 9 gold.';

/** A small deterministic generator, so two runs grow the same database. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * One player's day, in order: DAY.scavenge scavenges, a take after five in six of them (DAY.take) and DAY.fight
 * fights spread among them. Every one is an intent that logs a line; a fight also logs one for its defender.
 */
function dayPlan() {
  const plan = [];
  const fightEvery = Math.floor(DAY.scavenge / DAY.fight);
  for (let i = 0; i < DAY.scavenge; i += 1) {
    plan.push('scavenge');
    if (i % 6 !== 5) plan.push('take');
    if (i % fightEvery === fightEvery - 1 && plan.filter((step) => step === 'fight').length < DAY.fight) plan.push('fight');
  }
  return plan;
}

/**
 * game/rules/roll-record.ts packScavenge for a row the caller keeps decoded: the same decision (the same seeds and
 * rules, fewer than ROW_DAYS days, within ROW_BYTES_MAX) and the same bytes (encodeScavenges' header before the
 * entries), without decoding the whole row again on every scavenge, which would take hours for a month of 1,000
 * players. `checkPacking` holds it to packScavenge itself.
 */
function packFast(held, next, scavenge) {
  const { row, list } = held;
  if (row) {
    const [oldest, last] = [list[0], list.at(-1)];
    if (scavenge.nonce > last.nonce && scavenge.nonce - oldest.nonce < ROW_BYTES_MAX * 8 && scavenge.day >= last.day && scavenge.day - oldest.day < ROW_DAYS) {
      const grown = { ...row, ...encode([...list, scavenge]) };
      if (rowBytes(grown) <= ROW_BYTES_MAX) {
        list.push(scavenge);
        held.row = grown;
        return grown;
      }
    }
  }
  held.list = [scavenge];
  held.row = { ...next, seq: row ? row.seq + 1 : 0, ...encode(held.list) };
  return held.row;
}

/** encodeScavenges' bytes from entries already encoded (`entry`). */
function encode(list) {
  const first = list[0].nonce;
  const marks = [];
  let count = 0;
  list.forEach((scavenge, i) => {
    count += 1;
    if (list[i + 1] && list[i + 1].day !== scavenge.day) {
      marks.push(count >> 8, count & 0xff, list[i + 1].day - scavenge.day);
      count = 0;
    }
  });
  const map = new Uint8Array(Math.ceil((list.at(-1).nonce - first + 1) / 8));
  for (const { nonce } of list) map[(nonce - first) >> 3] |= 1 << ((nonce - first) & 7);
  const packed = new Uint8Array(3 + marks.length + map.length + list.length * SCAVENGE_ENTRY_BYTES);
  packed.set([marks.length / 3, ...marks, map.length >> 8, map.length & 0xff, ...map]);
  list.forEach(({ entry }, i) => packed.set(entry, 3 + marks.length + map.length + i * SCAVENGE_ENTRY_BYTES));
  return { first, day: list.at(-1).day, packed };
}

/** packFast against packScavenge over one player's month of scavenges (nonces with gaps where fights took theirs). */
function checkPacking(scavenges, next) {
  const held = { row: undefined, list: [] };
  let real;
  for (const scavenge of scavenges) {
    real = packScavenge(real, next, scavenge);
    const fast = packFast(held, next, scavenge);
    const same = fast.seq === real.seq && fast.first === real.first && fast.day === real.day && Buffer.compare(fast.packed, real.packed) === 0;
    if (!same) throw new Error(`growth: packFast differs from packScavenge at nonce ${scavenge.nonce}`);
  }
  return real.seq + 1;
}

/**
 * Grows a fresh database with the project's migrations through `days` days of `players` everyday players, and
 * answers each table's bytes per player (dbstat) and how long it took.
 */
export async function growthBenchmark({ players = 1000, days = 30, say = console.info } = {}) {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'scavenger-growth-'));
  const file = join(dir, 'growth.sqlite');
  const db = new DatabaseSync(file);
  try {
    // The migrations in file order, as wrangler applies them (node:sqlite enforces foreign keys, as D1 does).
    for (const name of readdirSync(join(ROOT, 'migrations')).filter((f) => f.endsWith('.sql')).sort()) {
      db.exec(readFileSync(join(ROOT, 'migrations', name), 'utf8').replaceAll('--> statement-breakpoint', ''));
    }
    // Speed only (the database is thrown away): none of these changes how rows sit in pages.
    db.exec('PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144');
    const rand = random(42);
    const today = Math.floor(Date.now() / DAY_MS);
    const firstDay = today - days + 1;
    const start = firstDay * DAY_MS;

    // Players and their seeds, as signing up makes them (players get their number from migration 0028's trigger).
    db.exec('BEGIN');
    const user = db.prepare('INSERT INTO users (id, email, email_verified_at, created_at) VALUES (?, ?, ?, ?)');
    const player = db.prepare(
      `INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score, trophy_case_avg_quality,
        total_attack, total_defense, guild, xp, rating, created_at) VALUES (?, ?, 5, 300, 20, ?, 0, 4, 0, 0, ?, ?, '', 500, ?, ?)`,
    );
    const seeds = db.prepare('INSERT INTO fair_seeds (uid, server_seed, client_seed) VALUES (?, ?, ?)');
    const hex = (bytes) => Array.from({ length: bytes }, () => Math.floor(rand() * 256).toString(16).padStart(2, '0')).join('');
    for (let i = 0; i < players; i += 1) {
      user.run(uidOf(i), `player${i}@growth.test`, start, start);
      player.run(uidOf(i), `player${i}`, start, 50 + Math.floor(rand() * 200), 20 + Math.floor(rand() * 130), 900 + Math.floor(rand() * 300), start);
      seeds.run(uidOf(i), hex(32), hex(8));
    }
    db.exec('COMMIT');
    const everyone = db
      .prepare('SELECT p.uid, p.num, p.username, p.total_attack, p.total_defense, p.rating, s.server_seed, s.client_seed FROM players p JOIN fair_seeds s ON s.uid = p.uid ORDER BY p.num')
      .all()
      .map((row) => {
        const hash = seedHash(row.server_seed);
        return {
          num: row.num,
          name: row.username,
          fighter: { attack: row.total_attack, defense: row.total_defense },
          rating: row.rating,
          seeds: { serverSeed: row.server_seed, clientSeed: row.client_seed },
          hash,
          next: { num: row.num, seed: seedPrefix(hash), clientSeed: row.client_seed, rules: FAIR_RULES_VERSION },
          nonce: 0,
          logSeq: 0,
          rolls: { row: undefined, list: [] },
          month: [],
        };
      });

    // The Worker's statements, as drizzle writes them: each prepared once, bound per write.
    const orm = drizzle({}, { schema });
    const prepared = new Map();
    const runQuery = ({ sql: text, params }) => {
      if (!prepared.has(text)) prepared.set(text, db.prepare(text));
      prepared.get(text).run(...params);
    };
    // The scavenge's upsert, taken from worker/features/fairness/seeds.ts scavengeRoll itself; its parameters for a row
    // are the id, then the row's columns twice (insert and update), which the first scavenge checks.
    const rollUpsert = (row) => {
      const columns = [row.seed, row.clientSeed, row.first, row.day, row.rules, row.packed];
      return [rollRowId(row), ...columns, ...columns];
    };
    const sample = scavengeRoll({ ...everyone[0].seeds, nonce: 0, uid: uidOf(0), newestRolls: undefined }, everyone[0].num, start, ZONES[0]);
    const [sampleQuery] = sample.record(orm).map((q) => q.toSQL());
    const sampleRow = packScavenge(undefined, everyone[0].next, { nonce: 0, day: firstDay, zone: ZONES[0].id, finds: sample.finds });
    if (!isDeepStrictEqual(sampleQuery.params, rollUpsert(sampleRow))) throw new Error('growth: the scavenge upsert binds differently from scavengeRoll');
    const rollStatement = db.prepare(sampleQuery.sql);
    // The log line as worker/core/commit.ts writes it (worker/core/log-lines.ts), with placeholders to prepare once.
    const P = (name) => sql.placeholder(name);
    const logQueries = logLineWrites(orm, { num: P('num'), slot: P('slot'), id: P('id'), kind: P('kind'), text: P('text'), rollId: P('rollId'), createdAt: P('createdAt') })
      .map((q) => q.toSQL());
    const logStatements = logQueries.map((q) => ({ statement: db.prepare(q.sql), names: q.params.map((p) => (p.value ?? p).name) }));
    const log = (who, kind, text, rollId, now) => {
      who.logSeq += 1;
      const values = { num: who.num, slot: who.logSeq % schema.LOG_LINES, id: who.logSeq, kind, text, rollId, createdAt: now };
      for (const { statement, names } of logStatements) statement.run(...names.map((name) => values[name]));
    };
    // Scavenge outcomes to draw from: real finds, packed by the codec (an entry is 8 bytes whatever it holds).
    const outcomes = Array.from({ length: 256 }, () => {
      const zone = ZONE_IDS[Math.floor(rand() * ZONE_IDS.length)];
      const finds = Array.from({ length: 6 }, () => ({ catalogId: CATALOGUE[Math.floor(rand() * CATALOGUE.length)].id, quality: 1 + Math.floor(rand() * 10) }));
      return { zone, finds, entry: encodeEntry(zone, finds) };
    });

    const plan = dayPlan();
    const order = everyone.map((_, i) => i);
    let fights = 0;
    for (let d = 0; d < days; d += 1) {
      const day = firstDay + d;
      db.exec('BEGIN');
      for (let step = 0; step < plan.length; step += 1) {
        // Everyone takes their step of the day in a new random order; a fight's defender is another player of the
        // same step, so each is attacked DAY.fight times a day.
        for (let i = order.length - 1; i > 0; i -= 1) {
          const j = Math.floor(rand() * (i + 1));
          [order[i], order[j]] = [order[j], order[i]];
        }
        const offset = 1 + Math.floor(rand() * (order.length - 1));
        order.forEach((index, at) => {
          const me = everyone[index];
          const now = day * DAY_MS + Math.floor(((step + at / order.length) / plan.length) * DAY_MS);
          if (plan[step] === 'take') return log(me, 'take', TAKE_LINE, null, now);
          const nonce = me.nonce;
          me.nonce += 1;
          if (plan[step] === 'scavenge') {
            const scavenge = { nonce, day, ...outcomes[Math.floor(rand() * outcomes.length)] };
            if (me === everyone[0]) me.month.push(scavenge);
            rollStatement.run(...rollUpsert(packFast(me.rolls, me.next, scavenge)));
            return log(me, 'scavenge', SCAVENGE_LINE, scavengeRollId(day, me.hash, nonce), now);
          }
          // A fight as worker/features/arena/decide.ts records it, through records.ts recordFight's two upserts.
          const them = everyone[order[(at + offset) % order.length]];
          const { winner, rounds } = fairFight({ ...me.seeds, nonce }, me.fighter, them.fighter);
          const won = winner === 'attacker';
          const rating = ratingChange(me.rating, them.rating, won);
          const gold = won ? Math.floor(rand() * 60) : 0;
          me.rating += rating;
          them.rating -= rating;
          const hashPrefix = me.hash.slice(0, 8);
          const fight = {
            createdAt: now, at: now - day * DAY_MS, attackerNum: me.num, defenderNum: them.num, hashPrefix, clientSeed: me.seeds.clientSeed, nonce,
            rules: FAIR_RULES_VERSION, attacker: me.fighter, defender: them.fighter, winner, rounds, goldTaken: gold, ratingChange: rating,
            attackerXp: won ? XP.fightWon : XP.fightLost, defenderXp: won ? XP.fightLost : XP.fightWon, rematch: false,
          };
          recordFight(fight)(orm).forEach((q) => runQuery(q.toSQL()));
          fights += 1;
          // decide.ts's two lines: the attacker's names the fight; the defender's rating is the other side of it.
          const signed = (n) => (n >= 0 ? `+${n}` : `${n}`);
          const outcome = won ? `won: took ${gold} gold, rating` : 'lost: rating';
          log(me, 'fight', `Attacked ${them.name} and ${outcome} ${signed(rating)}.`, fightId(day, me.num, hashPrefix, nonce), now);
          return log(them, 'fight', `${me.name} attacked you and ${outcome} ${signed(-rating)}.`, null, now);
        });
      }
      db.exec('COMMIT');
      say(`growth: day ${d + 1} of ${days} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    // The daily Cron's prunes at the end of the last day (nothing is old enough: the month is the window).
    const end = (today + 1) * DAY_MS - 1;
    [...pruneRolls(orm, end), ...pruneFights(orm, end)].forEach((q) => runQuery(q.toSQL()));
    const rowsChecked = checkPacking(everyone[0].month, everyone[0].next);

    // bench/scale.mjs tableBytes' query, and how much of those pages the rows fill (the rest is slack).
    const query = `SELECT coalesce(m.tbl_name, d.name) AS tbl, sum(d.pgsize) AS bytes, sum(d.pgsize - d.unused) AS used FROM dbstat d LEFT JOIN sqlite_schema m ON m.name = d.name GROUP BY tbl ORDER BY bytes DESC`;
    const measured = Object.fromEntries(db.prepare(query).all().map((row) => [row.tbl, row]));
    const counts = Object.fromEntries(GROWING.map((table) => [table, db.prepare(`SELECT count(*) AS n FROM ${table}`).get().n]));
    const byTable = Object.fromEntries(GROWING.map((table) => [table, round((measured[table]?.bytes ?? 0) / players, 0)]));
    const pageFill = Object.fromEntries(GROWING.map((table) => [table, round(measured[table].used / measured[table].bytes, 3)]));
    return {
      players,
      days,
      fights,
      rows: counts,
      packing_checked_rows: rowsChecked,
      bytes_by_table: byTable,
      page_fill: pageFill,
      growing_bytes_per_player: Object.values(byTable).reduce((a, b) => a + b, 0),
      seconds: round((performance.now() - started) / 1000, 0),
    };
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The growing tables grown, and as the scale section seeds them for as many players (`seeded`, its `bytes_by_table`;
 * by default bench/results.json's), side by side.
 */
export function compareWithScale(grown, seeded = lastScale(grown.players)) {
  const rows = GROWING.map((table) => ({ table, grown: grown.bytes_by_table[table], seeded: seeded?.[table] ?? null }));
  const seededTotal = rows.every((row) => row.seeded !== null) ? rows.reduce((sum, row) => sum + row.seeded, 0) : null;
  rows.push({ table: 'total', grown: grown.growing_bytes_per_player, seeded: seededTotal });
  return rows.map((row) => ({ ...row, grown_over_seeded: row.seeded ? round(row.grown / row.seeded, 3) : null }));
}

/**
 * The scale section's bytes by table in bench/results.json: at `players` players if it measured them (its details),
 * else at its largest size (numbers there are longer, so the fight tables' figures are a little larger).
 */
function lastScale(players) {
  const results = join(ROOT, 'bench', 'results.json');
  if (!existsSync(results)) return null;
  const { scale, details } = JSON.parse(readFileSync(results, 'utf8'));
  return details?.scale?.[players]?.bytes_by_table ?? scale?.bytes_by_table ?? null;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const option = (name, fallback) => Number(process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
  const grown = await growthBenchmark({ players: option('players', 1000), days: option('days', 30) });
  console.info(JSON.stringify(grown, null, 2));
  for (const row of compareWithScale(grown)) {
    console.info(`${row.table.padEnd(16)} grown ${String(row.grown).padStart(6)}  seeded ${String(row.seeded ?? '–').padStart(6)}  ratio ${row.grown_over_seeded ?? '–'}`);
  }
}
