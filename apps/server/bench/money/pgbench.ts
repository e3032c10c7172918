/**
 * PostgreSQL's own floor on this machine: pgbench's TPC-B-like transaction (three UPDATEs, a SELECT
 * and an INSERT in one transaction) with the benchmark's connection count, on a scratch database in
 * the same cluster, dropped afterwards. Its scale is at least the client count, so its clients do
 * not all queue on a handful of branch rows (pgbench's documentation asks for that).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { withDatabase } from '../../test/postgres-server.ts';
import { readTableWrites, writesBetween } from './observe.ts';

const run = promisify(execFile);
export const PGBENCH = process.env.PGBENCH ?? '/usr/lib/postgresql/15/bin/pgbench';

export interface PgbenchResult {
  readonly tps: number;
  readonly transactions: number;
  readonly latencyMs: number;
  readonly walBytesPerTransaction: number;
  readonly scale: number;
  /** Rows and index entries per transaction (observe.ts). */
  readonly writesPerTransaction: { readonly rows: number; readonly indexEntries: number };
}

/** Parses pgbench's report: tps without the initial connection time, transactions, mean latency. */
export function parsePgbench(output: string): { tps: number; transactions: number; latencyMs: number } {
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output)?.[1];
  const transactions = /number of transactions actually processed: (\d+)/.exec(output)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(output)?.[1];
  if (!tps || !transactions) throw new Error(`pgbench printed no result:\n${output}`);
  return { tps: Number(tps), transactions: Number(transactions), latencyMs: Number(latency ?? Number.NaN) };
}

export async function runPgbench(input: {
  adminUrl: string;
  clients: number;
  seconds: number;
  scale: number;
}): Promise<PgbenchResult> {
  const url = new URL(input.adminUrl);
  const database = `sente_pgbench_${process.pid}`;
  const env = {
    ...process.env,
    // A Unix socket is named by the `host` parameter (postgres://u@localhost/db?host=/var/run/postgresql).
    PGHOST: url.searchParams.get('host') ?? url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  const admin = new pg.Client({ connectionString: input.adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`create database ${database}`);
    // Data generated on the server (G), then vacuum and primary keys, quietly.
    await run(PGBENCH, ['-i', '-I', 'dtGvp', '-s', String(input.scale), '-q', database], { env });
    const lsn = async () =>
      (await admin.query<{ l: string }>('select pg_current_wal_lsn()::text as l')).rows[0]?.l;
    const before = await lsn();
    const tables = new pg.Client({ connectionString: withDatabase(input.adminUrl, database) });
    await tables.connect();
    const writesBefore = await readTableWrites(tables);
    const { stdout } = await run(
      PGBENCH,
      ['-n', '-c', String(input.clients), '-j', '2', '-T', String(input.seconds), database],
      { env, maxBuffer: 16 * 1024 * 1024 },
    );
    const after = await lsn();
    // pgbench's clients have closed, and a backend flushes its counters as it ends.
    const writes = writesBetween(writesBefore, await readTableWrites(tables));
    await tables.end();
    const wal = await admin.query<{ b: string }>(
      'select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as b',
      [after, before],
    );
    const result = parsePgbench(stdout);
    return {
      ...result,
      walBytesPerTransaction: Number(wal.rows[0]?.b ?? 0) / result.transactions,
      scale: input.scale,
      writesPerTransaction: {
        rows: writes.rows / result.transactions,
        indexEntries: writes.indexEntries / result.transactions,
      },
    };
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => {});
    await admin.end();
  }
}
