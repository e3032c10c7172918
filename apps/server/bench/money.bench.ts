/**
 * `npm run bench:money [-- --scale 100 --connections 32 --loans 200 --repayments 12 --reuse]`
 *
 * How fast money moves on the scale database (PostgreSQL), against PostgreSQL's own floor:
 *
 * 1. Seeds (or with --reuse keeps) `sente_bench_money`, starts a MoMo simulator in this process and
 *    the built server on the database (its jobs and poller off, so only the load runs).
 * 2. With the live services, makes 2 × --loans FUNDED applications (bench/money/setup.ts): in the
 *    spread case each listing is bid on by 8 lenders taken in turn from every verified lender, in the
 *    hot case by the same 8 lenders.
 * 3. Disbursement burst: 4 admins disburse each set at once over HTTP, every admin trying every
 *    application (in its own order): each must pay exactly once.
 * 4. Borrowers start --repayments collections per loan over HTTP, as the app starts them; the
 *    simulator holds them pending. A few are settled in-process with pg's client watched, to count
 *    statements and round trips per settlement.
 * 5. For each case, signed MTN-style callbacks complete the rest from --connections connections,
 *    while PostgreSQL's counters and its backends' waits are sampled; then every payment must be
 *    settled exactly once, the ledger sum to zero, and the loans equal their participations.
 * 6. pgbench (TPC-B-like) with the same connections on a scratch database right after each case, and
 *    each case's ratio to the pgbench next to it; and the
 *    rows and index entries a settlement and a pgbench transaction write, table by table.
 * Prints a Markdown table and exits; docs/scale.md ("Money at month-end speed") explains it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp, createServices, type Services } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Tx } from '../src/db/client.ts';
import { selectRows } from '../src/db/select-rows.ts';
import { signCallback } from '../src/features/payments/callback-signature.ts';
import { createMomoSimulator, type MomoSimulator } from '../src/features/payments/momo-simulator.ts';
import { captureQueries } from '../test/capture-sql.ts';
import {
  type CounterDelta,
  type CpuSpent,
  cpuBetween,
  cpuSnapshot,
  deltaOf,
  loadAverage,
  readCounters,
  readTableWrites,
  STATS_FLUSHED_MS,
  sampleWaits,
  type TableWrites,
  type WaitProfile,
  walOfDatabase,
  writesBetween,
} from './money/observe.ts';
import { type PgbenchResult, runPgbench } from './money/pgbench.ts';
import { percentile, type Timed, timedPool } from './money/pool.ts';
import { startProvider } from './money/provider-client.ts';
import {
  type Borrower,
  biddingLenders,
  bidsPerLender,
  borrowersWhoMayApply,
  depositForBids,
  fundedApplications,
  LENDERS_PER_LOAN,
  loanTypeFor,
} from './money/setup.ts';
import { describeProblems, verifyDisbursements, verifySettlements } from './money/verify.ts';
import {
  BASE_URL,
  fmt,
  log,
  peakRss,
  prepareDatabase,
  runBench,
  SERVER_ROOT,
  serverEnv,
  start,
  urlOf,
  waitFor,
} from './support.ts';

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    reuse: { type: 'boolean', default: false },
    connections: { type: 'string', default: '32' },
    loans: { type: 'string', default: '200' },
    repayments: { type: 'string', default: '12' },
    admins: { type: 'string', default: '4' },
    'pool-size': { type: 'string', default: '10' },
    'pgbench-scale': { type: 'string' },
    database: { type: 'string', default: 'sente_bench_money' },
  },
});
const connections = Number(flags.connections);
const loansPerCase = Number(flags.loans);
const repaymentsPerLoan = Number(flags.repayments);
const poolSize = Number(flags['pool-size']);
const CALLBACK_SECRET = 'bench-callback-secret-that-is-long-enough-to-sign';
const PORT = 4300;
const SERVER = `http://127.0.0.1:${PORT}`;
/** Settled in-process, with pg's client watched, per case: they give statements and round trips. */
const TRACED = 10;
/** Then this many at once, in-process and watched: the statements of settlements grouped (ADR 015). */
const TRACED_TOGETHER = 16;
/**
 * Then this many through the server, before the case is measured (at most a tenth of what is left,
 * so a small development run still measures most of its collections): the first callbacks of a
 * case met a callback path the server (and the provider process) had not yet compiled, and the
 * spread case, always first, paid for it.
 */
