/**
 * The back-office worklists' searches and filters count and page at most FILTER_COUNT_CAP matches
 * and say so (db/filter-count.ts, docs/scale.md "Scale 1000"): the applications worklist, by
 * applicant and by business name (one indexed string, migration 0035, filled here by its triggers
 * from plain inserts) and by a date filter, and the loans worklist, by search and by amount. Under the cap they count exactly,
 * and without a filter, or by status alone, they are never capped. (The users list: its own route
 * test.)
 */
import { FILTER_COUNT_CAP } from '@sente/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLoanType } from './lending-factories.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

const PEOPLE = FILTER_COUNT_CAP + 3;
/** Applicants 1–10 also trade under their own name: both arms of the search match them. */
const BOTH_ARMS = 10;

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.userWithToken('admin')).token;
  const type = await insertLoanType(t.services.db);
  const db = t.db.database.db;
  // 1,003 borrowers "Capname Person n", each with one application a minute apart (odd n PENDING),
  // and a loan for each, opened a minute apart, amount 1,000,000 + n × 1,000.
  await db.execute(sql`
    insert into users (name, email, username, role, password_hash, created_at)
    select 'Capname Person ' || n, 'capname' || n || '@test.sente.ug', 'capname' || n, 'borrower',
           'not-a-hash', '2025-01-01T08:00:00Z'::timestamptz + n * interval '1 minute'
    from generate_series(1, ${PEOPLE}) as n`);
  await db.execute(sql`
    insert into applications (user_id, loan_type_id, business_name, business_location, status,
      amount_requested, loan_term_months, loan_purpose, monthly_income, nin, created_at)
    select u.id, ${type.id},
           case when n <= ${BOTH_ARMS} then 'Capname Shop ' || n else 'Corner Shop ' || n end,
           'Kampala', (case when n % 2 = 1 then 'PENDING' else 'APPROVED' end)::application_status,
           1000000, 6, 'Stock', 2500000, 'CF' || lpad(n::text, 12, '0') || 'A',
           '2025-02-01T08:00:00Z'::timestamptz + n * interval '1 minute'
    from generate_series(1, ${PEOPLE}) as n
    join users u on u.username = 'capname' || n`);
  await db.execute(sql`
    insert into loans (loan_ref, user_id, application_id, loan_type_id, amount, interest_rate,
      interest_type, term_months, term_weeks, weekly_repayment, total_interest, total_payable,
      opening_date, closing_date)
    select 'SL-2025-' || lpad(n::text, 6, '0'), a.user_id, a.id, a.loan_type_id,
           1000000 + n * 1000, 2.80, 'FLAT', 6, 26, 45000, 168000, 1168000,
           '2025-03-01T08:00:00Z'::timestamptz + n * interval '1 minute', '2025-09-01'
    from generate_series(1, ${PEOPLE}) as n
    join users u on u.username = 'capname' || n
    join applications a on a.user_id = u.id`);
  // One trader with 1,003 businesses "Capbiz n": a search by business name names a single person.
  const solo = (await t.userWithToken('borrower', { name: 'Solo Trader' })).user;
  await db.execute(sql`
    insert into applications (user_id, loan_type_id, business_name, business_location,
      amount_requested, loan_term_months, loan_purpose, monthly_income, nin, created_at)
    select ${solo.id}, ${type.id}, 'Capbiz ' || n, 'Gulu', 1000000, 6, 'Stock', 2500000,
           'CM' || lpad(n::text, 12, '0') || 'B', '2025-04-01T08:00:00Z'::timestamptz + n * interval '1 minute'
    from generate_series(1, ${PEOPLE}) as n`);
});
afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    count: number;
    count_capped: boolean;
    next: string | null;
    results: { id: number; business_name?: string; loan_id?: string }[];
  };
}

