// Times the money reads at scale: 1,000,000 platform transactions and 2,000,000 ledger entries in a
// scratch PostgreSQL database (dropped afterwards). Run: npx tsx bench/money-at-scale.ts [transactions]
// Bulk rows are written with SQL (triggers off), then the running balances and totals are rebuilt
// from them, so the data obeys the same invariants as data written by the services.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createServices } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrl, withAdminClient } from '../test/postgres-server.ts';
import { testConfig } from '../test/test-app.ts';

const args = process.argv.slice(2);
const reuse = args.includes('--reuse') ? args[args.indexOf('--reuse') + 1] : undefined;
const transactions = Number(args.find((arg) => /^\d+$/.test(arg)) ?? 1_000_000);
const name = reuse ?? `sente_bench_${randomBytes(4).toString('hex')}`;
if (!reuse) await withAdminClient((client) => client.query(`create database ${name}`));
const url = databaseUrl(name);
const database = await openDatabase({ database: { kind: 'postgres', url, poolSize: 4 } });

async function timed<T>(label: string, work: () => Promise<T>, runs = 5): Promise<T> {
  let result: T | undefined;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await work();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  process.stdout.write(`${label.padEnd(58)} median ${times[Math.floor(runs / 2)]?.toFixed(1)} ms\n`);
  return result as T;
}

try {
  const db = database.db;
  const started = performance.now();
  if (!reuse) await build();
  async function build() {
    await runMigrations(database);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`
      insert into users (name, email, username, phone_number, role, password_hash, created_at)
      select 'Bench User ' || g, 'bench' || g || '@example.ug', 'bench' || g,
             '+25677' || lpad(g::text, 7, '0'), (array['borrower','lender'])[1 + g % 2]::user_role, 'x',
             now() - (g || ' hours')::interval
      from generate_series(1, 5000) g`);
      await tx.execute(sql`
      insert into platform_transactions (reference_id, request_key, user_id, type, direction, amount, status,
        provider, phone_number, provider_reference, description, category, created_at, updated_at, completed_at)
      select gen_random_uuid()::text, 'bench:' || g, u.id,
             t.type, case when t.type in ('DEPOSIT','DISBURSEMENT') then 'CREDIT' else 'DEBIT' end::transaction_direction,
             10000 + (g::bigint * 7919) % 4990000,
             (case when g % 50 = 0 then 'FAILED' when g % 97 = 0 then 'PROCESSING' else 'COMPLETED' end)::transaction_status,
             'mtn', '+256772000000', (1000000000 + g)::text, t.type || ' bench', 'WALLET',
             now() - ((g % 730) || ' days')::interval - ((g % 86400) || ' seconds')::interval,
             now(), now() - ((g % 730) || ' days')::interval
      from generate_series(1, ${transactions}) g
      cross join lateral (select (array['DISBURSEMENT','WITHDRAWAL','REPAYMENT','DEPOSIT'])[1 + g % 4]::transaction_type as type) t
      join users u on u.id = 1 + g % 5000`);
      // One two-line posting per completed transaction: about 2,000,000 entries for 1,000,000 transactions.
      await tx.execute(sql`
      insert into ledger_postings (idempotency_key, kind, memo, platform_transaction_id, created_at)
      select 'bench:' || p.id, p.type::text, 'bench', p.id, p.completed_at
      from platform_transactions p where p.status = 'COMPLETED'`);
      await tx.execute(sql`
      insert into ledger_entries (posting_id, account_id, amount, created_at)
      select lp.id, a.id, case when s.side = 1 then p.amount else -p.amount end, lp.created_at
      from ledger_postings lp join platform_transactions p on p.id = lp.platform_transaction_id
      cross join (values (1), (2)) s(side)
      join ledger_accounts a on a.code = case
        when p.type = 'DISBURSEMENT' then (case when s.side = 1 then 'LOANS_RECEIVABLE' else 'PLATFORM_WALLET' end)
        when p.type = 'REPAYMENT' then (case when s.side = 1 then 'PLATFORM_WALLET' else 'LOANS_RECEIVABLE' end)
        when p.type = 'DEPOSIT' then (case when s.side = 1 then 'PLATFORM_WALLET' else 'PLATFORM_CAPITAL' end)
        else (case when s.side = 1 then 'PLATFORM_CAPITAL' else 'PLATFORM_WALLET' end) end`);
      await tx.execute(sql`
      update ledger_accounts a set balance = s.total
      from (select account_id, sum(amount) total from ledger_entries group by account_id) s where s.account_id = a.id`);
      await tx.execute(sql`
      insert into ledger_daily_totals (kind, day, amount, postings)
      select p.kind, (e.created_at at time zone 'Africa/Kampala')::date, sum(e.amount), count(distinct p.id)
      from ledger_entries e join ledger_postings p on p.id = e.posting_id where e.amount > 0
      group by 1, 2`);
      await tx.execute(sql`
      update platform_transaction_totals t set count = s.n, amount = s.total
      from (select type, status, count(*) n, sum(amount) total from platform_transactions group by 1, 2) s
      where s.type = t.type and s.status = t.status`);
    });
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`analyze`);
    });
  }
  const [counts] = (
    (await db.execute(
      sql`select (select count(*) from platform_transactions) as t, (select count(*) from ledger_entries) as e`,
    )) as unknown as {
      rows: { t: string; e: string }[];
    }
  ).rows;
  process.stdout.write(
    `built ${counts?.t} transactions and ${counts?.e} entries in ${((performance.now() - started) / 1000).toFixed(0)} s\n\n`,
  );

  const services = createServices({
    config: testConfig({ database: { kind: 'postgres', url, poolSize: 4 } }),
    database,
  });
  const page = { page: 1, pageSize: 20, ordering: '-created_at' as const };
  await timed('financial stats (balance + daily totals)', () => services.moneyReports.financialStats());
  await timed('all transactions, page 1 + summary', () => services.moneyReports.page({}, page));
  await timed('all transactions, page 1000 + summary', () =>
    services.moneyReports.page({}, { ...page, page: 1000 }),
  );
  await timed('status=FAILED, page 1 + summary', () =>
    services.moneyReports.page({ status: 'FAILED' }, page),
  );
  await timed('type=REPAYMENT ordered by -amount', () =>
    services.moneyReports.page({ type: 'REPAYMENT' }, { ...page, ordering: '-amount' }),
  );
  await timed('search by user name ("bench user 4242")', () =>
    services.moneyReports.page({ search: 'bench user 4242' }, page),
  );
  const [one] = await services.moneyReports.page({}, { ...page, pageSize: 1 }).then((r) => r.rows);
  await timed('search by the last 8 characters of a reference', () =>
    services.moneyReports.page({ search: one?.referenceId.slice(-8) ?? 'x' }, page),
  );
  await timed('search by type name ("withdraw") + summary', () =>
    services.moneyReports.page({ search: 'withdraw' }, page),
  );
  await timed("one user's transactions (page of 50)", () =>
    services.moneyReports.page({ userId: 42 }, { ...page, pageSize: 50 }),
  );
  await timed("one user's wallet summary", () => services.wallet.summary(42));
  await services.paymentProviders.close();
} finally {
  await database.close();
  if (!args.includes('--keep') && !reuse) {
    await withAdminClient((client) => client.query(`drop database if exists "${name}" with (force)`));
  }
}