const WARM_UP = 200;

type CaseName = 'spread' | 'hot';

interface Collection {
  readonly id: number;
  readonly referenceId: string;
  readonly loanId: number;
}

interface SettlementRun {
  readonly name: CaseName;
  readonly lenders: number;
  readonly timed: Timed<boolean>;
  readonly applied: number;
  readonly db: CounterDelta;
  readonly waits: WaitProfile;
  readonly load: number;
  readonly problems: string[];
  readonly statements: number;
  readonly roundTrips: number;
  readonly kinds: readonly { text: string; perSettlement: number }[];
  /** TRACED_TOGETHER callbacks at once: statements per settlement, and the transactions they took. */
  readonly together: { readonly statements: number; readonly transactions: number };
  /** WAL the bench database wrote (pg_waldump), null without access to the data directory. */
  readonly walOurs: number | null;
  /** CPU spent during the case, by whom (bench/money/observe.ts). */
  readonly cpu: CpuSpent;
  /** Rows and index entries the bench database's tables took during the case. */
  readonly writes: TableWrites;
}

async function post(url: string, token: string | null, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${SERVER}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** A deterministic shuffle (each admin walks the applications in its own order). */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  let state = seed;
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** The body MTN posts when a collection succeeds (the simulator's record of it), signed. */
function callbackOf(simulator: MomoSimulator, payment: Collection): { body: string; signature: string } {
  const seen = simulator.received(payment.referenceId);
  if (!seen) throw new Error(`the provider never received ${payment.referenceId}`);
  const body = JSON.stringify({
    amount: seen.amount,
    currency: seen.currency,
    externalId: seen.externalId,
    payer: { partyIdType: 'MSISDN', partyId: seen.partyId },
    status: 'SUCCESSFUL',
    financialTransactionId: seen.financialTransactionId,
    referenceId: payment.referenceId,
  });
  return { body, signature: signCallback(CALLBACK_SECRET, body) };
}

/**
 * Runs a check of the money with no statement timeout (summing the platform accounts' millions of
 * entries at scale 100 takes longer than the app's 30 s), and reports a check that failed as a
 * problem instead of losing the run's figures.
 */
async function verified(services: Services, check: (db: Tx) => Promise<string[]>): Promise<string[]> {
  try {
    return await services.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      return check(tx);
    });
  } catch (error) {
    return [
      `the check itself failed: ${error instanceof Error ? error.message.slice(0, 200) : String(error)}`,
    ];
  }
}

async function mint(services: Services, userId: number, role: 'admin' | 'borrower'): Promise<string> {
  return services.accessTokens.sign({ userId, role }, new Date());
}

/** 4 admins at once, each trying every application in its own order; answers the timings. */
async function disburseBurst(
  services: Services,
  applicationIds: readonly number[],
  adminIds: readonly number[],
) {
  const tokens = await Promise.all(adminIds.map((id) => mint(services, id, 'admin')));
  const statuses = new Map<number, number>();
  const calls = adminIds.flatMap((_, admin) =>
    shuffled(applicationIds, admin + 1).map((applicationId) => ({ admin, applicationId })),
  );
  // Interleaved so that the admins' i-th calls run together: one request at a time per admin.
  const byAdmin = adminIds.map((_, admin) => calls.filter((c) => c.admin === admin));
  const interleaved = (byAdmin[0] ?? []).flatMap((_, i) =>
    byAdmin.map((list) => list[i]).filter((c) => c !== undefined),
  );
  const timed = await timedPool(interleaved, adminIds.length, async ({ admin, applicationId }) => {
    const res = await post(
      `/api/loans/applications/${applicationId}/disburse/`,
      tokens[admin] ?? '',
      {},
      { 'idempotency-key': `bench-burst-${admin}-${applicationId}` },
    );
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    return res.status;
  });
  const problems = await verified(services, (db) =>
    verifyDisbursements(db, applicationIds).then((rows) =>
      rows.map(
        (r) =>
          `application ${r.applicationId}: ${r.loans} loans, ${r.payouts} payouts, ${r.postings} postings, ${r.open} open`,
      ),
    ),
  );
  return { applications: applicationIds.length, timed, statuses, problems };
}

