import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applications } from '../../db/schema/index.ts';
import { listWorklist } from './application-worklist.repo.ts';

/**
 * The applications worklist (docs/back-office.md, Applications): search, filters and sorts on the
 * server, over a hand-made set of applications whose answers are known.
 */
let t: TestApp;
let admin: { id: number; token: string };
const ids: Record<string, number> = {};

const day = (date: string, time = '10:00:00') => new Date(`${date}T${time}+03:00`);

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.userWithToken('admin');
  admin = { id: a.user.id, token: a.token };
  const type = await insertLoanType(t.services.db);
  const nakato = (await t.userWithToken('borrower', { name: 'Nakato Sarah' })).user;
  const okello = (await t.userWithToken('borrower', { name: 'Okello John' })).user;
  const akello = (await t.userWithToken('borrower', { name: 'Akello Grace' })).user;
  const rows = [
    // name, owner, business, amount, months, score, status, submitted (Kampala), nin
    [
      'fresh',
      nakato.id,
      'Nakato Fresh Produce',
      1_000_000,
      6,
      80,
      'PENDING',
      day('2026-03-01'),
      'CF11111111111A',
    ],
    [
      'hardware',
      okello.id,
      'Okello Hardware',
      2_500_000,
      12,
      55,
      'APPROVED',
      day('2026-03-05'),
      'CM22222222222B',
    ],
    [
      'salon',
      akello.id,
      'Akello Beauty Salon',
      600_000,
      3,
      null,
      'REJECTED',
      day('2026-03-10'),
      'CF33333333333C',
    ],
    // Just before midnight in Kampala on 10 March, which is 20:59 UTC that day.
    [
      'late',
      nakato.id,
      'Zawadi Tailoring',
      1_800_000,
      9,
      30,
      'APPROVED',
      day('2026-03-10', '23:59:00'),
      'CF44444444444D',
    ],
  ] as const;
  for (const [name, userId, businessName, amount, months, score, status, createdAt, nin] of rows) {
    const row = await insertApplication(t.services.db, {
      userId,
      loanTypeId: type.id,
      businessName,
      amountRequested: amount,
      loanTermMonths: months,
      creditScore: score,
      status,
      createdAt,
      nin,
    });
    ids[name] = row.id;
  }
});
afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  return t.app.inject({ url: `/api/loans/applications/?${query}`, headers: bearer(admin.token) });
}

async function listedIds(query: string): Promise<number[]> {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { results: { id: number }[] }).results.map((row) => row.id);
}

describe('GET /api/loans/applications/ search', () => {
  it('finds applications by the applicant’s name, any case', async () => {
    expect(await listedIds('search=nakato')).toEqual([ids.late, ids.fresh]);
  });

  it('finds an application by its business name', async () => {
    expect(await listedIds('search=Beauty%20Salon')).toEqual([ids.salon]);
  });

  it('finds an application by its NIN', async () => {
    expect(await listedIds('search=cm22222222222b')).toEqual([ids.hardware]);
  });

  it('finds an application by its whole NIN typed in groups with spaces (matched exactly, not as text)', async () => {
    const res = await list(`search=${encodeURIComponent(' cm222 2222 2222b ')}`);
    expect(res.json()).toMatchObject({ count: 1, count_capped: false, results: [{ id: ids.hardware }] });
  });

  it('finds applications by part of a NIN', async () => {
    expect(await listedIds('search=2222222')).toEqual([ids.hardware]);
  });

  it('reads a search’s pages alike, walking the applications or collecting the matches', async () => {
    // Two matches: a page of ten collects them through the search texts' index, a page of one walks
    // the applications, testing the texts in each row (walksForPage).
    const pageOfOne = async (page: number) =>
      (await list(`search=nakato&page_size=1&page=${page}`)).json() as {
        count: number;
        results: { id: number }[];
      };
    const [first, second] = [await pageOfOne(1), await pageOfOne(2)];
    expect([first.count, second.count]).toEqual([2, 2]);
    expect([...first.results, ...second.results].map((row) => row.id)).toEqual([ids.late, ids.fresh]);
  });

  it('counts only what it found and combines with the status filter', async () => {
    const res = await list('search=nakato&status=APPROVED');
    expect(res.json()).toMatchObject({ count: 1, results: [{ id: ids.late }] });
  });

  it('treats LIKE wildcards in the search as text', async () => {
    expect(await listedIds('search=%25')).toEqual([]);
  });

  it('finds an application by the applicant’s name as an admin changed it, not the old one', async () => {
    const [salon] = await t.services.db
      .select()
      .from(applications)
      .where(eq(applications.id, ids.salon ?? 0));
    const applicantId = salon?.userId ?? 0;
    await t.services.userAdmin.updateUser(admin.id, applicantId, { name: 'Namuli Grace' });
    try {
      expect(await listedIds('search=namuli')).toEqual([ids.salon]);
      // A page of one walks the applications (walksForPage): the copy in the row followed too.
      expect(await listedIds('search=namuli&page_size=1')).toEqual([ids.salon]);
      expect(await listedIds('search=akello%20grace')).toEqual([]);
    } finally {
      await t.services.userAdmin.updateUser(admin.id, applicantId, { name: 'Akello Grace' });
    }
    expect(await listedIds('search=akello%20grace')).toEqual([ids.salon]);
  });
});

