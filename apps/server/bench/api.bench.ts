/**
 * `npm run bench:api [-- --scale 100 --duration 10 --connections 32 --replicas 1 --reuse]`
 *
 * Seeds (or reuses) the PostgreSQL database `sente_bench` at the given scale, starts the built
 * server on it (N replicas with --replicas), signs in as an admin and drives every admin list and
 * statistics endpoint with autocannon. Against each endpoint it also measures a baseline: a bare
 * Fastify + pg process that runs the very SQL the endpoint ran, so the ratio shows what the
 * framework, auth, validation and mapping cost on top of the database. Prints a table and the
 * servers' peak memory. docs/scale.md explains the numbers.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { kampalaDate } from '@sente/contract';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { SCALE_SEED_PASSWORD } from '../src/cli/seed.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { terminalProgress } from '../src/seed/scale/progress.ts';
import { seedAtScale } from '../src/seed/scale/scale-seed.ts';
import { type BaselinePlan, captureQueries } from '../test/capture-sql.ts';
import { type BenchIds, type Endpoint, endpoints, GOALS } from './api/endpoints.ts';
import { combine, drive, type LoadResult } from './api/load.ts';

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    replicas: { type: 'string', default: '1' },
    'pool-size': { type: 'string', default: '10' },
    only: { type: 'string' },
    database: { type: 'string', default: 'sente_bench' },
  },
});
const SERVER_ROOT = path.resolve(import.meta.dirname, '..');
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const duration = Number(flags.duration);
const connections = Number(flags.connections);
const replicas = Math.max(1, Number(flags.replicas));
const poolSize = Number(flags['pool-size']);
const children: ChildProcess[] = [];

function urlOf(database: string): string {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function prepareDatabase(name: string): Promise<void> {
  const url = urlOf(name);
  const exists = await withAdmin(
    async (c) => (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1,
  );
  if (flags.reuse && exists) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ n: number }>('select count(*)::int as n from users');
    await client.end();
    if ((rows[0]?.n ?? 0) > 0) {
      log(`Reusing ${name} (${rows[0]?.n.toLocaleString('en-US')} users)`);
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
      scale: Number(flags.scale),
      seed: Number(flags.seed),
      today: kampalaDate(new Date()),
      password: SCALE_SEED_PASSWORD,
      progress: terminalProgress(),
    },
  );
  log(`Seeded ${name} at scale ${flags.scale} in ${report.seconds.toFixed(1)} s`);
  for (const [table, n] of Object.entries(report.rows))
    log(`  ${table.padEnd(28)} ${n.toLocaleString('en-US').padStart(12)}`);
}

function log(line: string) {
  process.stderr.write(`${line}\n`);
}

function serverEnv(url: string, port: number): NodeJS.ProcessEnv {
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
  };
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
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

function start(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd: SERVER_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  return child;
}

/** Peak resident memory of a process (VmHWM), in MiB. */
function peakRss(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]);
    return Number.isFinite(kb) ? kb / 1024 : null;
  } catch {
    return null;
  }
}

async function pickIds(url: string): Promise<BenchIds> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string) =>
      (await client.query(text)).rows[0] as Record<string, unknown> | undefined;
    const borrower = await one(
      'select user_id as id from loans group by user_id order by count(*) desc, user_id limit 1',
    );
    const surname = await one(
      `select split_part(name, ' ', 1) as term from users where role = 'borrower' group by 1 order by count(*) desc limit 1`,
    );
    const hasWallet = await one(`select to_regclass('platform_transactions') is not null as ok`);
    let walletUser: Record<string, unknown> | undefined;
    let reference: Record<string, unknown> | undefined;
    if (hasWallet?.ok) {
      walletUser = await one(
        `select user_id as id from platform_transactions where user_id in (select id from users where role = 'lender') group by user_id order by count(*) desc limit 1`,
      );
      reference = await one(
        'select right(reference_id, 8) as tail from platform_transactions order by id limit 1 offset 1000',
      );
    }
    return {
      borrowerId: Number(borrower?.id ?? 1),
      walletUserId: Number(walletUser?.id ?? borrower?.id ?? 1),
      searchTerm: String(surname?.term ?? 'nakato').toLowerCase(),
      referenceTail: reference ? String(reference.tail) : null,
    };
  } finally {
    await client.end();
  }
}

/** Builds the app in-process, calls each endpoint once and records its SQL. */
async function capturePlan(
  url: string,
  list: Endpoint[],
): Promise<{ plan: BaselinePlan; usable: Endpoint[] }> {
  const config = loadConfig(serverEnv(url, 0));
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize } });
  const { app } = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'admin1@sente.example.ug', password: SCALE_SEED_PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const token = (login.json() as { access: string }).access;
    const headers = { authorization: `Bearer ${token}` };
    const usable: Endpoint[] = [];
    const planned: BaselinePlan['endpoints'][number][] = [];
    for (const endpoint of list) {
      await app.inject({ url: endpoint.url, headers }); // warm caches and prepared plans
      let status = 0;
      const waves = await captureQueries(async () => {
        status = (await app.inject({ url: endpoint.url, headers })).statusCode;
      });
      if (status !== 200) {
        log(`  skipped ${endpoint.name}: ${endpoint.url} answered ${status}`);
        continue;
      }
      usable.push(endpoint);
      planned.push({ url: endpoint.url, waves });
    }
    return { plan: { endpoints: planned }, usable };
  } finally {
    await app.close();
    await database.close();
  }
}

