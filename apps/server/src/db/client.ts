import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type ChangeFeed, pgliteChangeFeed, postgresChangeFeed } from './change-feed.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';
import { assertOutsideTransaction, insideTransaction } from './transaction-guard.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repos take either: a service passes its transaction so one unit of work spans several repos. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'postgres' | 'pglite';
  /** Answers when the database does; used by /api/health. */
  ping(): Promise<void>;
  /**
   * Runs `work` while holding a PostgreSQL session advisory lock, so only one process at a time does
   * it (migrations on deploy, a job tick). PGlite has one process by construction.
   */
  withAdvisoryLock<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` on a connection of its own, without the pool's statement timeout or its client-side
   * query timeout: for migrations, whose backfills at a million rows take longer than any request
   * may (migration 0045: half a minute). PGlite's one connection has no timeout.
   */
  withUntimedConnection<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Notices other processes (and this one) send on commit, such as a user's sign-in changing. */
  readonly changes: ChangeFeed;
  /**
   * Raw SQL for the job queue (pg-boss's `db` adapter, jobs/job-queue.ts), on this database's own
   * connections. Without values the text may hold several statements (pg-boss's BEGIN … COMMIT
   * blocks); a failure in one rolls it back, so no connection is left inside an aborted transaction.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /**
   * After migrations: PGlite learns the database's array types when it opens it, so an array of a
   * type a migration created since (`loan_status[]`) would go out as text ("malformed array
   * literal") until it looks again. node-postgres needs nothing: it sends arrays as literals.
   */
  refreshTypes(): Promise<void>;
  close(): Promise<void>;
}

/** node-postgres answers an array for a multi-statement text: the last statement's rows count. */
function lastResult(result: pg.QueryResult | pg.QueryResult[]): { rows: Record<string, unknown>[] } {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return { rows: last?.rows ?? [] };
}

/** The PGlite extensions the migrations use (0012: trigram search). */
export const PGLITE_EXTENSIONS = { pg_trgm };

const PING_TIMEOUT_MS = 2_000;

/**
 * Marks every transaction's body for the guard (transaction-guard.ts), so a query on the root handle
 * from inside it throws at once. Off in production, where it would only cost time.
 */
function guardTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  const guarded: Db['transaction'] = (work, config) =>
    begin((tx) => insideTransaction(() => work(tx)), config);
  db.transaction = guarded;
  return db;
}

/** A root-handle query method that throws when called from inside a transaction (the guard). */
function outsideTransactionsOnly<Query>(query: Query): Query {
  const run = query as (...args: unknown[]) => unknown;
  return ((...args: unknown[]) => {
    assertOutsideTransaction(args[0]);
    return run(...args);
  }) as Query;
}

function isGuarded(config: Partial<Pick<Config, 'env'>>): boolean {
  return config.env !== 'production';
}

/**
 * Short statements, many at once: no JIT and no parallel workers. A generic plan whose LIMIT is a
 * parameter is costed for a tenth of the table, so at a million users PostgreSQL compiled pages
 * that run in 0.1-3 ms (13-90 ms of JIT a request) and started workers for them (a 2 ms walk took
 * 9 ms in parallel), with no spare core under load to run them (docs/scale.md). Set by a statement
 * on each new connection rather than as startup options, which PgBouncer refuses unless told to
 * ignore them. The benchmark's baseline runs the same.
 */
export const DATABASE_SESSION_SETTINGS = 'set jit = off; set max_parallel_workers_per_gather = 0';

/**
 * The pool's `onConnect`: applies DATABASE_SESSION_SETTINGS to every connection it opens, and only
 * then hands the connection out. Queued from a 'connect' listener instead, the settings were still
 * running when the first statement was sent, which node-postgres deprecates (an error in pg 9).
 * A connection whose settings fail is closed and the checkout reports the error.
 */
export async function applySessionSettings(client: pg.ClientBase): Promise<void> {
  await client.query(DATABASE_SESSION_SETTINGS);
}

export async function openDatabase(
  config: Pick<Config, 'database'> & Partial<Pick<Config, 'env'>>,
): Promise<Database> {
  const target = config.database;
  const guard = isGuarded(config);
  if (target.kind === 'postgres') {
    const statementTimeout = target.statementTimeoutMs ?? 30_000;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      // A query that runs away must not hold a connection forever.
      statement_timeout: statementTimeout,
      // The server cancels at statement_timeout; when the network itself is dead (packets swallowed)
      // no cancel arrives, so the client gives up a little later: no request waits forever.
      query_timeout: statementTimeout + 5_000,
      keepAlive: true,
      onConnect: applySessionSettings,
      application_name: 'sente',
    });
    // An idle client that loses its server must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    // Transactions run on clients checked out of the pool; only root-handle queries use pool.query.
    if (guard) pool.query = outsideTransactionsOnly(pool.query.bind(pool));
    const nodePgDb = drizzleNodePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    const db = guard ? guardTransactions(nodePgDb) : nodePgDb;
    const changes = postgresChangeFeed(target.url);
    return {
      db,
      kind: 'postgres',
      // Health must answer quickly even when the database does not: a stuck connection is dropped.
      ping: async () => {
        // node-postgres reads query_timeout per query too; its types only know it on the pool.
        const query: pg.QueryConfig & { query_timeout: number } = {
          text: 'select 1',
          query_timeout: PING_TIMEOUT_MS,
        };
        await pool.query(query);
      },
      withAdvisoryLock: async (key, work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          client.release();
        }
      },
      withUntimedConnection: async (work) => {
        const client = new pg.Client({
          connectionString: target.url,
          keepAlive: true,
          application_name: 'sente',
        });
        await client.connect();
        try {
          await applySessionSettings(client);
          return await work(drizzleNodePg(client, { schema, casing: 'snake_case' }) as unknown as Db);
        } finally {
          await client.end();
        }
      },
      changes,
      executeSql: async (text, values) => {
        if (values && values.length > 0) return pool.query(text, values);
        const client = await pool.connect();
        try {
          return lastResult(await client.query(text));
        } catch (error) {
          await client.query('rollback').catch(() => {});
          throw error;
        } finally {
          client.release();
        }
      },
      refreshTypes: async () => {},
      close: async () => {
        await changes.close();
        await pool.end();
      },
    };
  }

  const release = lockDataDir(target.dataDir);
  try {
    const client = await PGlite.create({
      dataDir: target.dataDir,
      relaxedDurability: false,
      extensions: PGLITE_EXTENSIONS,
    });
    return wrapPglite(client, { guard, release });
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * A Database over an open PGlite. Tests use it for in-memory copies of a migrated template; the
 * server opens its data directory through openDatabase.
 */
export function wrapPglite(client: PGlite, options: { guard: boolean; release?: () => void }): Database {
  if (options.guard) {
    // Transaction bodies query through their own handle (PGlite's private path), so only the root
    // handle's public query and exec are checked.
    client.query = outsideTransactionsOnly(client.query.bind(client));
    client.exec = outsideTransactionsOnly(client.exec.bind(client));
  }
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db;
  const db = options.guard ? guardTransactions(pgliteDb) : pgliteDb;
  const changes = pgliteChangeFeed(client);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    withAdvisoryLock: (_key, work) => work(),
    withUntimedConnection: (work) => work(db),
    changes,
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // PGlite's one connection must not stay inside the failed BEGIN block.
        await client.exec('rollback').catch(() => {});
        throw error;
      }
    },
    refreshTypes: () => client.refreshArrayTypes(),
    close: async () => {
      try {
        await changes.close();
        await client.close();
      } finally {
        options.release?.();
      }
    },
  };
}
