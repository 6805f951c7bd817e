import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

/** drizzle over the D1 binding, or over one of its Sessions API sessions (worker/core/player.ts). */
export function createDb(d1: D1Database | D1DatabaseSession) {
  // drizzle asks for the binding's type; a session has everything a query uses of it (prepare, batch).
  return drizzle(d1 as D1Database, { schema });
}
export type Database = ReturnType<typeof createDb>;
