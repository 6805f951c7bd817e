/**
 * A D1 binding that counts what goes to the database: every call is one round trip (a batch is one, however
 * many statements it holds). The tests use it to hold the API to its round-trip budget; the benchmark
 * (bench/worker/entry.js) to report the same figure, and the time spent waiting on D1.
 */
export interface D1Count {
  /** Round trips: batches, single statements run on their own, exec. */
  calls: number;
  batches: number;
  statements: number;
  /** Wall time spent waiting on D1 (Workers clocks advance across I/O). */
  ms: number;
  /**
   * What D1 bills: rows read and written, from each answer's `meta` (batches, `run` and `all`; `first` and
   * `raw` answer without it, so their rows are not counted).
   */
  rowsRead: number;
  rowsWritten: number;
  /** [rows read, rows written] of each statement, in order: where a route's rows go. */
  perStatement: [number, number][];
  /**
   * Awaited before each round trip goes out (`call` counts from 1): a test holds a request between two of its
   * round trips, to make a race happen at a chosen point rather than by chance.
   */
  gate?: (call: number) => Promise<void>;
}

export const newD1Count = (): D1Count => ({ calls: 0, batches: 0, statements: 0, ms: 0, rowsRead: 0, rowsWritten: 0, perStatement: [] });

/** Adds the rows an answer's `meta` reports. */
function countRows(count: D1Count, result: unknown) {
  for (const one of Array.isArray(result) ? result : [result]) {
    const meta = (one as { meta?: { rows_read?: number; rows_written?: number } } | null)?.meta;
    count.rowsRead += meta?.rows_read ?? 0;
    count.rowsWritten += meta?.rows_written ?? 0;
    count.perStatement.push([meta?.rows_read ?? 0, meta?.rows_written ?? 0]);
  }
}

const RAW = Symbol('raw statement');
/** The methods of a prepared statement that go to the database, one round trip each. */
const EXECUTES = new Set<PropertyKey>(['first', 'run', 'all', 'raw']);

async function timed<T>(count: D1Count, call: () => Promise<T>): Promise<T> {
  await count.gate?.(count.calls);
  const started = Date.now();
  try {
    const result = await call();
    countRows(count, result);
    return result;
  } finally {
    count.ms += Date.now() - started;
  }
}

function countingStatement(statement: D1PreparedStatement, count: D1Count): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, prop) {
      if (prop === RAW) return target;
      if (prop === 'bind') return (...values: unknown[]) => countingStatement(target.bind(...values), count);
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (EXECUTES.has(prop)) {
        return (...args: unknown[]) => {
          count.calls += 1;
          count.statements += 1;
          return timed(count, () => (value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
        };
      }
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** `db` (the binding, or one of its Sessions API sessions), counting into `count`. */
export function countingD1<T extends D1Database | D1DatabaseSession>(db: T, count: D1Count): T {
  return new Proxy(db, {
    get(target, prop) {
      if (prop === 'withSession') return (constraint?: string) => countingD1((target as D1Database).withSession(constraint), count);
      if (prop === 'prepare') return (sql: string) => countingStatement(target.prepare(sql), count);
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          count.calls += 1;
          count.batches += 1;
          count.statements += statements.length;
          // The real binding only accepts its own statement objects.
          const raw = statements.map((statement) => (statement as D1PreparedStatement & { [RAW]?: D1PreparedStatement })[RAW] ?? statement);
          return timed(count, () => target.batch(raw));
        };
      }
      if (prop === 'exec') {
        return (sql: string) => {
          count.calls += 1;
          return timed(count, () => (target as D1Database).exec(sql));
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