function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '–';
}

async function main() {
  const name = String(flags.database);
  const url = urlOf(name);
  await prepareDatabase(name);
  const ids = await pickIds(url);
  let list = endpoints(ids);
  if (flags.only) list = list.filter((e) => e.name.includes(String(flags.only)));
  log('Capturing the SQL of each endpoint…');
  const { plan, usable } = await capturePlan(url, list);
  const planFile = path.join(tmpdir(), `sente-bench-plan-${process.pid}.json`);
  writeFileSync(planFile, JSON.stringify(plan));

  log('Building the server bundle…');
  execFileSync('node', ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
  const servers = Array.from({ length: replicas }, (_, i) => {
    const port = 4100 + i;
    return { port, child: start('node', ['dist/main.js'], serverEnv(url, port)) };
  });
  const baselines = Array.from({ length: replicas }, (_, i) => {
    const port = 4200 + i;
    const child = start(
      'node',
      ['--import', 'tsx', 'bench/api/baseline-server.ts', planFile, String(port), url, String(poolSize)],
      process.env,
    );
    return { port, child };
  });
  for (const s of servers) await waitFor(`http://127.0.0.1:${s.port}/api/health`, s.child);
  for (const b of baselines) await waitFor(`http://127.0.0.1:${b.port}/baseline/0`, b.child);

  const login = await fetch(`http://127.0.0.1:${servers[0]?.port}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin1@sente.example.ug', password: SCALE_SEED_PASSWORD }),
  });
  const token = ((await login.json()) as { access: string }).access;
  const headers = { authorization: `Bearer ${token}` };

  const rows: { endpoint: Endpoint; api: LoadResult; base: LoadResult }[] = [];
  log(
    `Driving ${usable.length} endpoints: ${connections} connections, ${duration} s each, ${replicas} replica(s)`,
  );
  for (const [index, endpoint] of usable.entries()) {
    const targets = servers.map((s) => `http://127.0.0.1:${s.port}${endpoint.url}`);
    const baseTargets = baselines.map((b) => `http://127.0.0.1:${b.port}/baseline/${index}`);
    // Both warmed up alike, then measured in alternating halves (endpoint, baseline, endpoint,
    // baseline), so a slow spell of the shared machine weighs on both sides of the ratio.
    await drive(targets, { connections, durationSeconds: 1, headers });
    await drive(baseTargets, { connections, durationSeconds: 1 });
    const half = duration / 2;
    const apiRuns: LoadResult[] = [];
    const baseRuns: LoadResult[] = [];
    for (let round = 0; round < 2; round++) {
      apiRuns.push(await drive(targets, { connections, durationSeconds: half, headers }));
      baseRuns.push(await drive(baseTargets, { connections, durationSeconds: half }));
    }
    const api = combine(apiRuns);
    const base = combine(baseRuns);
    rows.push({ endpoint, api, base });
    log(
      `  ${endpoint.name.padEnd(34)} ${fmt(api.requestsPerSecond).padStart(6)} req/s  p99 ${fmt(api.p99)} ms`,
    );
  }

  const peaks = servers.map((s) => peakRss(s.child.pid));
  const lines = [
    `Scale ${flags.scale}, ${connections} connections, ${duration} s per endpoint, ${replicas} replica(s), pool ${poolSize} per process`,
    '',
    '| endpoint | kind | req/s | p50 ms | p99 ms | errors | non-2xx | baseline req/s | ratio | goal |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|',
  ];
  for (const { endpoint, api, base } of rows) {
    const ratio = base.requestsPerSecond / api.requestsPerSecond;
    const limit = endpoint.kind === 'statistics' ? GOALS.statisticsP99 : GOALS.listP99;
    const ok = api.p99 < limit && api.errors === 0 && api.non2xx === 0 && ratio < GOALS.ratio;
    lines.push(
      `| ${endpoint.name} | ${endpoint.kind} | ${fmt(api.requestsPerSecond)} | ${fmt(api.p50)} | ${fmt(api.p99)} | ${api.errors} | ${api.non2xx} | ${fmt(base.requestsPerSecond)} | ${fmt(ratio, 2)} | ${ok ? '✓' : '✗'} |`,
    );
  }
  lines.push(
    '',
    `Peak RSS (VmHWM) per server process: ${peaks.map((p) => (p === null ? '?' : `${fmt(p)} MiB`)).join(', ')}`,
  );
  lines.push(
    `Goals: statistics p99 < ${GOALS.statisticsP99} ms, lists p99 < ${GOALS.listP99} ms, no errors, ratio (baseline ÷ endpoint throughput) < ${GOALS.ratio}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}

function stopChildren() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}

main()
  .then(() => {
    stopChildren();
    process.exit(0);
  })
  .catch((error: unknown) => {
    console.error(error);
    stopChildren();
    process.exit(1);
  });
