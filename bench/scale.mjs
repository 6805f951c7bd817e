// The `scale` section of `npm run bench` (bench/README.md, "Scale"): the product's Worker (the counting bench
// entry, bench/worker/entry.js) over a local D1 seeded with 1,000, 10,000 and 100,000 players shaped like a
// month of play, reading D1's own rows read and written for every route a player uses, the bytes a player
// stores (table by table), what 1,000 daily players cost a month at Cloudflare's published prices, and how many
// scavenge write batches the local D1 commits a second against a bare one-row write batch.
import { execFileSync } from 'node:child_process';
import { scryptSync, randomBytes } from 'node:crypto';
import { cpSync, readFileSync, rmSync, statSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { load } from './api/load.mjs';
import { pool, request } from './lib/http.mjs';
import { freePort, ROOT, run, start, stop, waitForHttp } from './lib/proc.mjs';
import { median, round } from './lib/stats.mjs';

/**
 * A month of play per seeded player (the shape the rows are measured on). Scores are skewed as on a live
 * board: 60 % of players have no trophy, the rest up to 5,000 points; power up to 400.
 * - 6 equipped items, a duffel bag of 0–10 items, 0–20 trophies (the most: 36 items), every one researched by its
 *   owner this month, so a trophy the probe adds scores for the season and the week's league;
 * - 6 pending finds, a full log (50 lines, the ring `activity`), 3 days of fights, DAY.fight a day as attacker and as
 *   many as defender (the month's 30 days are extrapolated below from their measured size: a fight's entry is its roll);
 * - 2 full rows of packed scavenge rolls, as the Worker fills them over the month (the month's are extrapolated below);
 * - one guild per 20 players;
 * - the season so far for everyone with a trophy score (their points, their guild's ledger) and this week's
 *   leagues of 30 for them, all but the probe's, so the probe's first trophy of the week joins one.
 * `writers` players (player1 …) sign in with the probe's password for the write ceiling (writeCeiling below).
 */
const SHAPE = { inventory: 6, duffelMax: 10, trophiesMax: 20, loot: 6, activity: 50, fightDays: 3, rollRows: 2, guildSize: 20, leagueSize: 30, writers: 40 };

/**
 * A day of play, counts per player: the economy simulation's two everyday players (`npm run simulate:economy`,
 * docs/decisions/022-every-find-counts.md) half and half. The casual player sits twice and scavenges 46 times;
 * the engaged player sits three times, buys the day's first refill and scavenges 92 times: 69 scavenges, half a
 * refill (read in the shop first) and 1.3 crafts between them. The other routes keep the counts of the rounds
 * before, so rows stay comparable: a few swaps, trophies and fights, reads of the profile and the other screens,
 * one chat socket per sitting. Each count, and why:
 */
export const DAY = {
  profile: 15,
  scavenge: 69,
  /** Five scavenges in six end in the one-tap step (POST /api/scavenge/swap with `salvageRest`, the rest salvaged with it); after the sixth the next scavenge salvages them. */
  take: 58,
  swap: 4,
  /**
   * Two trophies a day, 14 a week, of which the week's first joins the player to a league of their tier (its own
   * statements, docs/decisions/023-leagues.md): measured apart (`firstTrophy`), 1 a week = 1/7 a day.
   */
  trophy: 2 - 1 / 7,
  firstTrophy: 1 / 7,
  craft: 1.3,
  /** The engaged player's one refill a day, read in the shop first: half a refill each for the two players. */
  shop: 0.5,
  refill: 0.5,
  fight: 6,
  /**
   * The boards: the leaderboard screen three times a day (one visit a sitting, as the rounds before counted it).
   * Each visit opens the season tab (the default, `seasonBoard`); two go on to the week's league (GET /api/league,
   * where the day's trophies show), one to the all-time board (`leaderboard`, GET /api/leaderboard) and every other
   * one to the guild board (GET /api/guilds). The screens read no trophy sets (GET /api/trophycase/{uid}/sets has no
   * caller in client/), so the sets cost nothing a day.
   */
  seasonBoard: 3,
  league: 2,
  leaderboard: 1,
  guildBoard: 0.5,
  arena: 6,
  guild: 3,
  chatUpgrade: 3,
};
/** Chat messages a player sends a day, and how many sockets each one reaches on average (DO requests). */
const CHAT = { sentPerDay: 10, wsMessagesBilledPerRequest: 20 };

/**
 * Cloudflare's published prices (Workers Paid), at the margin: what one more unit costs past the included
 * allowances, so the figure is the cost of growth. Sources (stored copies, undated): D1 pricing
 * (developers.cloudflare.com/d1/platform/pricing), Durable Objects pricing
 * (developers.cloudflare.com/durable-objects/platform/pricing), Workers Standard pricing (the Workers pricing
 * announcement on blog.cloudflare.com, "New Workers pricing — never pay to wait on I/O again", and the
 * Workflows pricing page, which states it is identical).
 */
export const PRICES = {
  workerRequest: 0.3 / 1e6,
  workerCpuMs: 0.02 / 1e6,
  d1RowRead: 0.001 / 1e6,
  d1RowWritten: 1.0 / 1e6,
  d1GbMonth: 0.75,
  doRequest: 0.15 / 1e6,
  doGbSecond: 12.5 / 1e6,
};

/** A scavenge's entry, a row's largest record and its ids: game/rules/roll-record.ts SCAVENGE_ENTRY_BYTES, ROW_BYTES_MAX, ROW_IDS. */
const SCAVENGE_ENTRY_BYTES = 8;
const ROW_BYTES_MAX = 4000;
const ROW_IDS = 2 ** 20;
/** A row takes scavenges of at most this many UTC days: roll-record.ts ROW_DAYS. */
const ROW_DAYS = 7;
/** As long as the client seed a player starts with (worker/features/fairness/seeds.ts newClientSeed: 16 hex digits). */
const CLIENT_SEED = '5ca1ab1e5ca1ab1e';

const SEQ = (n) => `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n})`;
const PASSWORD = 'scale-probe-password';

/** The catalogue's ids, read from the source so the seed stays valid as items are added. */
function catalogueIds() {
  return [...readFileSync(join(ROOT, 'game', 'rules', 'catalogue.ts'), 'utf8').matchAll(/\bid: '([a-z0-9-]+)'/g)].map((m) => m[1]);
}

/**
 * Ids as long as the real ones and still numbered, so the bytes a row holds are a real row's: a player's uid is a UUID
 * (36 characters), `player7-000…0` for player 7 (`CAST(substr(uid, 7) AS INTEGER)` reads the number back); an item's
 * is 16 (worker/core/ids.ts newItemId), `i` and the owner's number and the item's place.
 */
const ID_LENGTH = 36;
const itemIdSql = (num, place) => `printf('i%012d%03d', ${num}, ${place})`;
const uidOf = (n) => `player${n}-`.padEnd(ID_LENGTH, '0');
const uidSql = (n) => `('player' || (${n}) || '-' || substr('${'0'.repeat(ID_LENGTH)}', 1, ${ID_LENGTH - 7} - length(${n})))`;
/** The probe: the player every route is measured on. */
const PROBE = uidOf(0);

/** The SQL that seeds `n` players (and the probe, `player0`, with the most items of anyone). */
function seedSql(n, probeHash) {
  const ids = catalogueIds().slice(0, 60);
  const pick = (expr) => `(CASE (${expr}) % ${ids.length} ${ids.map((id, i) => `WHEN ${i} THEN '${id}'`).join(' ')} END)`;
  const now = Date.now();
  const day = 86_400_000;
  // game/rules/season.ts seasonOf and game/rules/league.ts weekOf: the UTC month, and the week's Monday.
  const season = new Date(now).toISOString().slice(0, 7);
  const today = new Date(now);
  const week = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - ((today.getUTCDay() + 6) % 7))).toISOString().slice(0, 10);
  return [
    `${SEQ(n)} INSERT INTO users (id, email, password_hash, email_verified_at, created_at)
      SELECT ${uidSql('i - 1')}, 'player' || (i - 1) || '@scale.test', CASE WHEN i <= ${1 + SHAPE.writers} THEN '${probeHash}' END, ${now}, ${now - 30 * day} FROM seq;`,
    `${SEQ(n)} INSERT INTO players (uid, username, level, gold, energy, energy_at, cash, duffel_bag_size, trophy_case_score,
        trophy_case_avg_quality, total_attack, total_defense, guild, xp, rating, created_at)
      SELECT ${uidSql('i - 1')}, 'player' || (i - 1), 5, CASE WHEN i = 1 THEN 100000 ELSE 300 END, 20, ${now}, 0,
        CASE WHEN i = 1 THEN ${SHAPE.duffelMax} ELSE i % ${SHAPE.duffelMax + 1} END,
        CASE WHEN abs(random()) % 10 < 6 AND i > 1 THEN 0 ELSE abs(random()) % 5000 END, 5, abs(random()) % 250, abs(random()) % 150,
        'Guild ' || ((i - 1) / ${SHAPE.guildSize}), 500, 900 + abs(random()) % 300, ${now - 30 * day} FROM seq;`,
    `INSERT INTO fair_seeds (uid, server_seed, client_seed) SELECT uid, lower(hex(randomblob(32))), 'scale' FROM players;`,
    `${SEQ(n / SHAPE.guildSize)} INSERT INTO guilds (id, name, tag, open, created_at) SELECT 'g' || (i - 1), 'Guild ' || (i - 1), 'G' || (i - 1), 1, ${now} FROM seq;`,
    `INSERT INTO guild_members (uid, guild_id, role, joined_at)
      SELECT uid, 'g' || (CAST(substr(uid, 7) AS INTEGER) / ${SHAPE.guildSize}), CASE WHEN CAST(substr(uid, 7) AS INTEGER) % ${SHAPE.guildSize} = 0 THEN 'leader' ELSE 'member' END, ${now} FROM players;`,
    // Items: equipped, in the duffel, in the trophy case; the probe (player0) has the most of each.
    `${SEQ(SHAPE.inventory + SHAPE.duffelMax + SHAPE.trophiesMax)} INSERT INTO items (id, uid, catalog_id, quality, location, research_ms, equipped_at, created_at, trophy_at, researched_by, researched_at)
      SELECT ${itemIdSql('p.num', 'seq.i')}, p.uid, ${pick('seq.i * 7 + length(p.uid)')}, 1 + abs(random()) % 10,
        CASE WHEN seq.i <= ${SHAPE.inventory} THEN 'inventory' WHEN seq.i <= ${SHAPE.inventory} + p.duffel_bag_size THEN 'duffel' ELSE 'trophy' END,
        1000000000000, CASE WHEN seq.i <= ${SHAPE.inventory} THEN ${now} END, ${now}, CASE WHEN seq.i > ${SHAPE.inventory} + p.duffel_bag_size THEN ${now} END, p.uid, ${now}
      FROM players p JOIN seq ON seq.i <= ${SHAPE.inventory} + p.duffel_bag_size + CASE WHEN p.uid = '${PROBE}' THEN ${SHAPE.trophiesMax} ELSE abs(random()) % (${SHAPE.trophiesMax} + 1) END;`,
    // The count the boards show, as the trophy intent keeps it (players.trophies).
    `UPDATE players SET trophies = (SELECT count(*) FROM items WHERE items.uid = players.uid AND items.location = 'trophy');`,
    `INSERT INTO season_scores (season, uid, points, trophies) SELECT '${season}', uid, trophy_case_score / 10 + 1, trophies FROM players WHERE trophy_case_score > 0;`,
    `INSERT INTO guild_season_scores (season, guild_id, uid, points) SELECT s.season, m.guild_id, s.uid, s.points FROM season_scores s JOIN guild_members m ON m.uid = s.uid;`,
    `INSERT INTO league_members (week, uid, tier, league_id, points, joined_at)
      SELECT '${week}', uid, 0, 1 + (row_number() OVER (ORDER BY uid) - 1) / ${SHAPE.leagueSize}, trophy_case_score / 100, ${now} FROM players WHERE trophy_case_score > 0 AND uid <> '${PROBE}';`,
    `INSERT INTO leagues (id, week, tier) SELECT DISTINCT league_id, week, tier FROM league_members;`,
    // The pending finds ride on the player's row (worker/core/state.ts encodeFinds).
    `${SEQ(SHAPE.loot)} UPDATE players SET finds = (SELECT json_group_array(json_array(seq.i - 1, ${pick('seq.i * 13 + length(players.uid)')}, 1 + abs(random()) % 10)) FROM seq);`,
    // The log's ring, full (worker/core/db/schema.ts activity): a month's lines numbered up to 1,000, the newest 50 kept, in
    // the day's mix of lines as the intents word them: a scavenge's (with its roll's id) and a take's, by turns.
    `${SEQ(SHAPE.activity)} INSERT INTO activity (num, slot, id, kind, text, roll_id, created_at)
      SELECT p.num, (950 + seq.i) % ${SHAPE.activity}, 950 + seq.i, CASE seq.i % 2 WHEN 0 THEN 'scavenge' ELSE 'take' END,
        CASE seq.i % 2 WHEN 0 THEN 'Scavenged 6 finds; the best was Rusty Pipe (Common, quality 3).' ELSE 'Took Rusty Pipe (Common, quality 3); salvaged 5 finds for 9 gold.' END,
        CASE seq.i % 2 WHEN 0 THEN '20419.3fa2c1d9.' || (seq.i * 2) END, ${now} - (${SHAPE.activity} - seq.i) * 600000
      FROM players p JOIN seq;`,
    `UPDATE players SET log_seq = ${950 + SHAPE.activity};`,
    // Fights as the Worker stores them (game/rules/fight-record.ts, worker/features/arena/records.ts): DAY.fight a
    // day per attacker, each an entry in the attacker's row of the day and seeds (a default client seed: 16 hex
    // digits, kept as 8 bytes; a 2-byte nonce, a 4-byte time, a typical seven strikes), its defender's number in the row's list, and the attacker's in the defender's inbox.
    ...fightsSql(n),
  ];
}

