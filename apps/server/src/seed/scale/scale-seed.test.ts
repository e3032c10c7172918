import { addDays, daysBetween, kampalaDate, startOfKampalaDate } from '@sente/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../../test/test-db.ts';
import { arrearsDays, dateOf, dayOf, isoInstant, startOfDay } from './calendar.ts';
import { silentProgress } from './progress.ts';
import { NotEmptyError, type ScaleSeedReport, seedAtScale } from './scale-seed.ts';

const TODAY = '2026-06-15';
const options = {
  scale: 0.2,
  seed: 42,
  today: TODAY,
  password: 'scale-test-password',
  progress: silentProgress,
};

/** A digest of the columns that do not depend on randomness outside the seed (password salts). */
const DIGEST_SQL = `select
  (select md5(string_agg(concat_ws('|', id, name, email, phone_number, role, status, created_at, deleted_at), ',' order by id)) from users) as users,
  (select md5(string_agg(concat_ws('|', id, user_id, status, amount_requested, created_at, approved_loan_id), ',' order by id)) from applications) as applications,
  (select md5(string_agg(concat_ws('|', id, loan_ref, amount, status, total_payments, oldest_unpaid_due_date), ',' order by id)) from loans) as loans,
  (select md5(string_agg(concat_ws('|', id, loan_id, amount, principal, paid_at), ',' order by id)) from loan_repayments) as repayments`;

