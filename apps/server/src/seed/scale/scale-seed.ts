/**
 * `npm run cli -- seed --scale N`: a realistic, internally consistent data set of about 1,000 × N
 * users with their applications, loans, schedules, repayments and money movements, written straight
 * into the tables (docs/decisions/006-bulk-seed.md) with the domain's own pure rules.
 */

import { DAY_MS, startOfKampalaDate } from '@sente/contract';
import pg from 'pg';
import { hashPassword } from '../../features/auth/password.ts';
import { cashFlowMonthsEndAt } from '../../features/marketplace/cash-flow-months.ts';
import { PLATFORM_SHARES_SQL } from '../../features/marketplace/marketplace.repo.ts';
import { DEFAULT_FEE_PERCENT } from '../../features/marketplace/pro-rata.ts';
import { copySink, insertSink, type Sink, type Value } from './bulk-sink.ts';
import { dropForLoad, type Query, rebuildStatements } from './load-constraints.ts';
import { Prng } from './prng.ts';
import type { Progress } from './progress.ts';
import { type LendingCounts, loanTypeRefs, type MoneyHooks, writeBorrowerHistory } from './scale-lending.ts';
import { marketWriter } from './scale-marketplace.ts';
import { MONEY_TABLES, moneyWriter } from './scale-money.ts';
import { makePerson, writeKyc } from './scale-people.ts';
import { Ids, LENDING_TABLES, M, T } from './tables.ts';

export type SeedTarget =
  | { readonly kind: 'postgres'; readonly url: string }
  | {
      readonly kind: 'pglite';
      readonly query: (text: string, params?: Value[]) => Promise<{ rows: unknown[] }>;
    };

export interface ScaleSeedOptions {
  readonly scale: number;
  readonly seed: number;
  /** The seed's "today" (Kampala date); data spans the three years before it. */
  readonly today: string;
  /** Every seeded account signs in with this password. */
  readonly password: string;
  readonly progress: Progress;
}

export interface ScaleSeedReport {
  readonly rows: Record<string, number>;
  readonly seconds: number;
  readonly adminEmail: string;
}

export class NotEmptyError extends Error {}

/** The marketplace opened this long before the seed's "now"; earlier loans were the platform's own. */
const MARKET_AGE = 456 * DAY_MS;