/** A varint's hex in SQL (game/rules/fight-record.ts), for a value below 2^28. */
const varintHex = (v) =>
  `(CASE WHEN ${v} < 128 THEN printf('%02x', ${v}) WHEN ${v} < 16384 THEN printf('%02x%02x', 128 + ${v} % 128, ${v} / 128)
    WHEN ${v} < 2097152 THEN printf('%02x%02x%02x', 128 + ${v} % 128, 128 + ${v} / 128 % 128, ${v} / 16384)
    ELSE printf('%02x%02x%02x%02x', 128 + ${v} % 128, 128 + ${v} / 128 % 128, 128 + ${v} / 16384 % 128, ${v} / 2097152) END)`;

/**
 * A fight entry after its nonce and time: rules 2 and the attacker won (head 9), stats [100, 50] and [90, 60], 10 gold,
 * rating +16 (zigzag 32), XP 5 and 2, then 7 strikes a23 d18 a25 d20 a30 d15 a27 (damage × 2 + side).
 */
const FIGHT_ENTRY_REST = '09' + '64325a3c' + '0a' + '20' + '0502' + '07' + '2e2532293c1f36';

/**
 * SHAPE.fightDays days of fights, DAY.fight a day for every player: player `num` attacks the next DAY.fight numbers
 * (so each is attacked DAY.fight times a day, by as many attackers), at nonces a month of play reaches (about 2,000).
 */
