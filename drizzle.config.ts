import { defineConfig } from 'drizzle-kit';

// Generates SQL only; `wrangler d1 migrations apply` runs it (locally in dev, remotely on deploy). The core keeps
// the tables every feature shares; each feature keeps its own in its schema.ts.
export default defineConfig({
  dialect: 'sqlite',
  schema: ['./worker/core/db/schema.ts', './worker/features/*/schema.ts'],
  out: './migrations',
});
