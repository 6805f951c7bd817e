// Applies the migrations to the local D1 (`npm run db:migrate:local`, `npm run dev`, scripts/e2e-server.sh), with
// `--persist-to <dir>` passed on to wrangler. A database that does not exist yet gets every migration in one
// `wrangler d1 execute`, each file followed by the row `wrangler d1 migrations apply` itself records, so a later
// apply finds them all done: `migrations apply` opens the local database once per file, about 3 minutes for 36
// files on a loaded two-core machine against about 10 seconds in one go (issue #50). An existing database takes
// `migrations apply` as it is, which applies only what is new.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MIGRATIONS = 'migrations';
/** wrangler's default migrations table (wrangler.toml names no other) and the table it creates. */
const TABLE = 'd1_migrations';
const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS ${TABLE}(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

const args = process.argv.slice(2);
const persistAt = args.indexOf('--persist-to');
const persistTo = persistAt >= 0 ? args[persistAt + 1] : undefined;
if (persistAt >= 0 && !persistTo) throw new Error('--persist-to needs a folder');
const persist = persistTo ? ['--persist-to', persistTo] : [];
// Where wrangler keeps local D1 databases: under the persist folder, or .wrangler/state by default.
const d1State = join(persistTo ?? '.wrangler/state', 'v3', 'd1');

/** Runs a wrangler D1 command on the local database, its output shown or not; answers its exit code. */
function wrangler(output, ...command) {
  return spawnSync('wrangler', [...command, 'DB', '--local', '-c', 'wrangler.toml', ...persist], { stdio: ['ignore', output, 'inherit'], shell: process.platform === 'win32' }).status ?? 1;
}

let status;
if (existsSync(d1State)) {
  status = wrangler('inherit', 'd1', 'migrations', 'apply');
} else {
  const files = readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort();
  const quoted = (name) => `'${name.replaceAll("'", "''")}'`;
  const sql = [CREATE_TABLE, ...files.map((name) => `${readFileSync(join(MIGRATIONS, name), 'utf8')}\nINSERT INTO ${TABLE} (name) values (${quoted(name)});`)].join('\n');
  const folder = mkdtempSync(join(tmpdir(), 'scavenger-migrations-'));
  try {
    writeFileSync(join(folder, 'all.sql'), sql);
    // Its output is every statement's result (some 1,900 lines); a failure still says why on stderr.
    status = wrangler('ignore', 'd1', 'execute', '--file', join(folder, 'all.sql'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  if (status === 0) console.info(`Applied ${files.length} migrations to a new local database.`);
}
process.exit(status);
