import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Unit, property and integration tests all run inside workerd against real local D1 and Durable Objects.
export default defineConfig({
  plugins: [
    cloudflareTest(async () => ({
      wrangler: { configPath: './wrangler.toml' },
      miniflare: {
        bindings: {
          ENVIRONMENT: 'test',
          SESSION_SECRET: 'test-session-secret-with-at-least-32-characters',
          ADMIN_EMAIL: 'admin@scavenger.test',
          APP_ORIGIN: 'http://localhost',
          GOOGLE_CLIENT_ID: '',
          GOOGLE_CLIENT_SECRET: '',
          // The lobby as a tree of 3 leaves (wrangler.toml has 5): every lobby test runs the sharded path.
          CHAT_LOBBY_LEAVES: '3',
          TEST_MIGRATIONS: await readD1Migrations('./migrations'),
        },
      },
    })),
  ],
  test: {
    include: ['test/worker/**/*.test.ts', 'test/game/**/*.test.ts', 'test/client/**/*.test.ts'],
    setupFiles: ['./test/worker/setup.ts'],
    // Password hashing is deliberately slow (scrypt); on a loaded 2-core machine a test of 50 logins needs room.
    testTimeout: 30_000,
  },
});
