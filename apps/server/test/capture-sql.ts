/**
 * Records the SQL an endpoint runs: the real app is built in-process on the benchmark database and
 * each URL is called once through app.inject while pg's Client.query is watched. Queries that
 * overlapped in time form one "wave" (they ran concurrently); the baseline replays the waves, and the
 * plan test (test/query-plans.test.ts) explains each query.
 */
import pg from 'pg';
import { DATABASE_SESSION_SETTINGS } from '../src/db/client.ts';

export interface CapturedQuery {
  readonly text: string;
  readonly values: unknown[];
  readonly rowMode?: 'array';
  /** Set for a named (prepared) statement, whose plan PostgreSQL may reuse for other values. */
  readonly name?: string;
}

export interface BaselinePlan {
  readonly endpoints: readonly { readonly url: string; readonly waves: CapturedQuery[][] }[];
}

interface Timed extends CapturedQuery {
  readonly start: number;
  end: number;
}

export async function captureQueries(run: () => Promise<unknown>): Promise<CapturedQuery[][]> {
  const seen: Timed[] = [];
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function watched(this: unknown, ...args: unknown[]) {
    const [first, second] = args;
    const config = typeof first === 'string' ? { text: first } : (first as Record<string, unknown>);
    // A new connection's session settings belong to the pool, not to the endpoint (db/client.ts).
    if (config.text === DATABASE_SESSION_SETTINGS) return original.apply(this, args);
    const values = (Array.isArray(second) ? second : (config.values as unknown[] | undefined)) ?? [];
    const entry: Timed = {
      text: String(config.text),
      values: values.map((v) => (v instanceof Date ? v.toISOString() : v)),
      ...(config.rowMode === 'array' ? { rowMode: 'array' as const } : {}),
      ...(config.name ? { name: String(config.name) } : {}),
      start: performance.now(),
      end: Number.POSITIVE_INFINITY,
    };
    seen.push(entry);
    const finished = () => {
      entry.end = performance.now();
    };
    // pg's Pool calls client.query with a callback; a direct call answers a promise.
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        finished();
        return (callback as (...a: unknown[]) => unknown)(...results);
      };
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).then(finished, finished);
    }
    return result;
  };
  try {
    await run();
  } finally {
    prototype.query = original;
  }
  const waves: CapturedQuery[][] = [];
  let waveEnd = Number.NEGATIVE_INFINITY;
  for (const { start, end, ...query } of seen) {
    if (waves.length === 0 || start >= waveEnd) {
      waves.push([query]);
      waveEnd = end;
    } else {
      waves[waves.length - 1]?.push(query);
      waveEnd = Math.max(waveEnd, end);
    }
  }
  return waves;
}