async function rows<T>(client: pg.Client, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

describe('seed --scale', () => {
  let first: PostgresTestDatabase;
  let client: pg.Client;
  let report: ScaleSeedReport;

  beforeAll(async () => {
    first = await createPostgresDatabase();
    report = await seedAtScale({ kind: 'postgres', url: first.url }, options);
    client = new pg.Client({ connectionString: first.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await first?.drop();
  });

  it('creates about 1,000 users per unit of scale, with applications, loans and their histories', async () => {
    const [n] = await rows<Record<string, number>>(
      client,
      `select (select count(*) from users)::int as users, (select count(*) from applications)::int as applications,
              (select count(*) from loans)::int as loans, (select count(*) from loan_repayments)::int as repayments`,
    );
    expect(n?.users).toBe(200);
    expect(n?.applications).toBeGreaterThan(350);
    expect(n?.applications).toBeLessThan(700);
    expect(n?.loans).toBeGreaterThan(160);
    expect(n?.loans).toBeLessThan(330);
    expect(n?.repayments).toBeGreaterThan(1_000);
    expect(report.rows.users).toBe(200);
  });

  it('writes Ugandan mobile numbers as +2567XXXXXXXX', async () => {
    const [bad] = await rows<{ n: number }>(
      client,
      `select count(*)::int as n from users where phone_number is not null and phone_number !~ '^\\+2567[0-9]{8}$'`,
    );
    expect(bad?.n).toBe(0);
  });

  it('has every application, loan and account status in the data', async () => {
    const loanStatuses = await rows<{ status: string }>(
      client,
      'select distinct status::text as status from loans order by 1',
    );
    expect(loanStatuses.map((r) => r.status)).toEqual(['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID'].sort());
    const applicationStatuses = await rows<{ status: string }>(
      client,
      'select distinct status::text as status from applications order by 1',
    );
    expect(applicationStatuses.map((r) => r.status)).toEqual(['APPROVED', 'PENDING', 'REJECTED']);
    const roles = await rows<{ role: string }>(
      client,
      'select distinct role::text as role from users order by 1',
    );
    expect(roles.map((r) => r.role)).toEqual(['admin', 'borrower', 'lender']);
  });

  it('makes each loan from an approved application of the same borrower, linked both ways', async () => {
    const [bad] = await rows<{ n: number }>(
      client,
      `select count(*)::int as n from loans l join applications a on a.id = l.application_id
       where a.status <> 'APPROVED' or a.approved_loan_id <> l.id or a.user_id <> l.user_id or a.amount_requested <> l.amount`,
    );
    expect(bad?.n).toBe(0);
    const [orphans] = await rows<{ n: number }>(
      client,
      `select count(*)::int as n from applications a where a.approved_loan_id is not null
       and not exists (select 1 from loans l where l.id = a.approved_loan_id)`,
    );
    expect(orphans?.n).toBe(0);
  });

  it('copies each borrower’s search text onto their applications and loans, as the triggers would', async () => {
    const [copies] = await rows<{ n: number; wrong: number }>(
      client,
      `select count(*)::int as n, count(*) filter (where x.copy is distinct from u.search_text)::int as wrong
       from (select user_id, borrower_search_text as copy from applications
             union all select user_id, borrower_search_text from loans
             union all select l.user_id, s.search_text from loans l left join loan_search_texts s on s.loan_id = l.id) x
       join users u on u.id = x.user_id`,
    );
    expect(copies?.n).toBeGreaterThan(500);
    expect(copies?.wrong).toBe(0);
    const [texts] = await rows<{ n: number; wrong: number }>(
      client,
      `select count(*)::int as n,
              count(*) filter (where s.search_text is distinct from a.search_text || chr(31) || a.borrower_search_text)::int as wrong
         from applications a left join application_search_texts s on s.application_id = a.id`,
    );
    expect(texts?.n).toBeGreaterThan(500);
    expect(texts?.wrong).toBe(0);
  });

  it('keeps schedules, repayments and the loans’ running totals in agreement', async () => {
    const [bad] = await rows<{ n: number }>(
      client,
      `with s as (select loan_id, sum(principal_due + interest_due) payable, sum(principal_paid) p, sum(interest_paid) i,
                         count(*) weeks, min(due_date) filter (where principal_paid < principal_due or interest_paid < interest_due) oldest
                  from loan_installments group by loan_id),
            r as (select loan_id, sum(amount) amount, sum(principal) p, sum(interest) i, count(*) n from loan_repayments group by loan_id)
       select count(*)::int as n from loans l join s on s.loan_id = l.id left join r on r.loan_id = l.id
       where s.payable <> l.total_payable or s.weeks <> l.term_weeks
          or l.principal_paid <> s.p or l.interest_paid <> s.i
          or l.principal_paid <> coalesce(r.p, 0) or l.interest_paid <> coalesce(r.i, 0)
          or l.total_payments <> coalesce(r.amount, 0) or l.repayment_count <> coalesce(r.n, 0)
          or l.oldest_unpaid_due_date is distinct from s.oldest`,
    );
    expect(bad?.n).toBe(0);
    const [last] = await rows<{ n: number }>(
      client,
      `select count(*)::int as n from loan_repayments r join loans l on l.id = r.loan_id
       where r.id = (select max(id) from loan_repayments x where x.loan_id = l.id)
         and r.remaining_balance_after <> l.total_payable - l.total_payments`,
    );
    expect(last?.n).toBe(0);
  });

  it('gives every loan the status its arrears call for on the seed’s today', async () => {
    const [bad] = await rows<{ n: number }>(
      client,
      `select count(*)::int as n from loans l,
         lateral (select greatest(0, date '${TODAY}' - l.oldest_unpaid_due_date) as days) a
       where l.status <> case when l.total_payments = l.total_payable then 'FULLY_PAID'
                              when coalesce(a.days, 0) >= 90 then 'DEFAULT'
                              when coalesce(a.days, 0) >= 1 then 'OVERDUE'
                              else 'ACTIVE' end::loan_status`,
    );
    expect(bad?.n).toBe(0);
    const [history] = await rows<{ n: number }>(
      client,
      `select count(*)::int as n from loans l where l.status <> (select h.to_status from loan_status_history h
         where h.loan_id = l.id order by h.changed_at desc, h.id desc limit 1)`,
    );
    expect(history?.n).toBe(0);
  });

  it('puts nothing after the seed’s today', async () => {
    const [late] = await rows<{ n: number }>(
      client,
      `select (select count(*) from users where created_at > date '${TODAY}' + 1)
            + (select count(*) from applications where created_at > date '${TODAY}' + 1)
            + (select count(*) from loan_repayments where paid_at > date '${TODAY}' + 1) as n`,
    );
    expect(Number(late?.n)).toBe(0);
  });

  it('loads its rows frozen, so nothing is left for VACUUM to freeze or mark visible', async () => {
    await client.query('create extension if not exists pg_visibility');
    const tables = ['ledger_entries', 'ledger_postings', 'loan_installments', 'loan_repayments', 'users'];
    for (const table of tables) {
      const [map] = await rows<{ pages: number; frozen: number }>(
        client,
        `select (select relpages from pg_class where oid = '${table}'::regclass)::int as pages,
                (select all_frozen from pg_visibility_map_summary('${table}'))::int as frozen`,
      );
      expect(map?.pages, table).toBeGreaterThan(0);
      expect(map?.frozen, table).toBe(map?.pages);
    }
  });

  it('puts back every index and constraint the migrations made, its foreign keys validated, and analyzes every table', async () => {
    const definitions = `select 'c' as kind, conname as name, convalidated::text || ' ' || pg_get_constraintdef(oid) as definition
        from pg_constraint where connamespace = 'public'::regnamespace
      union all
      select 'i', indexname, indexdef from pg_indexes where schemaname = 'public'
      order by 1, 2`;
    const migrated = await createPostgresDatabase();
    const fresh = new pg.Client({ connectionString: migrated.url });
    await fresh.connect();
    try {
      const expected = await rows<{ kind: string; name: string; definition: string }>(fresh, definitions);
      expect(expected.filter((d) => d.definition.startsWith('true FOREIGN KEY')).length).toBeGreaterThan(20);
      expect(await rows(client, definitions)).toEqual(expected);
    } finally {
      await fresh.end();
      await migrated.drop();
    }
    const unanalyzed = await rows<{ relname: string }>(
      client,
      `select relname from pg_stat_user_tables where schemaname = 'public' and (last_vacuum is null or last_analyze is null)`,
    );
    expect(unanalyzed).toEqual([]);
  });

  it('refuses a database that already has data', async () => {
    await expect(seedAtScale({ kind: 'postgres', url: first.url }, options)).rejects.toBeInstanceOf(
      NotEmptyError,
    );
  });

  it('makes the same data from the same seed, and different data from another', async () => {
    const again = await createPostgresDatabase();
    const other = await createPostgresDatabase();
    try {
      await seedAtScale({ kind: 'postgres', url: again.url }, options);
      await seedAtScale({ kind: 'postgres', url: other.url }, { ...options, seed: 43 });
      const digest = async (url: string) => {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        try {
          return (await c.query(DIGEST_SQL)).rows[0];
        } finally {
          await c.end();
        }
      };
      const [a, b, c] = await Promise.all([digest(first.url), digest(again.url), digest(other.url)]);
      expect(b).toEqual(a);
      expect(c?.loans).not.toBe(a?.loans);
    } finally {
      await again.drop();
      await other.drop();
    }
  }, 120_000);
});

describe('seed --scale in the minutes after Kampala midnight', () => {
  it('leaves a loan due yesterday ACTIVE until the day’s first status run at 00:05, as the status job would', async () => {
    const day = '2026-06-16';
    const database = await createPostgresDatabase();
    // Only Date is faked: the seed's "now" is the clock's, 00:02 in Kampala (21:02 UTC the day before).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-06-15T21:02:00Z') });
    try {
      await seedAtScale({ kind: 'postgres', url: database.url }, { ...options, today: day });
    } finally {
      vi.useRealTimers();
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const [loans] = await rows<{ dueYesterday: number; overdue: number }>(
        client,
        `select count(*) filter (where oldest_unpaid_due_date = date '${day}' - 1)::int as "dueYesterday",
                count(*) filter (where oldest_unpaid_due_date = date '${day}' - 1 and status <> 'ACTIVE')::int as overdue
           from loans`,
      );
      expect(loans?.dueYesterday).toBeGreaterThan(0);
      expect(loans?.overdue).toBe(0);
    } finally {
      await client.end();
      await database.drop();
    }
  }, 120_000);
});

describe('the seed’s day arithmetic', () => {
  it('agrees with the lending feature’s Kampala calendar', () => {
    const start = Date.parse('2023-01-01T00:00:00Z');
    for (let ms = start; ms < start + 900 * 86_400_000; ms += 7_777_777) {
      const day = dayOf(ms);
      expect(dateOf(day)).toBe(kampalaDate(new Date(ms)));
      expect(startOfDay(day)).toBe(startOfKampalaDate(dateOf(day)).getTime());
      expect(dateOf(day + 45)).toBe(addDays(dateOf(day), 45));
      expect(arrearsDays(day, day + 12)).toBe(daysBetween(dateOf(day), dateOf(day + 12)));
    }
  });

  it('writes instants as toISOString does, to the millisecond', () => {
    const start = Date.parse('2023-01-01T00:00:00Z');
    const instants = [0, start, start - 1, start + 86_399_999, Date.parse('2026-12-31T23:59:59.999Z')];
    for (let ms = start; ms < start + 1_200 * 86_400_000; ms += 3_333_333.7) instants.push(ms);
    for (const ms of instants) expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
  });
});
