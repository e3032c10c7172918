/**
 * What the benchmarks share: the scale database (seeded once, reused with --reuse), the built server
 * as a child process with the benchmark's environment, and the peak memory of a process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { kampalaDate } from '@sente/contract';
import pg from 'pg';
import { SCALE_SEED_PASSWORD } from '../src/cli/seed.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { terminalProgress } from '../src/seed/scale/progress.ts';
import { seedAtScale } from '../src/seed/scale/scale-seed.ts';
import { withDatabase } from '../test/postgres-server.ts';

export const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
export const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

export function log(line: string): void {
  process.stderr.write(`${line}\n`);
}

export function urlOf(database: string): string {
  return withDatabase(BASE_URL, database);
}

/** A client on the cluster's maintenance database (create and drop databases). */
export async function withAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates, migrates and seeds `name` at `scale`, or with `reuse` keeps it when it holds users. */
export async function prepareDatabase(
  name: string,
  options: { reuse: boolean; scale: number; seed: number },
): Promise<void> {
  const url = urlOf(name);
  const exists = await withAdmin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  if (options.reuse && exists) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client
      .query<{ n: number }>('select count(*)::int as n from users')
      .catch(() => ({ rows: [{ n: 0 }] }));
    await client.end();
    if ((rows[0]?.n ?? 0) > 0) {
      log(`Reusing ${name} (${rows[0]?.n.toLocaleString('en-US')} users)`);
      // A database seeded by an older checkout gets this checkout's migrations.
      const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 2 } });
      await runMigrations(database);
      await database.close();
      return;
    }
  }
  await withAdmin(async (c) => {
    await c.query(`drop database if exists ${name} with (force)`);
    await c.query(`create database ${name}`);
  });
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 2 } });
  await runMigrations(database);
  await database.close();
  const report = await seedAtScale(
    { kind: 'postgres', url },
    {
      scale: options.scale,
      seed: options.seed,
      today: kampalaDate(new Date()),
      password: SCALE_SEED_PASSWORD,
      progress: terminalProgress(),
    },
  );
  log(`Seeded ${name} at scale ${options.scale} in ${report.seconds.toFixed(1)} s`);
  for (const [table, n] of Object.entries(report.rows))
    log(`  ${table.padEnd(28)} ${n.toLocaleString('en-US').padStart(12)}`);
}

/** The built server's environment: production mode on `url`, signed in with the password alone. */
export function serverEnv(
  url: string,
  port: number,
  poolSize: number,
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    // The benchmark signs the admin in with the password alone.
    ADMIN_MFA: 'optional',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: String(poolSize),
    JWT_SECRET,
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    PAYMENT_PROVIDER: 'simulator',
    DATA_DIR: path.join(tmpdir(), `sente-bench-data-${port}`),
    WEB_DIST_DIR: '/nonexistent',
    ...extra,
  };
}

const children: ChildProcess[] = [];

export function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: SERVER_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

/**
 * Asks every child to stop and waits (up to 20 s) until they have: a server run with --cpu-prof
 * writes its profile as it exits, which it cannot do once the benchmark has gone.
 */
export async function stopChildren(): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  await Promise.race([Promise.all(exited), new Promise((resolve) => setTimeout(resolve, 20_000))]);
}

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer`);
}

/** Peak resident memory of a process (VmHWM), in MiB. */
export function peakRss(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

export function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '–';
}

/** Runs `main`, stops the children and exits (1 if main set process.exitCode), or prints the error and exits 1. */
export function runBench(main: () => Promise<void>): void {
  main()
    .then(async () => {
      await stopChildren();
      // A bench that found a problem has set process.exitCode.
      process.exit();
    })
    .catch(async (error: unknown) => {
      console.error(error);
      await stopChildren();
      process.exit(1);
    });
}
