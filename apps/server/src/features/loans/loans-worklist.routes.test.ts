import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { walksForPage } from '../../db/filter-count.ts';
import { listLoans } from './loan-list.repo.ts';
import { listOverdueLoans } from './loan-reads.repo.ts';
import { runLoanStatusTick } from './loan-status.job.ts';

const kampala = (date: string, time = '10:00') => new Date(`${date}T${time}:00+03:00`);
const clock = fixedClock(kampala('2025-06-16', '12:00'));

let t: TestApp;
let adminToken: string;
const ids: Record<'current' | 'late' | 'defaulted' | 'paid', number> = {
  current: 0,
  late: 0,
  defaulted: 0,
  paid: 0,
};
const refs: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.userWithToken('admin');
  adminToken = admin.token;
  const okello = await t.userWithToken('borrower', { name: 'Okello David', phoneNumber: '+256752000111' });
  const nakato = {
    user: await t.services.users.createUser({
      email: 'nakato@test.sente.ug',
      password: TEST_PASSWORD,
      name: 'Nakato Sarah',
      role: 'borrower',
      phoneNumber: '0772123456',
    }),
  };
  const make = (userId: number, disbursed: string, amount: number, months = 6) =>
    makeLoan(t.services, { userId, adminId: admin.user.id, disbursedAt: kampala(disbursed), amount, months });
  // On time: next due today (16 June), 0 days in arrears.
  const current = await make(okello.user.id, '2025-06-02', 1_000_000);
  await repayLoan(t.services, current.id, 44_923, kampala('2025-06-08'));
  // 14 days in arrears: next due 2 June.
  const late = await make(okello.user.id, '2025-05-05', 2_000_000);
  await repayLoan(t.services, late.id, 3 * 89_846, kampala('2025-05-30'));
  // 126 days in arrears: nothing paid since 10 February.
  const defaulted = await make(nakato.user.id, '2025-02-03', 500_000, 3);
  // Fully paid: no next due date.
  const paid = await make(nakato.user.id, '2025-04-07', 350_000, 1);
  await repayLoan(t.services, paid.id, 359_800, kampala('2025-04-20'));
  Object.assign(ids, { current: current.id, late: late.id, defaulted: defaulted.id, paid: paid.id });
  for (const [key, loan] of Object.entries({ current, late, defaulted, paid })) refs[key] = loan.loanRef;
  await runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ url, headers: bearer(adminToken) });