const fightsSql = (n) => {
  const today = Math.floor(Date.now() / 86_400_000);
  const fights = `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < ${DAY.fight}),
      days(d) AS (SELECT 0 UNION ALL SELECT d + 1 FROM days WHERE d < ${SHAPE.fightDays - 1}),
      f AS (SELECT p.num AS num, ${today} - days.d AS day, (p.num - 1 + seq.i) % ${n} + 1 AS defender,
        ${varintHex('(2000 + days.d * 75 + seq.i * 12)')} || ${varintHex('(3000000 + seq.i * 13000000 + p.num % 1000)')} || '${FIGHT_ENTRY_REST}' AS entry
        FROM players p, days, seq)`;
  return [
    `${fights} INSERT INTO fight_days (num, day, seed_hash_prefix, client_seed, defenders, packed)
      SELECT num, day, randomblob(4), randomblob(8), group_concat(defender, ','), unhex(group_concat(entry, '')) FROM f GROUP BY num, day;`,
    `${fights} INSERT INTO fight_inbox (num, day, attackers) SELECT defender, day, group_concat(DISTINCT num) FROM f GROUP BY defender, day;`,
  ];
};

/** SQLite's record of these values (its header, then each value; null takes none): roll-record.ts recordBytes. */
function recordBytes(values) {
  const varint = (n) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);
  const integer = (n) => (n === 0 || n === 1 ? 0 : n < 0x80 ? 1 : n < 0x8000 ? 2 : n < 0x800000 ? 3 : 4);
  let header = 0;
  let body = 0;
  for (const value of values) {
    const length = value === null ? 0 : typeof value === 'number' ? integer(value) : value.length;
    header += varint(typeof value === 'number' ? 6 : 2 * length + 13);
    body += length;
  }
  return varint(header + 1) + header + body;
}