async function startCollections(
  services: Services,
  loans: readonly { id: number; borrower: Borrower; weekly: number }[],
  label: string,
): Promise<Collection[]> {
  const tokens = new Map<number, string>();
  for (const loan of loans) tokens.set(loan.borrower.id, await mint(services, loan.borrower.id, 'borrower'));
  // Round by round, so the collections in flight at any moment are on different loans.
  const work = Array.from({ length: repaymentsPerLoan }, (_, round) =>
    loans.map((loan) => ({ loan, round })),
  ).flat();
  const timed = await timedPool(work, connections, async ({ loan, round }) => {
    const res = await post(
      `/api/loans/loans/${loan.id}/repay/`,
      tokens.get(loan.borrower.id) ?? '',
      { amount: String(loan.weekly), phone_number: loan.borrower.phone },
      { 'idempotency-key': `bench-${label}-repay-${loan.id}-${round}` },
    );
    if (res.status !== 201)
      throw new Error(`repay ${loan.id} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return { id: Number(res.body?.id), referenceId: String(res.body?.reference_id), loanId: loan.id };
  });
  if (timed.thrown > 0) throw new Error(`${timed.thrown} collections were refused: ${timed.firstError}`);
  log(
    `  ${timed.results.length} collections started in ${fmt(timed.wallMs / 1000, 1)} s (${fmt((timed.results.length * 1000) / timed.wallMs)}/s)`,
  );
  // In the order they were asked for, so settlement also goes round by round.
  const order = new Map(work.map(({ loan, round }, index) => [`${loan.id}:${round}`, index]));
  const rounds = new Map<number, number>();
  return [...timed.results]
    .sort((a, b) => a.id - b.id)
    .map((c) => {
      const round = rounds.get(c.loanId) ?? 0;
      rounds.set(c.loanId, round + 1);
      return { c, at: order.get(`${c.loanId}:${round}`) ?? 0 };
    })
    .sort((a, b) => a.at - b.at)
    .map(({ c }) => c);
}

/** Settles `payments` in-process, one at a time, with pg's client watched. */
async function traceSettlements(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  simulator: MomoSimulator,
  payments: readonly Collection[],
) {
  let statements = 0;
  let roundTrips = 0;
  const kinds = new Map<string, number>();
  for (const payment of payments) {
    const { body, signature } = callbackOf(simulator, payment);
    const waves = await captureQueries(async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/callback/mtn/',
        headers: { 'content-type': 'application/json', 'x-sente-signature': signature },
        payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`traced callback answered ${res.statusCode}: ${res.body}`);
    });
    statements += waves.reduce((sum, wave) => sum + wave.length, 0);
    roundTrips += waves.length;
    for (const query of waves.flat()) {
      const kind = query.text.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 60);
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
  }
  return {
    statements: statements / payments.length,
    roundTrips: roundTrips / payments.length,
    kinds: [...kinds]
      .map(([text, n]) => ({ text, perSettlement: n / payments.length }))
      .sort((a, b) => b.perSettlement - a.perSettlement),
  };
}

/** Settles `payments` in-process all at once, with pg's client watched: how a group does. */
async function traceTogether(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  simulator: MomoSimulator,
  payments: readonly Collection[],
) {
  const waves = await captureQueries(() =>
    Promise.all(
      payments.map(async (payment) => {
        const { body, signature } = callbackOf(simulator, payment);
        const res = await app.inject({
          method: 'POST',
          url: '/api/payments/callback/mtn/',
          headers: { 'content-type': 'application/json', 'x-sente-signature': signature },
          payload: body,
        });
        if (res.statusCode !== 200)
          throw new Error(`traced callback answered ${res.statusCode}: ${res.body}`);
      }),
    ),
  );
  const queries = waves.flat();
  // For looking at one group's statements by hand: texts, values and statement names.
  if (process.env.BENCH_DUMP_GROUP_SQL)
    writeFileSync(process.env.BENCH_DUMP_GROUP_SQL, JSON.stringify(queries));
  return {
    statements: queries.length / payments.length,
    transactions: queries.filter((query) => /^\s*begin\b/i.test(query.text)).length,
  };
}

async function main() {
  const name = String(flags.database);
  const url = urlOf(name);
  await prepareDatabase(name, {
    reuse: Boolean(flags.reuse),
    scale: Number(flags.scale),
    seed: Number(flags.seed),
  });

  const simulator = createMomoSimulator({ delayMs: 0, failureRate: 0, callbackSecret: CALLBACK_SECRET });
  const simulatorUrl = await simulator.start(0);
  const env = serverEnv(url, PORT, poolSize, {
    MOMO_SIMULATOR_URL: simulatorUrl,
    PAYMENT_CALLBACK_SECRET: CALLBACK_SECRET,
    // Only the load runs: no poller asking the simulator, no marketplace or status jobs.
    PAYMENT_POLL_INTERVAL_MS: '0',
    JOB_POLL_MS: '0',
    // The per-user limits are not what is measured: lenders deposit for many bids and borrowers
    // start several collections at once.
    PAYMENT_LIMIT_PER_DAY: '1000000000000',
    PAYMENT_OPEN_PROMPTS_LIMIT: '1000',
  });
  log('Building the server bundle…');
  execFileSync('node', ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
  // BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server (Node refuses
  // --cpu-prof in NODE_OPTIONS); the profile is written when the benchmark stops the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const server = start('node', [...nodeArgs, 'dist/main.js'], env);
  await waitFor(`${SERVER}/api/health`, server);
  const provider = startProvider();
  const callbackUrl = `${SERVER}/api/payments/callback/mtn/`;

  const config = loadConfig(env);
  const database = await openDatabase({ database: { kind: 'postgres', url, poolSize } });
  const services = createServices({ config, database });
  const { app } = await buildApp({ config, database, logger: false });
  await app.ready();
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  const tables = new pg.Client({ connectionString: url });
  await tables.connect();

  // ---- the money to move ----
  const lenders = await biddingLenders(services);
  if (lenders.length < LENDERS_PER_LOAN) throw new Error(`only ${lenders.length} verified lenders`);
  const hotLenders = lenders.slice(0, LENDERS_PER_LOAN).map((l) => l.id);
  // The spread case takes its lenders in turn from all the others; a small scale has too few, and
  // then from everyone (the hot 8 included).
  const others = lenders.slice(LENDERS_PER_LOAN).map((l) => l.id);
  const pool = others.length >= LENDERS_PER_LOAN * 2 ? others : lenders.map((l) => l.id);
  const borrowers = await borrowersWhoMayApply(services, loansPerCase * 2);
  const perCase = Math.floor(borrowers.length / 2);
  if (perCase < loansPerCase) log(`Only ${borrowers.length} borrowers may apply: ${perCase} loans per case`);
  const cases: Record<CaseName, { borrowers: Borrower[]; lendersOf: (i: number) => number[] }> = {
    spread: {
      borrowers: borrowers.slice(0, perCase),
      lendersOf: (i) =>
        Array.from(
          { length: LENDERS_PER_LOAN },
          (_, j) => pool[(i * LENDERS_PER_LOAN + j) % pool.length] ?? 0,
        ),
    },
    hot: { borrowers: borrowers.slice(perCase, perCase * 2), lendersOf: () => hotLenders },
  };
  const label = `${Date.now().toString(36)}`;
  const phones = new Map(lenders.map((l) => [l.id, l.phone]));
  const bids = new Map<number, number>();
  for (const c of Object.values(cases))
    for (const [lender, n] of bidsPerLender(c.borrowers.length, c.lendersOf))
      bids.set(lender, (bids.get(lender) ?? 0) + n);
  log(`Depositing for ${bids.size} lenders…`);
  await depositForBids(services, bids, phones, label);
  const loanTypeId = await loanTypeFor(services);
  const adminRows = await selectRows<{ id: number }>(
    services.db,
    sql`select id from users where role = 'admin' and status = 'Active' and deleted_at is null order by id limit ${Number(flags.admins)}`,
  );
  // Fewer admins than asked (small scales seed 3): the first ones sign in twice.
  const adminIds = Array.from({ length: Number(flags.admins) }, (_, i) =>
    Number(adminRows[i % adminRows.length]?.id),
  );
  const applications = {} as Record<CaseName, number[]>;
  for (const caseName of ['spread', 'hot'] as const) {
    log(`Funding ${cases[caseName].borrowers.length} applications (${caseName})…`);
    const started = performance.now();
    applications[caseName] = await fundedApplications(services, {
      ...cases[caseName],
      loanTypeId,
      adminId: Number(adminRows[0]?.id),
      label: `${label}-${caseName}`,
    });
    log(`  in ${fmt((performance.now() - started) / 1000, 1)} s`);
  }

  // ---- disbursement burst ----
  const bursts = {} as Record<CaseName, Awaited<ReturnType<typeof disburseBurst>>>;
  for (const caseName of ['hot', 'spread'] as const) {
    log(`Disbursement burst (${caseName}): ${adminIds.length} admins…`);
    bursts[caseName] = await disburseBurst(services, applications[caseName], adminIds);
  }

  // ---- collections, started as the app starts them; the provider holds them pending ----
  simulator.configure({ delayMs: 600_000 });
  const collections = {} as Record<CaseName, Collection[]>;
  const loanIds = {} as Record<CaseName, number[]>;
  for (const caseName of ['spread', 'hot'] as const) {
    const rows = await selectRows<{ id: number; user_id: number; weekly: number; application_id: number }>(
      services.db,
      sql`select id, user_id, weekly_repayment as weekly, application_id from loans
          where application_id in (${sql.join(
            applications[caseName].map((id) => sql`${id}`),
            sql`, `,
          )}) order by id`,
    );
    const byId = new Map(cases[caseName].borrowers.map((b) => [b.id, b]));
    const loans = rows.map((r) => ({
      id: Number(r.id),
      weekly: Number(r.weekly),
      borrower: byId.get(Number(r.user_id)) as Borrower,
    }));
    loanIds[caseName] = loans.map((l) => l.id);
    log(`Starting ${loans.length * repaymentsPerLoan} collections (${caseName})…`);
    collections[caseName] = await startCollections(services, loans, `${label}-${caseName}`);
  }

  // ---- settlements ----
  const runs: SettlementRun[] = [];
  // pgbench right after each case: this machine's floor moves by a quarter within an hour, so each
  // case is compared with the floor measured next to it.
  const floors = new Map<CaseName, PgbenchResult>();
  for (const caseName of ['spread', 'hot'] as const) {
    const all = collections[caseName];
    const traced = await traceSettlements(app, simulator, all.slice(0, TRACED));
    const together = await traceTogether(app, simulator, all.slice(TRACED, TRACED + TRACED_TOGETHER));
    const untraced = all.slice(TRACED + TRACED_TOGETHER);
    const warmUp = untraced.slice(0, Math.min(WARM_UP, Math.floor(untraced.length / 10)));
    const warm = await provider.run(
      callbackUrl,
      connections,
      warmUp.map((payment) => callbackOf(simulator, payment)),
      () => {},
    );
    if (warm.thrown > 0) throw new Error(`${warm.thrown} warm-up callbacks failed: ${warm.firstError}`);
    const load = untraced.slice(warmUp.length);
    log(`Settling ${load.length} collections (${caseName}) from ${connections} connections…`);
    // What ran before (the collections started, the traced settlements) has its counters flushed
    // first, so the case counts only its own: read at once, they added a second or so of the
    // collections' transactions to the case (605 commits counted for a case that takes about 235).
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSHED_MS));
    const before = await readCounters(admin, name);
    const writesBefore = await readTableWrites(tables);
    const sampler = sampleWaits(BASE_URL, name);
    // Signed before the clock starts: the provider's servers do that work on their own machines.
    const calls = load.map((payment) => callbackOf(simulator, payment));
    let cpuBefore = cpuSnapshot(server.pid, provider.pid);
    const timed = await provider.run(callbackUrl, connections, calls, () => {
      cpuBefore = cpuSnapshot(server.pid, provider.pid);
    });
    const cpu = cpuBetween(cpuBefore, cpuSnapshot(server.pid, provider.pid));
    const waits = await sampler.stop();
    // The server's connections stay open: their last counters are flushed once they have idled.
    await new Promise((resolve) => setTimeout(resolve, STATS_FLUSHED_MS));
    const after = await readCounters(admin, name);
    const writes = writesBetween(writesBefore, await readTableWrites(tables));
    const loadNow = await loadAverage();
    const problems = await verified(services, (db) =>
      verifySettlements(db, { paymentIds: all.map((c) => c.id), loanIds: loanIds[caseName] }).then(
        describeProblems,
      ),
    );
    runs.push({
      name: caseName,
      lenders: new Set(cases[caseName].borrowers.flatMap((_, i) => cases[caseName].lendersOf(i))).size,
      timed,
      applied: timed.results.filter(Boolean).length,
      db: await deltaOf(admin, before, after),
      walOurs: await walOfDatabase(admin, name, before.lsn, after.lsn),
      waits,
      cpu,
      writes,
      load: loadNow,
      problems,
      ...traced,
      together,
    });
    const done = runs[runs.length - 1];
    log(
      `  ${fmt((load.length * 1000) / timed.wallMs)} settlements/s, p99 ${fmt(percentile(timed.latencies, 99))} ms, ${done?.problems.length ? done.problems.join('; ') : 'money verified'}`,
    );
    const seconds = Math.max(10, Math.ceil(timed.wallMs / 1000));
    log(`pgbench after the ${caseName} case: ${connections} clients, ${seconds} s…`);
    floors.set(
      caseName,
      await runPgbench({
        adminUrl: BASE_URL,
        clients: connections,
        seconds,
        scale: Number(flags['pgbench-scale'] ?? connections),
      }),
    );
  }
  const rss = peakRss(server.pid);
  await admin.end();
  await tables.end();
  await app.close();
  await services.paymentProviders.close();
  await simulator.close();
  await provider.close();

  process.stdout.write(`${report(runs, floors, bursts, rss)}\n`);
  const failed =
    runs.some((r) => r.problems.length > 0 || r.timed.thrown > 0) ||
    Object.values(bursts).some((b) => b.problems.length > 0);
  if (failed) process.exitCode = 1;
}

function report(
  runs: readonly SettlementRun[],
  floors: ReadonlyMap<CaseName, PgbenchResult>,
  bursts: Record<CaseName, Awaited<ReturnType<typeof disburseBurst>>>,
  rss: number | null,
): string {
  const spread = runs.find((r) => r.name === 'spread');
  const floorOf = (r: SettlementRun) => floors.get(r.name);
  const rate = (r: SettlementRun) => ((r.timed.latencies.length - r.timed.thrown) * 1000) / r.timed.wallMs;
  const lines = [
    `Scale ${flags.scale}, ${connections} connections, server pool ${poolSize}, ${loansPerCase} loans per case × ${repaymentsPerLoan} collections, ${LENDERS_PER_LOAN} lenders per loan`,
    '',
    `| case | lenders | settlements | settlements/s | callback p50 ms | p99 ms | errors | % of spread | ratio pgbench/settlements | statements, one alone | round trips, one alone | statements each, ${TRACED_TOGETHER} at once (transactions) | settlements per commit | rollbacks | deadlocks | WAL bytes | cluster WAL bytes | load avg | money verified | pgbench tps right after |`,
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|:-:|---:|',
  ];
  for (const r of runs) {
    const n = r.timed.latencies.length;
    const own = floorOf(r);
    lines.push(
      `| ${r.name} | ${r.lenders} | ${n} | ${fmt(rate(r))} | ${fmt(percentile(r.timed.latencies, 50))} | ${fmt(percentile(r.timed.latencies, 99))} | ${r.timed.thrown + (n - r.timed.thrown - r.applied)} | ${spread ? fmt((100 * rate(r)) / rate(spread)) : '–'} | ${own ? fmt(own.tps / rate(r), 2) : '–'} | ${fmt(r.statements, 1)} | ${fmt(r.roundTrips, 1)} | ${fmt(r.together.statements, 1)} (${r.together.transactions}) | ${r.db.commits > 0 ? fmt(n / r.db.commits, 1) : '–'} | ${r.db.rollbacks} | ${r.db.deadlocks} | ${r.walOurs === null ? '?' : fmt(r.walOurs / n)} | ${fmt(r.db.walBytes / n)} | ${fmt(r.load, 1)} | ${r.problems.length === 0 ? '✓' : '✗'} | ${own ? fmt(own.tps) : '–'} |`,
    );
  }
  for (const [name, floor] of floors)
    lines.push(
      '',
      `pgbench after the ${name} case (TPC-B-like, scale ${floor.scale}, ${connections} clients): ${fmt(floor.tps)} tps, mean latency ${fmt(floor.latencyMs, 1)} ms, ${fmt(floor.walBytesPerTransaction)} WAL bytes per transaction`,
    );
  const floor = floors.get('spread');
  if (floor) {
    const pgbenchRows = floor.writesPerTransaction.rows;
    lines.push(
      '',
      'The work each gives the database: rows written (inserted, updated, deleted) and the index entries their row versions made (at most: partial indexes counted as entered); "ratio by rows" is pgbench\'s rows/s over the settlements\' (below 1: the settlements write rows faster than pgbench):',
      '',
      "| case | rows per settlement | index entries per settlement | TPC-B transactions' rows per settlement | rows/s | pgbench rows/s | ratio by rows | index entries/s | pgbench index entries/s |",
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    );
    for (const r of runs) {
      const n = r.timed.latencies.length;
      const rows = r.writes.rows / n;
      const entries = r.writes.indexEntries / n;
      // Rows per pgbench transaction are the same every run; its speed is the one measured next to the case.
      const tps = (floorOf(r) ?? floor).tps;
      lines.push(
        `| ${r.name} | ${fmt(rows, 1)} | ${fmt(entries, 1)} | ${fmt(rows / pgbenchRows, 1)} | ${fmt(rows * rate(r))} | ${fmt(pgbenchRows * tps)} | ${fmt((pgbenchRows * tps) / (rows * rate(r)), 2)} | ${fmt(entries * rate(r))} | ${fmt(floor.writesPerTransaction.indexEntries * tps)} |`,
      );
    }
    lines.push(
      '',
      `pgbench: ${fmt(pgbenchRows, 1)} rows and ${fmt(floor.writesPerTransaction.indexEntries, 1)} index entries per transaction.`,
    );
    for (const r of runs) {
      const n = r.timed.latencies.length;
      const tables = [...r.writes.byTable]
        .sort(([, a], [, b]) => b.rows - a.rows)
        .map(([table, w]) => `${table} ${fmt(w.rows / n, 1)} (${fmt(w.indexEntries / n, 1)})`);
      lines.push('', `Rows (index entries) per settlement by table, ${r.name}: ${tables.join(', ')}`);
    }
  }
  lines.push(
    '',
    'Where the database backends were (mean per sample; "idle in tx" = waiting for the server\'s next statement):',
    '',
  );
  lines.push(
    '| case | samples | on CPU | lock wait | WAL/IO wait | other wait | idle in tx | samples with a lock wait | statements seen waiting for a lock |',
  );
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of runs) {
    const w = r.waits;
    lines.push(
      `| ${r.name} | ${w.samples} | ${fmt(w.mean.onCpu, 2)} | ${fmt(w.mean.lockWait, 2)} | ${fmt(w.mean.walOrIo, 2)} | ${fmt(w.mean.otherWait, 2)} | ${fmt(w.mean.idleInTransaction, 2)} | ${fmt(100 * w.samplesWithLockWait)} % | ${w.lockWaiters.map((x) => `${x.statement} (${x.seen})`).join('<br>') || '–'} |`,
    );
  }
  lines.push(
    '',
    'CPU per settlement (ms; "provider" is the process that posts the callbacks, the load generator; "bench" is this process: the wait sampler, the MoMo simulator and the in-process app at rest; PostgreSQL is every process of the cluster, its backends and its background processes (checkpointer, WAL writer, background writer); "machine" counts all cores, busy share of all of them):',
    '',
    '| case | server | PostgreSQL | of it, backends | of it, background | provider | bench | other | machine busy | machine busy % |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const r of runs) {
    const n = r.timed.latencies.length;
    const c = r.cpu;
    const other = c.machineBusyMs - c.serverMs - c.postgresMs - c.providerMs - c.benchMs;
    lines.push(
      `| ${r.name} | ${fmt(c.serverMs / n, 2)} | ${fmt(c.postgresMs / n, 2)} | ${fmt((c.postgresMs - c.postgresBackgroundMs) / n, 2)} | ${fmt(c.postgresBackgroundMs / n, 2)} | ${fmt(c.providerMs / n, 2)} | ${fmt(c.benchMs / n, 2)} | ${fmt(other / n, 2)} | ${fmt(c.machineBusyMs / n, 2)} | ${fmt((100 * c.machineBusyMs) / (c.machineBusyMs + c.machineIdleMs))} % |`,
    );
  }
  lines.push(
    '',
    '| disbursement burst | applications | calls | answers | wall s | p50 ms | p99 ms | each paid once |',
  );
  lines.push('|---|---:|---:|---|---:|---:|---:|:-:|');
  for (const [caseName, b] of Object.entries(bursts)) {
    const answers = [...b.statuses]
      .sort(([a], [c]) => a - c)
      .map(([s, n]) => `${s}×${n}`)
      .join(', ');
    lines.push(
      `| ${caseName} | ${b.applications} | ${b.timed.latencies.length} | ${answers}${b.timed.thrown ? `, thrown×${b.timed.thrown}` : ''} | ${fmt(b.timed.wallMs / 1000, 1)} | ${fmt(percentile(b.timed.latencies, 50))} | ${fmt(percentile(b.timed.latencies, 99))} | ${b.problems.length === 0 ? '✓' : `✗ ${b.problems.length}`} |`,
    );
  }
  for (const r of runs) {
    lines.push(
      '',
      `Statements of one settlement (${r.name}, mean of ${TRACED} settled in-process), most frequent first:`,
      '',
    );
    for (const k of r.kinds.slice(0, 25)) lines.push(`- ${fmt(k.perSettlement, 1)} × \`${k.text}\``);
  }
  lines.push('', `Peak RSS (VmHWM) of the server: ${rss === null ? '?' : `${fmt(rss)} MiB`}`);
  for (const r of runs) if (r.problems.length) lines.push(`${r.name}: ${r.problems.join('; ')}`);
  lines.push(
    "Goals (issue 20): pgbench tps ÷ settlements/s ≤ 4; hot ≥ 70 % of spread with no deadlock or serialization failure reaching a client; each disbursement pays once. WAL bytes: the bench database's own records (pg_waldump); cluster WAL: every database's, other engineers' included.",
  );
  return lines.join('\n');
}

runBench(main);