async function loanIdsOf(query: string): Promise<number[]> {
  const res = await get(`/api/loans/loans/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { count: number; results: { id: number }[] };
  expect(body.count).toBe(body.results.length);
  return body.results.map((l) => l.id);
}

describe('GET /api/loans/loans/ as a worklist', () => {
  it('finds a loan by its whole reference, in any case, and by the reference’s start', async () => {
    expect(await loanIdsOf(`search=${refs.late}`)).toEqual([ids.late]);
    expect(await loanIdsOf(`search=${refs.late?.toLowerCase()}`)).toEqual([ids.late]);
    // Four digits of the number narrow it to a hundred loans; here, all four.
    expect((await loanIdsOf(`search=${refs.late?.slice(0, 12).toLowerCase()}`)).sort()).toEqual(
      Object.values(ids).sort(),
    );
  });

  it('finds loans by the borrower’s name, email or phone, and nothing for a stranger', async () => {
    expect((await loanIdsOf('search=okello')).sort()).toEqual([ids.current, ids.late].sort());
    expect((await loanIdsOf('search=772123456')).sort()).toEqual([ids.defaulted, ids.paid].sort());
    expect(await loanIdsOf('search=nobody%20called%20this')).toEqual([]);
    expect((await loanIdsOf('search=NAKATO@test.sente')).sort()).toEqual([ids.defaulted, ids.paid].sort());
  });

  it('filters by arrears bucket: 1–30 days, 90+ days, and an empty bucket', async () => {
    expect(await loanIdsOf('arrears=1-30')).toEqual([ids.late]);
    expect(await loanIdsOf('arrears=90%2B')).toEqual([ids.defaulted]);
    expect(await loanIdsOf('arrears=31-60')).toEqual([]);
  });

  it('filters by next due date and by amount, inclusive, together with a status', async () => {
    expect((await loanIdsOf('next_due_from=2025-06-02&next_due_to=2025-06-16')).sort()).toEqual(
      [ids.current, ids.late].sort(),
    );
    expect((await loanIdsOf('amount_min=500000&amount_max=1000000')).sort()).toEqual(
      [ids.current, ids.defaulted].sort(),
    );
    expect(await loanIdsOf('status=OVERDUE&amount_min=1500000')).toEqual([ids.late]);
    // A bucket and a next-due range narrow the same date: 1–30 days ∩ due from 3 June is nothing.
    expect(await loanIdsOf('arrears=1-30&next_due_from=2025-06-03')).toEqual([]);
  });

  it('sorts by amount and by next due date both ways, fully paid loans (no next due) last', async () => {
    expect(await loanIdsOf('ordering=amount')).toEqual([ids.paid, ids.defaulted, ids.current, ids.late]);
    expect(await loanIdsOf('ordering=-amount')).toEqual([ids.late, ids.current, ids.defaulted, ids.paid]);
    expect(await loanIdsOf('ordering=next_due')).toEqual([ids.defaulted, ids.late, ids.current, ids.paid]);
    expect(await loanIdsOf('ordering=-next_due')).toEqual([ids.current, ids.late, ids.defaulted, ids.paid]);
    expect(await loanIdsOf('ordering=-days_in_arrears')).toEqual([
      ids.defaulted,
      ids.late,
      ids.current,
      ids.paid,
    ]);
    expect(await loanIdsOf('ordering=opening_date')).toEqual([
      ids.defaulted,
      ids.paid,
      ids.late,
      ids.current,
    ]);
    expect(await loanIdsOf('ordering=-amount&search=okello')).toEqual([ids.late, ids.current]);
  });

  it('reads a name search’s pages alike, walking the loans or collecting the matches', async () => {
    // okello is 2 of the 4 loans: a page of ten collects the two, a page of one walks the loans,
    // testing the copy of the borrower's text on each (walksForPage).
    const fourLoans = async () => 4;
    expect(await walksForPage({ count: 2, capped: false }, { limit: 10, offset: 0 }, fourLoans)).toBe(false);
    expect(await walksForPage({ count: 2, capped: false }, { limit: 1, offset: 0 }, fourLoans)).toBe(true);
    const pageOfOne = async (page: number) =>
      (await get(`/api/loans/loans/?search=okello&ordering=-amount&page_size=1&page=${page}`)).json() as {
        count: number;
        results: { id: number }[];
      };
    const [first, second] = [await pageOfOne(1), await pageOfOne(2)];
    expect([first.count, second.count]).toEqual([2, 2]);
    expect([...first.results, ...second.results].map((l) => l.id)).toEqual([ids.late, ids.current]);
  });

  it('pages a search with its count', async () => {
    const res = (
      await get('/api/loans/loans/?search=SL-2025-0000&ordering=amount&page_size=3&page=2')
    ).json();
    expect(res).toMatchObject({ count: 4, results: [{ id: ids.late }] });
  });

  it('answers 400 naming the field for a bad sort key, bucket, amount, date or range', async () => {
    for (const [query, field] of [
      ['ordering=borrower', 'ordering'],
      ['ordering=-status;drop', 'ordering'],
      ['arrears=0-10', 'arrears'],
      ['amount_min=abc', 'amount_min'],
      ['amount_max=-5', 'amount_max'],
      ['next_due_from=16-06-2025', 'next_due_from'],
      ['next_due_from=2025-07-01&next_due_to=2025-06-01', 'next_due_to'],
      ['amount_min=900000&amount_max=100', 'amount_max'],
      [`search=${'x'.repeat(101)}`, 'search'],
    ] as const) {
      const res = await get(`/api/loans/loans/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().details ?? {}), query).toContain(`querystring.${field}`);
    }
  });
});

describe('what a page of loans reads', () => {
  it('reads no borrower search text out of the database, in the worklist, searched or not, or in Collections', async () => {
    const db = t.services.db;
    const page = { ordering: '-opening_date', limit: 10, offset: 0 } as const;
    const pages = [
      await listLoans(db, page),
      await listLoans(db, { ...page, search: 'okello' }),
      await listLoans(db, { ...page, amountMin: 1 }),
      await listOverdueLoans(db, '2025-06-16', { ordering: '-days_in_arrears', limit: 10, offset: 0 }),
    ];
    for (const { rows } of pages) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.loan).not.toHaveProperty('borrowerSearchText');
        expect(row.loan).toHaveProperty('loanRef');
      }
    }
  });
});