export async function seedAtScale(target: SeedTarget, options: ScaleSeedOptions): Promise<ScaleSeedReport> {
  const started = Date.now();
  const admin = target.kind === 'postgres' ? new pg.Client({ connectionString: target.url }) : null;
  await admin?.connect();
  const query: Query = async (text) => {
    if (admin) return (await admin.query(text)).rows;
    return (await (target as Extract<SeedTarget, { kind: 'pglite' }>).query(text)).rows as Record<
      string,
      unknown
    >[];
  };
  try {
    await query(`set statement_timeout = 0`);
    const [schema] = (await query(`select to_regclass('platform_transactions') is not null as money`)) as {
      money: boolean;
    }[];
    const withMoney = schema?.money === true;
    const [marketSchema] = (await query(`select to_regclass('listings') is not null as market`)) as {
      market: boolean;
    }[];
    // The marketplace moves money, so it comes with the money tables.
    const withMarket = withMoney && marketSchema?.market === true;
    const [existing] = (await query(
      `select (select count(*) from users)::int + (select count(*) from loan_types)::int + (select count(*) from applications)::int
        ${withMoney ? '+ (select count(*) from platform_transactions)::int + (select count(*) from ledger_postings)::int' : ''} as n`,
    )) as { n: number }[];
    if ((existing?.n ?? 0) > 0) {
      throw new NotEmptyError('The database is not empty: seed --scale fills an empty database only.');
    }
    const { progress } = options;
    progress.phase('Preparing');
    const passwordHash = await hashPassword(options.password);
    const now = Math.min(Date.now(), startOfKampalaDate(options.today).getTime() + 18 * 3_600_000);
    const start = now - 3 * 365 * DAY_MS;
    const loanTypes = loanTypeRefs(start, now);
    for (const t of loanTypes) {
      const s = t.spec;
      await query(
        `insert into loan_types (id, name, min_amount, max_amount, interest_rate, interest_type, appraisal_time, status, created_at, updated_at)
         overriding system value values (${t.id}, '${s.name}', ${s.min}, ${s.max}, ${s.rate}, '${s.type}', '${s.time}', '${s.status}',
         '${new Date(start - DAY_MS).toISOString()}', '${new Date(t.retiredAt ?? start - DAY_MS).toISOString()}')`,
      );
    }
    const tables = [
      ...LENDING_TABLES,
      ...(withMoney ? Object.values(MONEY_TABLES) : []),
      ...(withMarket ? Object.values(M) : []),
    ];
    // Triggers would cost a call per row or per COPY: the ledger's balance check and append-only
    // guards, the running counters. The money writer checks each posting's balance as it makes it,
    // and the counters are recounted from the rows.
    for (const table of tables) await query(`alter table ${table.name} disable trigger user`);
    const saved = await dropForLoad(
      query,
      tables.map((t) => t.name),
    );

    const sink: Sink =
      target.kind === 'postgres'
        ? await copySink(tables, async () => {
            const client = new pg.Client({ connectionString: target.url });
            await client.connect();
            return client;
          })
        : insertSink(tables, (text, params) => target.query(text, params));

    const rng = new Prng(options.seed);
    const ids = new Ids();
    const total = Math.max(10, Math.round(1_000 * options.scale));
    const admins = 3 + Math.floor(options.scale / 25);
    const adminIds = Array.from({ length: admins }, (_, i) => i + 1);
    const writer = withMoney ? moneyWriter(rng.fork(1), sink, ids, now, Math.ceil(2 + options.scale)) : null;
    const money: MoneyHooks = writer ?? {
      disbursement: () => null,
      repayment: () => null,
      payoutWithoutLoan: () => false,
    };
    const market =
      writer && withMarket
        ? marketWriter(rng.fork(2), sink, ids, writer, { now, launchAt: now - MARKET_AGE, adminIds })
        : null;
    const counts: LendingCounts = { applications: 0, loans: 0, repayments: 0 };
    const feePercent = DEFAULT_FEE_PERCENT;
    const ctx = { rng, sink, ids, loanTypes, adminIds, now, money, market, feePercent };
    progress.phase('Generating and loading');
    for (let index = 0; index < total; index++) {
      const person = makePerson(rng, sink, {
        id: ids.take(T.users),
        index,
        total,
        admins,
        start,
        now,
        passwordHash,
      });
      const kyc =
        person.role !== 'admin' && rng.chance(0.75)
          ? writeKyc(rng, sink, ids.take(T.userKyc), person, now)
          : null;
      if (person.role === 'borrower') writeBorrowerHistory(ctx, person, kyc, counts);
      if (person.role === 'lender') {
        writer?.lender(person);
        market?.lender(person, kyc);
      }
      if (index % 100 === 99) {
        await sink.flush();
        progress.update(index + 1, total);
      }
    }
    market?.finish();
    writer?.finish(start);
    await sink.finish();
    progress.update(total, total);
    if (withMoney) {
      progress.phase('Ledger balances and totals');
      for (const statement of writer?.totalsSql() ?? []) await query(statement);
    }
    for (const table of tables) await query(`alter table ${table.name} enable trigger user`);

    progress.phase('Counting and building indexes');
    // The recounts join the loaded tables: without statistics the planner takes the lenders'
    // accounts for 57 rows instead of 5,700 and looks up each of their lines' postings one by one
    // (the lender cash-flow recount had not finished after 8 minutes at scale 100; 17 s with
    // statistics). A sampled ANALYZE takes a second or two a table; the full VACUUM (ANALYZE)
    // comes at the end.
    await runAll(
      target,
      query,
      tables.map((table) => `analyze ${table.name}`),
      progress,
    );
    const { build, attach, link, validate } = rebuildStatements(saved, sink.counts);
    await runAll(target, query, [...(await recountStatements(query)), ...build], progress);
    // The lenders' cash flows of the months before the seed's today, as the daily job would have
    // copied them (migration 0057), from the day rows the recount just wrote.
    await timedStep(
      progress,
      query,
      `select compact_lender_cash_flows('${cashFlowMonthsEndAt(new Date(now))}'::date)`,
      'lender cash-flow months',
    );
    for (const statement of attach) await query(statement);
    progress.phase('Checking foreign keys');
    for (const statement of link) await query(statement);
    await runAll(target, query, validate, progress);
    for (const table of [...tables, { name: 'loan_types', columns: ['id'] }]) {
      if (!table.columns.includes('id')) continue;
      await query(
        `select setval(pg_get_serial_sequence('${table.name}', 'id'), greatest(1, (select coalesce(max(id), 0) from ${table.name})))`,
      );
    }
    await query(`select setval('loan_reference_seq', greatest(1, (select count(*) from loans)))`);
    // A loan the platform funded has one participation with no lender (docs/marketplace.md).
    progress.phase('Participations');
    await timedStep(progress, query, PLATFORM_SHARES_SQL, 'participations of the platform-funded loans');
    progress.phase('Analyzing');
    // Table by table, largest first, on both connections. The loaded rows are frozen and visible
    // already (bulk-sink.ts); VACUUM still marks the pages written since, so counts can use
    // index-only scans as on a settled database, and ANALYZE gives the planner its statistics.
    const byTableSize = (await query(
      `select c.relname as name from pg_class c
       where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
       order by pg_relation_size(c.oid) desc, c.relname`,
    )) as { name: string }[];
    await runAll(
      target,
      query,
      byTableSize.map((t) => `vacuum (analyze) ${t.name}`),
      progress,
    );
    progress.done();
    return {
      rows: Object.fromEntries([['loan_types', loanTypes.length], ...sink.counts]),
      seconds: (Date.now() - started) / 1000,
      adminEmail: 'admin1@sente.example.ug',
    };
  } finally {
    await admin?.end();
  }
}