describe('GET /api/loans/applications/ filters', () => {
  it('keeps the applications submitted within the Kampala days asked, both ends included', async () => {
    expect(await listedIds('submitted_from=2026-03-05&submitted_to=2026-03-10')).toEqual([
      ids.late,
      ids.salon,
      ids.hardware,
    ]);
    expect(await listedIds('submitted_to=2026-03-04')).toEqual([ids.fresh]);
    expect(await listedIds('submitted_from=2026-03-11')).toEqual([]);
  });

  it('keeps the amounts within the range, both ends included', async () => {
    expect(await listedIds('amount_min=1000000&amount_max=1800000&ordering=amount_requested')).toEqual([
      ids.fresh,
      ids.late,
    ]);
  });

  it('keeps the credit scores within the range, leaving unscored applications out', async () => {
    expect(await listedIds('score_min=50&ordering=-credit_score')).toEqual([ids.fresh, ids.hardware]);
    expect(await listedIds('score_max=40')).toEqual([ids.late]);
  });

  it('lists approved applications with no loan as awaiting disbursement', async () => {
    expect(await listedIds('awaiting_disbursement=true&ordering=created_at')).toEqual([
      ids.hardware,
      ids.late,
    ]);
  });

  it('counts a filter and pages it, the count and the page read in one statement', async () => {
    const page = async (n: number) =>
      (await list(`submitted_from=2026-03-01&page_size=2&page=${n}`)).json() as {
        count: number;
        count_capped: boolean;
        results: { id: number }[];
      };
    const [first, second] = [await page(1), await page(2)];
    expect([first.count, second.count, first.count_capped]).toEqual([4, 4, false]);
    expect(first.results.map((row) => row.id)).toEqual([ids.late, ids.salon]);
    expect(second.results.map((row) => row.id)).toEqual([ids.hardware, ids.fresh]);
  });

  it('reads no search text out of the database for a page, filtered, searched or not', async () => {
    const filters = [{}, { amountMin: 1 }, { searchPattern: '%nakato%' }];
    for (const filter of filters) {
      const { rows } = await listWorklist(t.services.db, filter, {
        ordering: '-created_at',
        limit: 10,
        offset: 0,
      });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.application).not.toHaveProperty('searchText');
        expect(row.application).not.toHaveProperty('borrowerSearchText');
        expect(row.application).toHaveProperty('businessName');
      }
    }
  });

  it('ignores empty filter fields, as a cleared form sends them', async () => {
    expect(await listedIds('search=&submitted_from=&amount_min=&score_max=')).toHaveLength(4);
  });

  it.each([
    ['an impossible date', 'submitted_from=2026-02-30', 'submitted_from'],
    ['a date in another format', 'submitted_to=10/03/2026', 'submitted_to'],
    [
      'a range that ends before it starts',
      'submitted_from=2026-03-10&submitted_to=2026-03-01',
      'submitted_to',
    ],
    ['a fraction of a shilling', 'amount_min=1000.5', 'amount_min'],
    ['an amount range upside down', 'amount_min=2000000&amount_max=1000', 'amount_max'],
    ['a score above 100', 'score_max=101', 'score_max'],
    ['a score range upside down', 'score_min=60&score_max=50', 'score_max'],
    [
      'awaiting disbursement with another status',
      'awaiting_disbursement=true&status=PENDING',
      'awaiting_disbursement',
    ],
    ['a search longer than 100 characters', `search=${'a'.repeat(101)}`, 'search'],
  ])('answers 400 naming the field for %s', async (_, query, field) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details ?? {})).toContain(`querystring.${field}`);
  });
});