/**
 * A month of the everyday player's scavenge rows (`scavenge_rolls`), filled as the Worker fills them
 * (roll-record.ts packScavenge): each day DAY.scavenge scavenges with the day's DAY.fight fights spread between them
 * (a fight takes a nonce), one after another into the newest row until the next would take it past ROW_BYTES_MAX or
 * past ROW_DAYS days. Each row: its first nonce, newest day (days into the month), day marks, nonce map and entries.
 */
function monthOfRows() {
  const rows = [];
  const perDay = DAY.scavenge + DAY.fight;
  const fights = new Set(Array.from({ length: DAY.fight }, (_, k) => Math.floor(((k + 1) * perDay) / (DAY.fight + 1))));
  let nonce = 0;
  for (let day = 0; day < 30; day += 1) {
    for (let i = 0; i < perDay; i += 1, nonce += 1) {
      if (fights.has(i)) continue; // a fight's nonce
      const row = rows.at(-1);
      const grown = row && { ...row, day, nonces: [...row.nonces, nonce], days: [...row.days, day] };
      if (grown && grown.days[0] > day - ROW_DAYS && rowRecord(grown).bytes <= ROW_BYTES_MAX) rows[rows.length - 1] = grown;
      else rows.push({ seq: rows.length, day, nonces: [nonce], days: [day] });
    }
  }
  return rows.map((row) => ({ ...row, ...rowRecord(row) }));
}