async function applicationIdsNewestFirst(businessLike: string): Promise<number[]> {
  const { rows } = (await t.db.database.db.execute(
    sql`select id from applications where business_name like ${businessLike} order by created_at desc, id desc`,
  )) as unknown as { rows: { id: number }[] };
  return rows.map((row) => Number(row.id));
}

describe('a searched applications worklist', () => {
  it('counts 1,000 of a surname 1,003 applicants share, pages them newest first, and says it stopped', async () => {
    const newest = await applicationIdsNewestFirst('% Shop %');
    const first = await get('/api/loans/applications/?search=capname');
    expect(first).toMatchObject({ count: FILTER_COUNT_CAP, count_capped: true });
    expect(first.results.map((a) => a.id)).toEqual(newest.slice(0, 10));
    const last = await get('/api/loans/applications/?search=capname&page=100');
    expect(last.results.map((a) => a.id)).toEqual(newest.slice(990, 1000));
    expect(last.next).toBeNull();
    expect(await get('/api/loans/applications/?search=capname&page=101')).toMatchObject({
      count: FILTER_COUNT_CAP,
      count_capped: true,
      results: [],
    });
  });

  it('counts exactly under the cap, once each application both of whose arms match', async () => {
    // The 502 PENDING ones (odd n up to 1,003), five of them also by business name.
    expect(await get('/api/loans/applications/?search=capname&status=PENDING')).toMatchObject({
      count: 502,
      count_capped: false,
    });
  });

  it('caps a business name one trader uses 1,003 times', async () => {
    const newest = await applicationIdsNewestFirst('Capbiz %');
    const body = await get('/api/loans/applications/?search=capbiz');
    expect(body).toMatchObject({ count: FILTER_COUNT_CAP, count_capped: true });
    expect(body.results.map((a) => a.id)).toEqual(newest.slice(0, 10));
  });

  it('counts a narrower search exactly', async () => {
    // Capname Person 100 and 1000 to 1003.
    expect(await get('/api/loans/applications/?search=capname%20person%20100')).toMatchObject({
      count: 5,
      count_capped: false,
    });
  });

  it('caps a filter as it caps a search', async () => {
    // Submitted 1 February 2025 (Kampala) and the early hours of the 2nd: every Capname application.
    expect(
      await get('/api/loans/applications/?submitted_from=2025-02-01&submitted_to=2025-02-02'),
    ).toMatchObject({ count: FILTER_COUNT_CAP, count_capped: true });
  });

  it('never caps the list by status alone', async () => {
    const body = await get('/api/loans/applications/?status=PENDING');
    expect(body.count).toBeGreaterThan(FILTER_COUNT_CAP);
    expect(body.count_capped).toBe(false);
  });
});

describe('a searched loans worklist', () => {
  it('counts 1,000 loans of a shared surname, pages them newest first, and says it stopped', async () => {
    const first = await get('/api/loans/loans/?search=capname');
    expect(first).toMatchObject({ count: FILTER_COUNT_CAP, count_capped: true });
    expect(first.results.map((loan) => loan.loan_id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `SL-2025-${String(PEOPLE - i).padStart(6, '0')}`),
    );
    expect(await get('/api/loans/loans/?search=capname&page=101')).toMatchObject({ results: [], next: null });
  });

  it('counts exactly under the cap, with a filter', async () => {
    // Amounts 1,001,000 to 1,400,000: n from 1 to 400.
    expect(await get('/api/loans/loans/?search=capname&amount_min=1001000&amount_max=1400000')).toMatchObject(
      { count: 400, count_capped: false },
    );
  });

  it('caps a filter as it caps a search', async () => {
    expect(await get('/api/loans/loans/?amount_min=1000000&amount_max=3000000')).toMatchObject({
      count: FILTER_COUNT_CAP,
      count_capped: true,
    });
  });

  it('never caps the list without a filter', async () => {
    const body = await get('/api/loans/loans/');
    expect(body).toMatchObject({ count: PEOPLE, count_capped: false });
  });
});

