/**
 * How the loan statistics and lists behave at portfolio scale: 120,000 loans with 26 weekly
 * installments each (3.1 million rows) and a repayment history, on a fresh PostgreSQL database.
 * Run: npx tsx bench/loan-stats.bench.ts (needs the test PostgreSQL server).
 */
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { databaseUrl, withAdminClient } from '../test/postgres-server.ts';
import { testConfig } from '../test/test-app.ts';

const LOANS = Number(process.env.BENCH_LOANS ?? 120_000);
const name = `sente_bench_${Date.now()}`;

async function main() {
  await withAdminClient((c) => c.query(`create database ${name}`));
  const database = await openDatabase({
    database: { kind: 'postgres', url: databaseUrl(name), poolSize: 4 },
  });
  try {
    await runMigrations(database);
    // Loading millions of rows takes longer than the app's 30 s statement timeout: own connection.
    const loader = new pg.Client({ connectionString: databaseUrl(name) });
    await loader.connect();
    const db = { execute: (text: string) => loader.query(text) };
    const started = Date.now();
    await db.execute(`insert into users (name, email, username, password_hash, role)
      select 'Borrower ' || g, 'b' || g || '@bench.ug', 'b' || g, 'x', 'borrower' from generate_series(1, 20000) g`);
    await db.execute(
      `insert into users (name, email, username, password_hash, role) values ('Admin', 'admin@bench.ug', 'admin', 'x', 'admin')`,
    );
    await db.execute(`insert into loan_types (name, min_amount, max_amount, interest_rate, interest_type, appraisal_time)
      values ('Working Capital', 350000, 3000000, 2.80, 'FLAT', '24 hours')`);
    await db.execute(`insert into applications (user_id, loan_type_id, business_name, business_location, status,
        amount_requested, loan_term_months, loan_purpose, monthly_income, nin, created_at)
      select 1 + g % 20000, 1, 'Shop ' || g, 'Kampala', 'APPROVED', 1000000, 6, 'Stock', 2500000, 'CM12345678901A',
        timestamptz '2024-01-01' + (g % 540) * interval '1 day'
      from generate_series(1, ${String(LOANS)}) g`);
    await db.execute(`insert into loans (loan_ref, user_id, application_id, loan_type_id, amount, interest_rate,
        interest_type, term_months, term_weeks, weekly_repayment, total_interest, total_payable, total_payments,
        principal_paid, interest_paid, status, opening_date, closing_date, oldest_unpaid_due_date)
      select 'SL-2025-' || lpad(a.id::text, 6, '0'), a.user_id, a.id, 1, 1000000, 2.80, 'FLAT', 6, 26, 44923, 168000,
        1168000, 0, 0, 0, 'ACTIVE', a.created_at, (a.created_at + interval '26 weeks')::date,
        (a.created_at + interval '1 week')::date
      from applications a`);
    await db.execute(
      `update applications a set approved_loan_id = l.id from loans l where l.application_id = a.id`,
    );
    await db.execute(`insert into loan_installments (loan_id, number, due_date, principal_due, interest_due)
      select l.id, n, (l.opening_date + n * interval '1 week')::date,
        case when n = 26 then 38475 else 38461 end, case when n = 26 then 6450 else 6462 end
      from loans l, generate_series(1, 26) n`);
    // Every loan has paid its first k installments, k spread 0..26, paid a day early.
    await db.execute(`with paid as (select id, opening_date, (id * 7) % 27 as k from loans)
      update loan_installments i set principal_paid = principal_due, interest_paid = interest_due
      from paid where i.loan_id = paid.id and i.number <= paid.k`);
    await db.execute(`insert into loan_repayments (loan_id, amount, principal, interest, paid_at, payment_mode,
        remaining_balance_after, days_late_at_payment)
      select i.loan_id, i.principal_due + i.interest_due, i.principal_due, i.interest_due,
        i.due_date - interval '1 day', 'MTN Mobile Money', 0, 0
      from loan_installments i where i.principal_paid = i.principal_due`);
    await db.execute(`update loans l set total_payments = s.paid, principal_paid = s.p, interest_paid = s.i,
        oldest_unpaid_due_date = s.oldest, repayment_count = s.n
      from (select loan_id, sum(principal_paid + interest_paid) paid, sum(principal_paid) p, sum(interest_paid) i,
              count(*) filter (where principal_paid = principal_due)::int n,
              min(due_date) filter (where principal_paid < principal_due) oldest
            from loan_installments group by loan_id) s where s.loan_id = l.id`);
    await db.execute(`analyze`);
    await loader.end();
    console.log(`data: ${String(LOANS)} loans in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const clock = fixedClock(new Date('2025-06-16T09:00:00Z'));
    const { app, services } = await buildApp({ config: testConfig(), database, clock, logger: false });
    const tick = Date.now();
    const changes = await services.loans.refreshStatuses();
    console.log(`status job, first run: ${changes.length} changes in ${Date.now() - tick} ms`);
    const again = Date.now();
    await services.loans.refreshStatuses();
    console.log(`status job, next tick: ${Date.now() - again} ms`);
    const token = await services.accessTokens.sign({ userId: 20001, role: 'admin' }, clock.now());
    for (const url of [
      '/api/loans/loans/statistics/?include_outstanding=true',
      '/api/loans/admin/loan-stats/',
      '/api/loans/repayment-statistics/',
      '/api/loans/loans/?page=50&page_size=100&include_balance=true',
      '/api/loans/overdue-payments/?page=3&page_size=50',
      '/api/loans/transactions/?page=2&page_size=50',
      '/api/loans/transactions/?loan=500',
      '/api/loans/user/77/statistics/',
      '/api/loans/applications/?page=20&page_size=50&status=APPROVED',
      '/api/loans/applications/statistics/',
    ]) {
      await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const t0 = performance.now();
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      console.log(`${String(Math.round(performance.now() - t0)).padStart(5)} ms  ${res.statusCode}  ${url}`);
    }
    await app.close();
  } finally {
    await database.close();
    if (process.env.BENCH_KEEP) console.log(`kept database ${name}`);
    else await withAdminClient((c) => c.query(`drop database if exists ${name} with (force)`));
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
