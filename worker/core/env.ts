import type { Database } from './db/client';
import type { IntentKey } from './intent-keys';

/** What a validly signed session token says; its session row may still be revoked or expired. */
export interface SessionClaims {
  uid: string;
  sessionId: string;
}

/** A verified, unrevoked session: who is calling, and whether they have a player yet. */
export interface Caller {
  uid: string;
  sessionId: string;
  email: string;
  /** Whether the owner of `email` proved it (issue #15). */
  emailVerified: boolean;
  /** Empty until the player chooses one (docs/spec.md section 4 "Session"). */
  username: string;
}

export interface AppEnv {
  Bindings: Env;
  // `caller` is undefined until loadCaller has run for this request. Game routes get `player` from asPlayer
  // (worker/core/player.ts), which is why it is not here: a route without that middleware cannot name it.
  // `intentKey` is the request's Idempotency-Key, read by `route` (./route.ts) for a POST that sends one.
  Variables: { db: Database; caller: Caller | null | undefined; intentKey?: IntentKey };
}

/** Development and tests: the dev mailbox and `/dev/*` fixtures are on; everywhere else they are a 404. */
export function isDevelopment(env: Env): boolean {
  return env.ENVIRONMENT === 'development' || env.ENVIRONMENT === 'test';
}