/** How many rows of each list hold `word`, as the word counts keep them (migration 0045). */
async function wordHolders(word: string): Promise<Record<string, number>> {
  const { rows } = (await t.db.database.db.execute(
    sql`select list, holders from search_word_counts where word = ${word} and holders <> 0 order by list`,
  )) as unknown as { rows: { list: string; holders: number }[] };
  return Object.fromEntries(rows.map((row) => [row.list, Number(row.holders)]));
}

describe('a word more rows hold than the cap settles a search’s count (search_word_counts)', () => {
  const lists = ['/api/auth/admin/users/', '/api/loans/applications/', '/api/loans/loans/'];

  it('keeps, per list, how many rows hold each word, from plain inserts', async () => {
    expect(await wordHolders('capname')).toEqual({ applications: PEOPLE, loans: PEOPLE, users: PEOPLE });
    expect(await wordHolders('capbiz')).toEqual({ applications: PEOPLE });
    expect(await wordHolders('shop')).toEqual({ applications: PEOPLE });
  });

  it('answers a term inside a common word as past the cap, in every list', async () => {
    for (const list of lists) {
      expect(await get(`${list}?search=APNAM`)).toMatchObject({
        count: FILTER_COUNT_CAP,
        count_capped: true,
      });
    }
  });

  it('reads the words before it counts: a word said to be common settles a rare term', async () => {
    // Solo Trader alone is called "solo"; the word's count is raised by hand, then put back.
    const raise = (by: number) =>
      t.db.database.db.execute(
        sql`update search_word_counts set holders = holders + ${by} where list = 'users' and word = 'solo'`,
      );
    expect(await get('/api/auth/admin/users/?search=sol')).toMatchObject({ count: 1, count_capped: false });
    await raise(5000);
    try {
      expect(await get('/api/auth/admin/users/?search=sol')).toMatchObject({
        count: FILTER_COUNT_CAP,
        count_capped: true,
      });
      // A status filter counts other rows than the word counts do: it still counts.
      expect(await get('/api/auth/admin/users/?search=sol&status=Active')).toMatchObject({
        count: 1,
        count_capped: false,
      });
    } finally {
      await raise(-5000);
    }
  });

  it('follows renamed and closed accounts into every list, and counts exactly at the cap', async () => {
    const db = t.db.database.db;
    // Capname Person 11 and 12 trade as Corner Shop: renamed (name and email), neither they nor their applications
    // and loans (whose texts follow the person's) hold the word; 13 closes the account, which takes
    // it out of the users' search only.
    const rename = (from: string, to: string) =>
      db.execute(
        sql`update users set name = replace(name, ${from}, ${to}), email = replace(email, lower(${from}), lower(${to}))
             where username in ('capname11', 'capname12')`,
      );
    await rename('Capname', 'Renamed');
    await db.execute(sql`update users set deleted_at = now() where username = 'capname13'`);
    try {
      expect(await wordHolders('capname')).toEqual({
        applications: PEOPLE - 2,
        loans: PEOPLE - 2,
        users: PEOPLE - 3,
      });
      expect(await wordHolders('renamed')).toEqual({ applications: 2, loans: 2, users: 2 });
      // Exactly the cap hold the word: not past it, so the users are counted, exactly.
      expect(await get('/api/auth/admin/users/?search=capname')).toMatchObject({
        count: FILTER_COUNT_CAP,
        count_capped: false,
      });
      expect(await get('/api/loans/loans/?search=capname')).toMatchObject({
        count: FILTER_COUNT_CAP,
        count_capped: true,
      });
    } finally {
      await rename('Renamed', 'Capname');
      await db.execute(sql`update users set deleted_at = null where username = 'capname13'`);
    }
    expect(await wordHolders('capname')).toEqual({ applications: PEOPLE, loans: PEOPLE, users: PEOPLE });
    expect(await wordHolders('renamed')).toEqual({});
  });
});