/** A row's record as the Worker writes it: its packed header (day marks and nonce map) as hex, and its size. */
function rowRecord({ day, nonces, days }) {
  const marks = [];
  let count = 0;
  days.forEach((d, i) => {
    count += 1;
    if (i + 1 < days.length && days[i + 1] !== d) {
      marks.push(count >> 8, count & 0xff, days[i + 1] - d);
      count = 0;
    }
  });
  const map = new Uint8Array(Math.ceil((nonces.at(-1) - nonces[0] + 1) / 8));
  for (const n of nonces) map[(n - nonces[0]) >> 3] |= 1 << ((n - nonces[0]) & 7);
  const header = Buffer.from([marks.length / 3, ...marks, map.length >> 8, map.length & 0xff, ...map]);
  const packedBytes = header.length + nonces.length * SCAVENGE_ENTRY_BYTES;
  const bytes = recordBytes([null, 'seed', CLIENT_SEED, nonces[0], 20_000 + day, 2, { length: packedBytes }]);
  return { header: header.toString('hex'), bytes };
}

/**
 * The month's stored rolls: a scavenge's roll is an 8-byte entry in a row of up to ROW_BYTES_MAX bytes
 * (`scavenge_rolls`, game/rules/roll-record.ts) whose id is the player's number × ROW_IDS + the row's place. SHAPE.rollRows full rows of the month
 * (monthOfRows) are seeded for every player, after the rest, to measure their bytes; `storage` scales them to the
 * month's DAY.scavenge × 30 entries.
 */
function rollsSql() {
  const today = Math.floor(Date.now() / 86_400_000);
  const rows = monthOfRows().slice(1, 1 + SHAPE.rollRows);
  return rows.map(
    (row) => `INSERT INTO scavenge_rolls (id, seed, client_seed, first, day, rules, packed)
      SELECT num * ${ROW_IDS} + ${row.seq}, randomblob(4), '${CLIENT_SEED}', ${row.nonces[0]}, ${today - 30 + row.day}, 2, CAST(X'${row.header}' || randomblob(${row.nonces.length * SCAVENGE_ENTRY_BYTES}) AS BLOB) FROM players;`,
  );
}

/** Scavenges in the rows rollsSql seeds for each player. */
const seededScavenges = () => monthOfRows().slice(1, 1 + SHAPE.rollRows).reduce((sum, row) => sum + row.nonces.length, 0);