describe('GET /api/loans/applications/ sorts', () => {
  it.each([
    ['created_at', ['fresh', 'hardware', 'salon', 'late']],
    ['-created_at', ['late', 'salon', 'hardware', 'fresh']],
    ['amount_requested', ['salon', 'fresh', 'late', 'hardware']],
    ['-amount_requested', ['hardware', 'late', 'fresh', 'salon']],
    ['business_name', ['salon', 'fresh', 'hardware', 'late']],
    ['-business_name', ['late', 'hardware', 'fresh', 'salon']],
    ['loan_term', ['salon', 'fresh', 'late', 'hardware']],
    ['-loan_term', ['hardware', 'late', 'fresh', 'salon']],
    // Unscored applications go last in both directions.
    ['credit_score', ['late', 'hardware', 'fresh', 'salon']],
    ['-credit_score', ['fresh', 'hardware', 'late', 'salon']],
  ])('orders by %s', async (ordering, expected) => {
    expect(await listedIds(`ordering=${ordering}`)).toEqual(expected.map((name) => ids[name]));
    // The same order when a filter takes the other path through the server.
    expect(await listedIds(`ordering=${ordering}&amount_min=1`)).toEqual(expected.map((name) => ids[name]));
  });

  it('answers 400 for a sort key it does not offer', async () => {
    for (const ordering of ['nin', '-user_name', 'created_at;drop table users', '--created_at']) {
      const res = await list(`ordering=${encodeURIComponent(ordering)}`);
      expect(res.statusCode, ordering).toBe(400);
      expect(res.json().details).toHaveProperty(['querystring.ordering']);
    }
  });
});

describe('the worklist and who may use it', () => {
  it('refuses a borrower', async () => {
    const borrower = await t.userWithToken('borrower');
    const res = await t.app.inject({
      url: '/api/loans/applications/?search=nakato',
      headers: bearer(borrower.token),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /api/loans/applications/export/', () => {
  async function exported(query: string) {
    return t.app.inject({ url: `/api/loans/applications/export/?${query}`, headers: bearer(admin.token) });
  }
  /** One CSV line's cells: quoted ones may hold commas ("Owino Market, Kampala") and "" for a quote. */
  function cells(line: string): string[] {
    return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
      m[1] !== undefined ? m[1].replaceAll('""', '"') : (m[2] ?? ''),
    );
  }
  /** The CSV's rows as header-keyed records. */
  function records(body: string): Record<string, string>[] {
    const [header = '', ...lines] = body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const names = cells(header);
    return lines.map((line) => Object.fromEntries(cells(line).map((cell, i) => [names[i], cell])));
  }

  it('holds every application, newest first, amounts as plain shillings and times ISO, without the NIN', async () => {
    const res = await exported('');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="applications-all.csv"');
    const rows = records(res.body);
    expect(rows.map((row) => Number(row.id))).toEqual([ids.late, ids.salon, ids.hardware, ids.fresh]);
    expect(rows[0]).toMatchObject({
      applicant: 'Nakato Sarah',
      business_name: 'Zawadi Tailoring',
      amount_requested: '1800000',
      status: 'APPROVED',
      business_location: 'Owino Market, Kampala',
      submitted_at: '2026-03-10T20:59:00.000Z',
    });
    expect(res.body).not.toContain('CF44444444444D');
  });

  it('keeps the worklist filters and the submission date range', async () => {
    const rows = records((await exported('from=2026-03-05&to=2026-03-10&search=nakato')).body);
    expect(rows.map((row) => Number(row.id))).toEqual([ids.late]);
    const awaiting = records((await exported('awaiting_disbursement=true&score_min=50')).body);
    expect(awaiting.map((row) => Number(row.id))).toEqual([ids.hardware]);
  });

  it('answers 400 for a range that ends before it starts, and 403 to a borrower', async () => {
    expect((await exported('from=2026-03-10&to=2026-03-01')).statusCode).toBe(400);
    expect((await exported('amount_min=5&amount_max=1')).statusCode).toBe(400);
    const borrower = await t.userWithToken('borrower');
    const res = await t.app.inject({
      url: '/api/loans/applications/export/',
      headers: bearer(borrower.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