/**
 * What `recount_counters()` runs (migration 0014: every `recount_counter_*()`, each rebuilding its
 * own table from the rows), as statements of their own: the recounts share the two connections with
 * the index builds, where `recount_counters()` alone held one core for 87 s at scale 1000 while the
 * other had nothing to do. They read the tables, which the builds only block from writes.
 */
async function recountStatements(query: Query): Promise<string[]> {
  const functions = (await query(
    `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = current_schema() and p.proname like 'recount\\_counter\\_%' and p.pronargs = 0
     order by p.proname`,
  )) as { name: string }[];
  return functions.map((f) => `select ${f.name}()`);
}

/** Runs the statements, two at a time on PostgreSQL (one per core), one by one on PGlite. */
async function runAll(target: SeedTarget, query: Query, statements: readonly string[], progress: Progress) {
  let done = 0;
  if (target.kind === 'pglite') {
    for (const statement of statements) {
      await timedStep(progress, query, statement);
      progress.update(++done, statements.length);
    }
    return;
  }
  const queue = [...statements];
  const worker = async () => {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      await client.query(`set maintenance_work_mem = '512MB'`);
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        await timedStep(progress, (text) => client.query(text), next);
        progress.update(++done, statements.length);
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Runs one statement and reports it as a step of the phase, with its time. */
async function timedStep(
  progress: Progress,
  run: (text: string) => Promise<unknown>,
  statement: string,
  label = stepLabel(statement),
): Promise<void> {
  const began = performance.now();
  await run(statement);
  progress.step(label, (performance.now() - began) / 1000);
}

/** `CREATE INDEX name ON public.table USING btree (columns)` → `name (table)`, for the step lines. */
function stepLabel(statement: string): string {
  const index = /^create (?:unique )?index (\S+) on (?:public\.)?(\S+)/i.exec(statement);
  if (index) return `${index[1]} (${index[2]})`;
  const constraint = /^alter table (\S+) (?:add|validate) constraint "([^"]+)"/i.exec(statement);
  return constraint ? `${constraint[2]} (${constraint[1]})` : statement.slice(0, 80);
}