/** The local D1's SQLite files under a persist directory: the database and its write-ahead log, if any. */
function dbFiles(dir) {
  const files = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (full.includes('D1DatabaseObject') && /\.sqlite(-wal)?$/.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  return files;
}

/** The bytes of the local D1's SQLite file(s). */
const dbBytes = (dir) => dbFiles(dir).reduce((total, file) => total + statSync(file).size, 0);

/**
 * The bytes each table holds with its indexes, from SQLite's `dbstat` (every page of every b-tree, named by the table
 * it belongs to in `sqlite_schema`): whatever tables the migrations made, none named here. The local D1 has no
 * `dbstat`, so the file is opened with the `sqlite3` command-line shell while no server holds it; null without the
 * shell.
 */
function tableBytes(dir) {
  const [file] = dbFiles(dir).filter((path) => path.endsWith('.sqlite'));
  const query = `SELECT coalesce(m.tbl_name, d.name) AS tbl, sum(d.pgsize) AS bytes FROM dbstat d LEFT JOIN sqlite_schema m ON m.name = d.name GROUP BY tbl ORDER BY bytes DESC`;
  try {
    const rows = JSON.parse(execFileSync('sqlite3', ['-json', file, query], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 }) || '[]');
    return Object.fromEntries(rows.map((row) => [row.tbl, row.bytes]));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

async function execute(config, dir, statements, label) {
  const file = join(dir, `${label}.sql`);
  writeFileSync(file, statements.join('\n'));
  await run('wrangler', ['d1', 'execute', 'DB', '--local', '-c', config, '--persist-to', dir, '--file', file, '--yes']);
  rmSync(file);
}

/** One request with the probe's cookie; answers the parsed body and the D1 count the entry attached. */
async function counted(base, cookie, spec) {
  const res = await request(base, { ...spec, headers: { cookie } });
  const header = res.headers['x-bench-d1'];
  if (res.status >= 300 || typeof header !== 'string') throw new Error(`${spec.method ?? 'GET'} ${spec.path}: ${res.status} ${res.body.slice(0, 200)}`);
  return { body: res.body ? JSON.parse(res.body) : null, count: JSON.parse(header) };
}

/** The chat upgrade's D1 count, from the headers of the 101 answer. */
function upgradeCount(base, cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/api/chat`, { headers: { cookie, origin: base } });
    ws.once('upgrade', (res) => {
      const header = res.headers['x-bench-d1'];
      resolve(typeof header === 'string' ? JSON.parse(header) : null);
      ws.close();
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`chat upgrade: ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/**
 * Every route a player uses, measured on the probe three times: the sample that read the most rows (the bounds the
 * tables show), and each figure's median over the samples (`priced`, what the bill counts). The first sample of a
 * route pays what a day's first does (the seeded pending finds salvaged, a contract's first row), which a day of 69
 * scavenges pays once, not 69 times.
 */
async function measureRoutes(base, cookie, say) {
  const get = (path) => counted(base, cookie, { path });
  const post = (path, body) => counted(base, cookie, { method: 'POST', path, body });
  const worst = {};
  const samples = {};
  const note = (route, count) => {
    const cpuMs = Math.max(0, (count.totalMs ?? 0) - (count.ms ?? 0));
    (samples[route] ??= []).push({ rowsRead: count.rowsRead, rowsWritten: count.rowsWritten, cpuMs });
    const previous = worst[route];
    if (!previous || count.rowsRead > previous.rowsRead) worst[route] = { rowsRead: count.rowsRead, rowsWritten: count.rowsWritten, roundTrips: count.calls, cpuMs, perStatement: count.perStatement };
    const of = (key) => median(samples[route].map((sample) => sample[key]));
    worst[route].priced = { rowsRead: of('rowsRead'), rowsWritten: of('rowsWritten'), cpuMs: of('cpuMs') };
  };
  // Researched ones only: a find just taken is not, and swaps and trophies need 100 %.
  const items = async () => (await get(`/api/users/${PROBE}/items`)).body.filter((item) => item.research === 100);
  for (let sample = 0; sample < 3; sample += 1) {
    note('profile', (await get(`/api/users/${PROBE}`)).count);
    // The first scavenge also salvages the seeded pending finds; the next ones find none, since the one-tap
    // step before them salvaged the rest.
    note('scavenge', (await post('/api/scavenge', {})).count);
    const [dropped] = await items();
    note('take', (await post('/api/scavenge/swap', { take: [0], drop: [dropped.id], salvageRest: true })).count);
    // The scavenge left the bar below full, so a refill is sold (100, 200, then 400 gold: the probe has plenty).
    note('shop', (await get('/api/shop')).count);
    note('refill', (await post('/api/shop/refill', {})).count);
    const duffel = (await get(`/api/users/${PROBE}/duffel`)).body;
    const [equipped] = await items();
    note('swap', (await post('/api/swap', { toDuffel: [equipped.id], toInventory: [duffel[0].id] })).count);
    const [trophy] = await items();
    // The probe is in no league this week, so its first trophy joins one; the next two are the week's later ones.
    note(sample === 0 ? 'firstTrophy' : 'trophy', (await post('/api/trophycase', { itemId: trophy.id })).count);
    note('fight', (await post('/api/arena/fights', { defender: `player${7 + sample * 101}` })).count);
    note('leaderboard', (await get('/api/leaderboard')).count);
    note('seasonBoard', (await get('/api/leaderboard?board=season')).count);
    note('league', (await get('/api/league')).count);
    note('guildBoard', (await get('/api/guilds')).count);
    note('arena', (await get('/api/arena')).count);
    note('guild', (await get('/api/guilds/g0')).count);
    const upgraded = await upgradeCount(base, cookie);
    if (upgraded) note('chatUpgrade', upgraded);
  }
  // A craft: the smallest recipe's parts, granted by the development fixture into a freed inventory.
  const recipes = (await get('/api/recipes')).body;
  const catalogue = (await get('/api/catalogue')).body;
  const recipe = [...recipes].sort((a, b) => a.inputs.reduce((n, i) => n + i.count, 0) - b.inputs.reduce((n, i) => n + i.count, 0))[0];
  const parts = recipe.inputs.flatMap((input) => Array.from({ length: input.count }, () => (input.kind === 'item' ? input.item.id : catalogue.find((item) => item.rarity === input.rarity).id)));
  const inventory = (await get(`/api/users/${PROBE}/items`)).body;
  if (inventory.length > 0) await post('/api/items/delete', { itemIds: inventory.map((item) => item.id) });
  const partIds = [];
  for (const catalogId of parts) partIds.push((await post('/dev/fixtures/item', { catalogId, quality: 6 })).body.id);
  note('craft', (await post('/api/craft', { recipeId: recipe.id, itemIds: partIds })).count);
  say(`  routes: ${Object.entries(worst).map(([route, c]) => `${route} ${c.rowsRead}r/${c.rowsWritten}w`).join(', ')}`);
  return worst;
}

/**
 * The ceiling of one D1 primary, as far as this machine shows it: scavenges by `SHAPE.writers` distinct players at
 * saturation (each is one read batch and one write batch; no two in flight are one player's), against a bare
 * one-row write batch through the same Worker (`/__bench/bare-write`, bench/worker/entry.js), in turns, five
 * times, `phaseMs` each. The ratio is the median of each round's (a round's two phases share the machine's load);
 * the rates are the medians. Energy is refilled through the development fixture before each scavenge phase, outside
 * the measured time.
 */
async function writeCeiling(base, say, phaseMs = 2000) {
  const logins = await pool(SHAPE.writers, 4, async (i) => {
    const res = await request(base, { method: 'POST', path: '/api/auth/login', body: { identifier: `player${i + 1}@scale.test`, password: PASSWORD } });
    const cookie = [res.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('__Host-session='))?.split(';')[0];
    if (!cookie) throw new Error(`writer login: ${res.status} ${res.body}`);
    return cookie;
  });
  const concurrency = SHAPE.writers / 2;
  const rates = { scavenge: [], bare: [] };
  const refused = { scavenge: 0, bare: 0 };
  const phase = async (kind, next, budget) => {
    const run = await load(base, { concurrency, durationMs: phaseMs, warmup: concurrency, budget, next });
    const ok = run.statuses[200] ?? 0;
    refused[kind] += run.requests - ok;
    rates[kind].push(ok / (run.elapsedMs / 1000));
  };
  for (let turn = 0; turn < 5; turn += 1) {
    await phase('bare', () => ({ method: 'POST', path: '/__bench/bare-write' }), Infinity);
    await pool(logins.length, 8, (i) => request(base, { method: 'POST', path: '/dev/fixtures/energy', body: { energy: 20 }, headers: { cookie: logins[i] } }));
    await phase('scavenge', (i) => ({ method: 'POST', path: '/api/scavenge', body: {}, headers: { cookie: logins[i % logins.length] } }), logins.length * 20);
  }
  const scavenge = median(rates.scavenge);
  const bare = median(rates.bare);
  const ratio = median(rates.scavenge.map((rate, turn) => rate / rates.bare[turn]));
  say(`  write batches/s at saturation: scavenge ${scavenge.toFixed(0)}, bare ${bare.toFixed(0)} (${ratio.toFixed(2)}× by round)`);
  return { ratio: round(ratio, 3), scavengeWriteBatchesPerS: round(scavenge, 0), bareWriteBatchesPerS: round(bare, 0), concurrency, refused, rounds: rates };
}

/** Dollars a month for 1,000 daily players, from the measured routes, the bytes stored and the chat. */
export function costModel(routes, bytesPerPlayer) {
  const perDay = { requests: 0, cpuMs: 0, rowsRead: 0, rowsWritten: 0 };
  for (const [route, count] of Object.entries(DAY)) {
    const r = routes[route]?.priced ?? routes[route];
    if (!r) continue;
    perDay.requests += count;
    perDay.cpuMs += count * r.cpuMs;
    perDay.rowsRead += count * r.rowsRead;
    perDay.rowsWritten += count * r.rowsWritten;
  }
  const players = 1000;
  const month = 30;
  // The chat room: each sent message is one DO request; sockets hibernate between messages, so duration is
  // only the few milliseconds each message keeps the room busy (10 ms at 128 MB, generously).
  const doRequests = (CHAT.sentPerDay + DAY.chatUpgrade) * players * month;
  const doGbSeconds = doRequests * 0.01 * 0.128;
  const parts = {
    worker_requests: perDay.requests * players * month * PRICES.workerRequest,
    worker_cpu: perDay.cpuMs * players * month * PRICES.workerCpuMs,
    d1_rows_read: perDay.rowsRead * players * month * PRICES.d1RowRead,
    d1_rows_written: perDay.rowsWritten * players * month * PRICES.d1RowWritten,
    d1_storage: ((bytesPerPlayer * players) / 1e9) * PRICES.d1GbMonth,
    durable_objects: doRequests * PRICES.doRequest + doGbSeconds * PRICES.doGbSecond,
  };
  return { perPlayerDay: Object.fromEntries(Object.entries(perDay).map(([k, v]) => [k, round(v, 1)])), parts: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, round(v, 4)])), total: round(Object.values(parts).reduce((a, b) => a + b, 0), 2) };
}

