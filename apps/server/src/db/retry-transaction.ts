import type { Db, Tx } from './client.ts';

// serialization_failure and deadlock_detected: PostgreSQL rolled the whole transaction back, so
// running it again is safe and is what PostgreSQL's documentation asks clients to do.
const RETRYABLE = new Set(['40001', '40P01']);

/** PostgreSQL rolled the transaction back for a deadlock or a serialization failure: run it again. */
export function isRetryable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** How many times a unit of work PostgreSQL aborted for a deadlock is tried in all. */
export const RETRY_ATTEMPTS = 3;

/**
 * `work`, run again (up to RETRY_ATTEMPTS times in all) when PostgreSQL aborted it for a deadlock or
 * a serialization failure. `work` must be one transaction (or one statement, which is its own), so
 * that an abort left nothing of it behind.
 */
export async function retriedOnAbort<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= RETRY_ATTEMPTS || !isRetryable(error)) throw error;
    }
  }
}

/** One database transaction, run again (up to 3 times) when PostgreSQL aborted it for a deadlock. */
export function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return retriedOnAbort(() => db.transaction(work));
}
