import { defineConfig } from 'drizzle-kit';

// Generates SQL only; `wrangler d1 migrations apply` runs it (locally in dev, remotely on deploy).
export default defineConfig({
  dialect: 'sqlite',
  schema: './worker/core/db/schema.ts',
  out: './migrations',
});