/**
 * Bytes per player, table by table: each table's bytes with its indexes over the players, with a month of the two
 * that grow with play in place of what was seeded: the packed scavenge rolls (30 × DAY.scavenge, kept 30 days, for the
 * entries of the SHAPE.rollRows rows seeded) and the fights (30 days, FIGHTS_KEPT_DAYS, for the SHAPE.fightDays seeded,
 * both the attackers' rows and the defenders' inboxes; a fight's entry is also its roll). Without the `sqlite3` shell:
 * the file's size over the players, with no month added and no breakdown.
 */
function storage(measured, players) {
  const scavenges = seededScavenges();
  const month = { scavenge_rolls: (30 * DAY.scavenge) / scavenges, fight_days: 30 / SHAPE.fightDays, fight_inbox: 30 / SHAPE.fightDays };
  const rollBytes = measured.tables ? (measured.tables.scavenge_rolls ?? 0) / (players * scavenges) : null;
  if (!measured.tables) return { rollBytes, byTable: null, bytesPerPlayer: measured.file / players };
  const byTable = Object.fromEntries(
    Object.entries(measured.tables)
      .map(([table, bytes]) => [table, round((bytes * (month[table] ?? 1)) / players, 0)])
      .sort(([, a], [, b]) => b - a),
  );
  return { rollBytes, byTable, bytesPerPlayer: Object.values(byTable).reduce((a, b) => a + b, 0) };
}

