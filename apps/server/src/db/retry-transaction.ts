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

/** One database transaction, run again (up to 3 times) when PostgreSQL aborted it for a deadlock. */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= 3 || !isRetryable(error)) throw error;
    }
  }
}
