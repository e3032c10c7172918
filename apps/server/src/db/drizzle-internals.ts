import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/**
 * The parts of a drizzle handle that `namedStatement` and `preparedRead` use; drizzle's types keep
 * them internal, so they are named here once.
 */
export interface HandleInternals {
  /** Shared by a database and all its transactions: what is built once per database is keyed by it. */
  readonly dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  readonly session: {
    /** The handle's own connection: the pool or PGlite, or a transaction's client. */
    readonly client: unknown;
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(values?: Readonly<Record<string, unknown>>): Promise<unknown> };
  };
}

export function internalsOf(db: DbOrTx): HandleInternals {
  return db as unknown as HandleInternals;
}