/**
 * Seeds, serves and measures each size in turn. `entryJs` is the bundled bench entry, `template` a migrated
 * persist directory to copy.
 */
export async function scaleBenchmark({ sizes, entryJs, template, config, runDir, say }) {
  // No client assets: with them, the single-page fallback would answer the Cron's test path before the Worker.
  const assets = join(runDir, 'scale-no-assets');
  mkdirSync(assets, { recursive: true });
  const salt = randomBytes(16);
  const probeHash = ['scrypt', 2 ** 15, 8, 1, salt.toString('base64'), scryptSync(PASSWORD, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }).toString('base64')].join('$');
  const bySize = {};
  for (const players of sizes) {
    const dir = join(runDir, `scale-${players}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    cpSync(template, dir, { recursive: true });
    let t = performance.now();
    await execute(config, dir, [...seedSql(players, probeHash), ...rollsSql()], 'seed');
    const seeded = { file: dbBytes(dir), tables: tableBytes(dir) };
    say(`scale ${players}: seeded in ${((performance.now() - t) / 1000).toFixed(0)} s, ${(seeded.file / 1e6).toFixed(0)} MB`);
    const port = await freePort();
    const handle = start(`scale-${players}`, 'wrangler', ['dev', entryJs, '--no-bundle', '-c', config, '--assets', assets, '--port', String(port), '--persist-to', dir, '--var', 'ENVIRONMENT:development', '--ip', '127.0.0.1', '--inspector-port', '0', '--log-level', 'warn', '--show-interactive-dev-session=false'], { port });
    try {
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/api/health`, handle);
      t = performance.now();
      const marks = await request(base, { path: `/__bench/cron?cron=${encodeURIComponent('*/5 * * * *')}` });
      if (marks.status !== 200 || marks.body !== 'ran') throw new Error(`rank refresh: ${marks.status} ${marks.body.slice(0, 100)}`);
      const refreshMs = performance.now() - t;
      const login = await request(base, { method: 'POST', path: '/api/auth/login', body: { identifier: 'player0@scale.test', password: PASSWORD } });
      const cookie = [login.headers['set-cookie'] ?? []].flat().find((line) => line.startsWith('__Host-session='))?.split(';')[0];
      if (!cookie) throw new Error(`probe login: ${login.status} ${login.body}`);
      const probeItems = SHAPE.inventory + SHAPE.duffelMax + SHAPE.trophiesMax;
      const routes = await measureRoutes(base, cookie, say);
      const ceiling = await writeCeiling(base, say);
      const { rollBytes, byTable, bytesPerPlayer } = storage(seeded, players);
      const intents = ['scavenge', 'take', 'swap', 'trophy', 'craft', 'refill', 'fight'];
      bySize[players] = {
        players,
        probe_items: probeItems,
        rank_refresh_ms: round(refreshMs, 0),
        rows_read_per_profile_read: routes.profile?.rowsRead ?? null,
        rows_read_per_intent: Math.max(...intents.map((k) => routes[k]?.rowsRead ?? 0)),
        rows_written_per_intent: Math.max(...intents.map((k) => routes[k]?.rowsWritten ?? 0)),
        bytes_per_roll: rollBytes === null ? null : round(rollBytes, 1),
        bytes_per_player: round(bytesPerPlayer, 0),
        bytes_by_table: byTable,
        players_per_10gb_d1: Math.floor(10e9 / bytesPerPlayer),
        write_batches_per_s_vs_bare: ceiling.ratio,
        scavenge_write_batches_per_s: ceiling.scavengeWriteBatchesPerS,
        bare_write_batches_per_s: ceiling.bareWriteBatchesPerS,
        write_ceiling: ceiling,
        routes,
        cost: costModel(routes, bytesPerPlayer),
      };
    } finally {
      await stop(handle);
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return bySize;
}
