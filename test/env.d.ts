import type { D1Migration } from 'cloudflare:test';

declare global {
  namespace Cloudflare {
    interface Env {
      /** Test-only binding: the migrations the setup file applies to the fresh local D1. */
      TEST_MIGRATIONS: D1Migration[];
      /** Test-only binding: the push service stand-in's own API (test/push-service/stand-in.ts). */
      PUSH_SERVICE: string;
    }
  }
}
