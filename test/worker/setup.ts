import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
// An unexpected console.error fails the test, as in the Node project: the one guard is test/game/setup.ts.
import '../game/setup';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
