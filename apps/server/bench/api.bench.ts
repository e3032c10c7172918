/**
 * `npm run bench:api [-- --scale 100 --duration 10 --connections 32 --replicas 1 --warmup 1 --reuse --only 'search|repayments|=loans']`
 *
 * Seeds (or reuses) the PostgreSQL database `sente_bench` at the given scale, starts the built
 * server on it (N replicas with --replicas), signs in as an admin and as the lender in the most
 * loans, and drives every back-office and marketplace list and statistics endpoint with autocannon.
 * Against each endpoint it also measures a baseline: a bare Fastify + pg process that runs the very
 * SQL the endpoint ran, so the ratio shows what the framework, auth, validation and mapping cost on
 * top of the database. Prints a table and the servers' peak memory. docs/scale.md explains the
 * numbers.
 *
 * Before the first measurement every endpoint and its baseline are driven once for --warmup seconds
 * (1 unless set; 0 skips it), so the first endpoint measured does not pay for a cold server: the
 * JIT, the connections and the pages every endpoint shares.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { SCALE_SEED_PASSWORD } from '../src/cli/seed.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { type BaselinePlan, captureQueries } from '../test/capture-sql.ts';
import { type BenchIds, type Endpoint, endpoints, GOALS } from './api/endpoints.ts';
import {
  EXPORT_GOALS,
  type ExportMeasure,
  exportDownloads,
  exportTable,
  measureExport,
} from './api/exports.ts';
import { combine, drive, type LoadResult } from './api/load.ts';
import {
  serverEnv as benchServerEnv,
  fmt,
  log,
  peakRss,
  prepareDatabase,
  runBench,
  SERVER_ROOT,
  start,
  urlOf,
  waitFor,
} from './support.ts';

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
    warmup: { type: 'string', default: '1' },
  },
});
const duration = Number(flags.duration);
const connections = Number(flags.connections);
const replicas = Math.max(1, Number(flags.replicas));
const poolSize = Number(flags['pool-size']);
const warmupSeconds = Number(flags.warmup);
/** Admins downloading the same export at once (month-end). */
const EXPORTS_AT_ONCE = 4;
const ADMIN_EMAIL = 'admin1@sente.example.ug';
function serverEnv(url: string, port: number): NodeJS.ProcessEnv {
  return benchServerEnv(url, port, poolSize);
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
    const lender = await one(
      `select p.lender_id as id, u.email from participations p join users u on u.id = p.lender_id
       join lender_profiles lp on lp.user_id = p.lender_id and lp.verified_at is not null
       group by p.lender_id, u.email order by count(*) desc, p.lender_id limit 1`,
    );
    // The lender's statement as the app asks for it: its latest month so far, in Kampala days.
    const month = lender
      ? await one(
          `select to_char(date_trunc('month', max(e.created_at at time zone 'Africa/Kampala')), 'YYYY-MM-DD') as from,
                  to_char(max(e.created_at at time zone 'Africa/Kampala'), 'YYYY-MM-DD') as to
             from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.code = 'USER_WALLET:' || ${Number(lender.id)}`,
        )
      : undefined;
    // The exports as an admin takes them at month-end: the last whole month before the newest money.
    const exportMonth = hasWallet?.ok
      ? await one(
          `select to_char(m - interval '1 month', 'YYYY-MM-DD') as from, to_char(m - interval '1 day', 'YYYY-MM-DD') as to
             from (select date_trunc('month', max(created_at at time zone 'Africa/Kampala')) as m
                     from platform_transactions) newest`,
        )
      : undefined;
    const participated = await one(
      'select loan_id as id from participations where lender_id is not null order by loan_id desc limit 1',
    );
    return {
      ...(lender ? { lenderId: Number(lender.id), lenderEmail: String(lender.email) } : {}),
      ...(participated ? { participatedLoanId: Number(participated.id) } : {}),
      ...(month?.from ? { statementMonth: { from: String(month.from), to: String(month.to) } } : {}),
      ...(exportMonth?.from
        ? { exportMonth: { from: String(exportMonth.from), to: String(exportMonth.to) } }
        : {}),
      borrowerId: Number(borrower?.id ?? 1),
      walletUserId: Number(walletUser?.id ?? borrower?.id ?? 1),
      searchTerm: String(surname?.term ?? 'nakato').toLowerCase(),
      nin: String(
        (await one('select nin from applications order by id desc limit 1'))?.nin ?? 'CM85A1B2C3D4E5',
      ),
      referenceTail: reference ? String(reference.tail) : null,
      loanRef: String((await one('select loan_ref from loans order by id limit 1'))?.loan_ref ?? ''),
    };
  } finally {
    await client.end();
  }
}