describe('GET /api/loans/overdue-payments/ (Collections)', () => {
  const overdue = async (query: string) => {
    const res = await get(`/api/loans/overdue-payments/?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      count: number;
      results: { loan: number; loan_id: string; phone_number: string }[];
    };
  };

  it('lists one arrears bucket with its count, the borrower’s phone and the loan’s reference', async () => {
    const oldest = await overdue('bucket=90%2B');
    expect(oldest.count).toBe(1);
    expect(oldest.results).toEqual([
      expect.objectContaining({
        loan: ids.defaulted,
        loan_id: refs.defaulted,
        phone_number: '+256772123456',
      }),
    ]);
    expect((await overdue('bucket=1-30')).results.map((r) => r.loan)).toEqual([ids.late]);
    expect(await overdue('bucket=61-90')).toMatchObject({ count: 0, results: [] });
  });

  it('sorts by days in arrears and by what is still owed, both ways', async () => {
    expect((await overdue('ordering=-days_in_arrears')).results.map((r) => r.loan)).toEqual([
      ids.defaulted,
      ids.late,
    ]);
    expect((await overdue('ordering=days_in_arrears')).results.map((r) => r.loan)).toEqual([
      ids.late,
      ids.defaulted,
    ]);
    // Still owed: 2,066,462 on the late loan, 542,000 on the defaulted one.
    expect((await overdue('ordering=-remaining_balance')).results.map((r) => r.loan)).toEqual([
      ids.late,
      ids.defaulted,
    ]);
    expect((await overdue('ordering=remaining_balance')).results.map((r) => r.loan)).toEqual([
      ids.defaulted,
      ids.late,
    ]);
  });

  it('answers 400 for a bad bucket or sort key', async () => {
    expect((await get('/api/loans/overdue-payments/?bucket=91-120')).statusCode).toBe(400);
    expect((await get('/api/loans/overdue-payments/?ordering=phone')).statusCode).toBe(400);
  });

  it('counts loans in arrears per bucket', async () => {
    const res = await get('/api/loans/overdue-payments/buckets/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      buckets: [
        { bucket: '1-30', count: 1 },
        { bucket: '31-60', count: 0 },
        { bucket: '61-90', count: 0 },
        { bucket: '90+', count: 1 },
      ],
      total: 2,
    });
  });
});

/** A CSV body's rows (no quoted commas in these fixtures), without the byte-order mark. */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

describe('GET /api/loans/loans/export/', () => {
  it('streams every matching loan newest first, amounts as plain shillings and dates ISO', async () => {
    const res = await get('/api/loans/loans/export/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="loans-all.csv"');
    const [header, ...rows] = csvRows(res.body);
    expect(header?.slice(0, 4)).toEqual(['Loan', 'Borrower', 'Loan Type', 'Amount (UGX)']);
    expect(rows.map((r) => r[0])).toEqual([refs.current, refs.late, refs.paid, refs.defaulted]);
    const late = rows.find((r) => r[0] === refs.late);
    const column = (name: string) => header?.indexOf(name) ?? -1;
    expect(late?.[column('Amount (UGX)')]).toBe('2000000');
    expect(late?.[column('Remaining Balance (UGX)')]).toBe('2066462');
    expect(late?.[column('Next Due')]).toBe('2025-06-02');
    expect(late?.[column('Days in Arrears')]).toBe('14');
    expect(late?.[column('Opened At')]).toMatch(/^2025-05-05T10:00:00(\.000)?\+03:00$/);
  });

  it('applies the worklist filters and the opening date range', async () => {
    const refsOf = async (query: string) => {
      const res = await get(`/api/loans/loans/export/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return csvRows(res.body)
        .slice(1)
        .map((r) => r[0]);
    };
    expect(await refsOf('status=DEFAULT')).toEqual([refs.defaulted]);
    expect(await refsOf('search=okello&arrears=1-30')).toEqual([refs.late]);
    expect(await refsOf('from=2025-05-01&to=2025-05-31')).toEqual([refs.late]);
    expect(await refsOf('from=2025-06-01')).toEqual([refs.current]);
    const res = await get('/api/loans/loans/export/?from=2025-06-01');
    expect(res.headers['content-disposition']).toBe('attachment; filename="loans-from-2025-06-01.csv"');
  });

  it('answers 400 for a range that ends before it starts, an impossible date or a bad filter', async () => {
    for (const query of ['from=2025-06-02&to=2025-06-01', 'from=2025-02-30', 'arrears=7', 'amount_min=x']) {
      expect((await get(`/api/loans/loans/export/?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('reads the loans in keyset pages that neither skip nor repeat a loan', async () => {
    const seen: number[] = [];
    let after: { at: string; id: number } | null = null;
    for (;;) {
      const page = await t.services.loans.exportPage({}, { after, limit: 1 });
      const last = page.at(-1);
      if (!last) break;
      seen.push(last.loan.id);
      after = { at: last.cursorAt, id: last.loan.id };
    }
    expect(seen).toEqual([ids.current, ids.late, ids.paid, ids.defaulted]);
  });
});

describe('GET /api/loans/overdue-payments/export/', () => {
  it('streams the late loans, most days in arrears first, with phone and amount in arrears', async () => {
    const res = await get('/api/loans/overdue-payments/export/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="collections-all.csv"');
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Loan',
      'Borrower',
      'Phone',
      'Loan Type',
      'Status',
      'Late Since',
      'Days in Arrears',
      'Late Installments',
      'Amount in Arrears (UGX)',
      'Still Owed (UGX)',
    ]);
    expect(rows.map((r) => r[0])).toEqual([refs.defaulted, refs.late]);
    // A leading + would run as a formula in a spreadsheet: the CSV keeps the number as text (csvCell).
    expect(rows[0]?.slice(1, 3)).toEqual(['Nakato Sarah', "'+256772123456"]);
    expect(rows[1]?.slice(5)).toEqual(['2025-06-02', '14', '2', String(2 * 89_846), '2066462']);
  });

  it('narrows to one bucket and to the days loans fell late, and pages by keyset', async () => {
    const late = await get('/api/loans/overdue-payments/export/?bucket=1-30');
    expect(late.headers['content-disposition']).toBe('attachment; filename="collections-1-30-all.csv"');
    expect(
      csvRows(late.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([refs.late]);
    const since = await get('/api/loans/overdue-payments/export/?from=2025-06-01&to=2025-06-30');
    expect(
      csvRows(since.body)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual([refs.late]);
    expect((await get('/api/loans/overdue-payments/export/?bucket=0')).statusCode).toBe(400);
    const first = await t.services.loans.exportOverduePage({}, { after: null, limit: 1 });
    const due = first[0]?.loan.oldestUnpaidDueDate ?? '';
    const second = await t.services.loans.exportOverduePage(
      {},
      { after: { due, id: first[0]?.loan.id ?? 0 }, limit: 1 },
    );
    expect([first[0]?.loan.id, second[0]?.loan.id]).toEqual([ids.defaulted, ids.late]);
  });
});

// Last: it adds a loan the other tests' answers do not list.
describe('GET /api/loans/loans/?search after a borrower’s details change', () => {
  it('finds a borrower’s loans by the name, email and phone an admin gave them since, not the old ones', async () => {
    const admin = await t.userWithToken('admin');
    const { user } = await t.userWithToken('borrower', { name: 'Kato Brian', phoneNumber: '+256701999888' });
    const loan = await makeLoan(t.services, {
      userId: user.id,
      adminId: admin.user.id,
      disbursedAt: kampala('2025-06-09'),
      amount: 400_000,
      months: 1,
    });
    expect(await loanIdsOf('search=kato%20brian')).toEqual([loan.id]);
    await t.services.userAdmin.updateUser(admin.user.id, user.id, {
      name: 'Wasswa Brian',
      email: 'wasswa.brian@test.sente.ug',
      phoneNumber: '+256701555444',
    });
    expect(await loanIdsOf('search=kato%20brian')).toEqual([]);
    expect(await loanIdsOf('search=701999888')).toEqual([]);
    expect(await loanIdsOf('search=wasswa%20brian')).toEqual([loan.id]);
    expect(await loanIdsOf('search=wasswa.brian@')).toEqual([loan.id]);
    expect(await loanIdsOf('search=701555444')).toEqual([loan.id]);
    // A page of one walks the loans (walksForPage): the copy on the loan row followed the borrower too.
    const walked = (await get('/api/loans/loans/?search=wasswa%20brian&page_size=1')).json() as {
      results: { id: number }[];
    };
    expect(walked.results.map((l) => l.id)).toEqual([loan.id]);
  });
});
