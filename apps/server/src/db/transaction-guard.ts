import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Catches the mistake that hung the embedded database: a query on the root handle while the same
 * async context holds an open transaction. On PGlite's single connection that query waits behind
 * the transaction forever; on a PostgreSQL pool it runs on another connection, outside the locks
 * the transaction took. With the guard on (development and tests), it throws at once instead.
 */
const openTransaction = new AsyncLocalStorage<{ readonly depth: number }>();

export class RootQueryInTransactionError extends Error {
  constructor(query: string) {
    super(
      `A query ran on the root database handle while this unit of work holds an open transaction; pass the transaction's handle (tx) instead. Query: ${query}`,
    );
    this.name = 'RootQueryInTransactionError';
  }
}

/** Runs `work` (a transaction's body) marked as inside a transaction for the guard. */
export function insideTransaction<T>(work: () => Promise<T>): Promise<T> {
  const depth = (openTransaction.getStore()?.depth ?? 0) + 1;
  return openTransaction.run({ depth }, work);
}

/** Throws when the caller's async context is inside a transaction; `query` names what was asked. */
export function assertOutsideTransaction(query: unknown): void {
  if (!openTransaction.getStore()) return;
  throw new RootQueryInTransactionError(describeQuery(query));
}

/** Marks work that deliberately leaves the transaction's context (it must not share its locks). */
export function outsideTransaction<T>(work: () => T): T {
  return openTransaction.exit(work);
}

function describeQuery(query: unknown): string {
  const text =
    typeof query === 'string'
      ? query
      : query && typeof query === 'object' && 'text' in query && typeof query.text === 'string'
        ? query.text
        : String(query);
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > 300 ? `${oneLine.slice(0, 300)}…` : oneLine;
}