/** Builds the app in-process, calls each endpoint once and records its SQL. */
async function capturePlan(
  url: string,
  list: Endpoint[],
  lenderEmail: string | undefined,
): Promise<{ plan: BaselinePlan; usable: Endpoint[] }> {
  const config = loadConfig(serverEnv(url, 0));
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize } });
  const { app } = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const signIn = async (email: string) => {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email, password: SCALE_SEED_PASSWORD },
      });
      if (login.statusCode !== 200) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
      return { authorization: `Bearer ${(login.json() as { access: string }).access}` };
    };
    const asAdmin = await signIn(ADMIN_EMAIL);
    const asLender = lenderEmail ? await signIn(lenderEmail) : undefined;
    const usable: Endpoint[] = [];
    const planned: BaselinePlan['endpoints'][number][] = [];
    for (const endpoint of list) {
      const headers = endpoint.as === 'lender' ? asLender : asAdmin;
      if (!headers) continue;
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

async function main() {
  const name = String(flags.database);
  const url = urlOf(name);
  await prepareDatabase(name, {
    reuse: Boolean(flags.reuse),
    scale: Number(flags.scale),
    seed: Number(flags.seed),
  });
  const ids = await pickIds(url);
  // --only "search|repayments|=loans|export": the endpoints (and exports) whose name contains any of
  // the parts, or is one given whole after "=".
  const parts = flags.only ? String(flags.only).split('|') : undefined;
  const chosen = (e: { name: string }) =>
    !parts || parts.some((part) => (part.startsWith('=') ? e.name === part.slice(1) : e.name.includes(part)));
  const list = endpoints(ids).filter(chosen);
  const downloads = ids.exportMonth ? exportDownloads(ids.exportMonth).filter(chosen) : [];
  log('Capturing the SQL of each endpoint…');
  const { plan, usable } = await capturePlan(url, list, ids.lenderEmail);
  const planFile = path.join(tmpdir(), `sente-bench-plan-${process.pid}.json`);
  writeFileSync(planFile, JSON.stringify(plan));

  log('Building the server bundle…');
  execFileSync('node', ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles each server (Node refuses
  // --cpu-prof in NODE_OPTIONS); a profile is written when the benchmark stops its server.
  const serverNodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const servers = Array.from({ length: replicas }, (_, i) => {
    const port = 4100 + i;
    return { port, child: start('node', [...serverNodeArgs, 'dist/main.js'], serverEnv(url, port)) };
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

  const signIn = async (email: string) => {
    const login = await fetch(`http://127.0.0.1:${servers[0]?.port}/api/auth/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: SCALE_SEED_PASSWORD }),
    });
    return { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  };
  const asAdmin = await signIn(ADMIN_EMAIL);
  const asLender = ids.lenderEmail ? await signIn(ids.lenderEmail) : asAdmin;
  const headersOf = (endpoint: Endpoint) => (endpoint.as === 'lender' ? asLender : asAdmin);

  const targetsOf = (endpoint: Endpoint, index: number) => ({
    api: servers.map((s) => `http://127.0.0.1:${s.port}${endpoint.url}`),
    base: baselines.map((b) => `http://127.0.0.1:${b.port}/baseline/${index}`),
  });
  if (warmupSeconds > 0) {
    log(`Warming up: every endpoint and its baseline for ${warmupSeconds} s each`);
    for (const [index, endpoint] of usable.entries()) {
      const targets = targetsOf(endpoint, index);
      const load = { connections, durationSeconds: warmupSeconds };
      await drive(targets.api, { ...load, headers: headersOf(endpoint) });
      await drive(targets.base, load);
    }
  }

  const rows: { endpoint: Endpoint; api: LoadResult; base: LoadResult }[] = [];
  log(
    `Driving ${usable.length} endpoints: ${connections} connections, ${duration} s each, ${replicas} replica(s)`,
  );
  for (const [index, endpoint] of usable.entries()) {
    const { api: targets, base: baseTargets } = targetsOf(endpoint, index);
    const headers = headersOf(endpoint);
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
  const exported: ExportMeasure[] = [];
  if (downloads.length > 0) {
    log(`Downloading ${downloads.length} exports: each alone, then ${EXPORTS_AT_ONCE} at once`);
    for (const target of downloads) {
      const measure = await measureExport(
        target,
        `http://127.0.0.1:${servers[0]?.port}`,
        asAdmin,
        EXPORTS_AT_ONCE,
      );
      exported.push(measure);
      log(
        `  ${target.name.padEnd(40)} ${fmt(measure.alone.rows).padStart(8)} rows in ${fmt(measure.alone.seconds, 2)} s alone`,
      );
    }
  }
  const peaksAfterExports = servers.map((s) => peakRss(s.child.pid));
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
  if (exported.length > 0) {
    lines.push(
      '',
      `Exports (${ids.exportMonth?.from} to ${ids.exportMonth?.to} where they take a range), downloaded whole from the first server:`,
      '',
      ...exportTable(exported, EXPORTS_AT_ONCE),
      '',
      `Export goals, ${EXPORTS_AT_ONCE} at once: first byte < ${EXPORT_GOALS.firstByteMs} ms, whole file < ${EXPORT_GOALS.seconds} s`,
      `Peak RSS (VmHWM) after the exports: ${peaksAfterExports.map((p) => (p === null ? '?' : `${fmt(p)} MiB`)).join(', ')}`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

runBench(main);
