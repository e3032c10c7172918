import { addDays, kampalaDate } from '@sente/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureQueries } from '../../../test/capture-sql.ts';
import { everyPage } from '../../../test/every-page.ts';
import { makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-db.ts';
import { fixedClock } from '../../clock.ts';
import { DUE_DAY_READ_BUDGET, daysInRange, RECENT_DUE_DAYS } from './loan-list.repo.ts';
import { runLoanStatusTick } from './loan-status.job.ts';

/**
 * A page of an arrears bucket by opening date is read day by day (loan-list.repo.ts,
 * listPageByDueDay): each day of the range in opening order, the days merged. These loans share due
 * days, and their opening order differs from their due order, so a merge that lost a day, or took a
 * day's loans in the wrong order, pages differently from the unfiltered list filtered here.
 */
const kampala = (date: string, time = '10:00') => new Date(`${date}T${time}:00+03:00`);
const clock = fixedClock(kampala('2025-06-16', '12:00'));

interface ListedLoan {
  id: number;
  status: string;
  opening_date: string;
  next_due_date: string | null;
}

let t: TestApp;
let adminToken: string;
let everyLoan: ListedLoan[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.userWithToken('admin');
  adminToken = admin.token;
  const borrower = await t.userWithToken('borrower', { name: 'Achieng Grace', phoneNumber: '+256752000222' });
  const make = (disbursed: string, time: string, months = 6) =>
    makeLoan(t.services, {
      userId: borrower.user.id,
      adminId: admin.user.id,
      disbursedAt: kampala(disbursed, time),
      amount: 1_000_000,
      months,
    });
  // Weekly installments from a week after disbursement; nothing repaid unless said.
  await make('2025-06-01', '10:00'); // due 8 June: 8 days in arrears
  await make('2025-06-01', '11:00'); // due 8 June, opened later the same day
  await make('2025-05-25', '12:00'); // due 1 June: 15 days
  await make('2025-05-25', '09:00'); // due 1 June, opened earlier
  await make('2025-05-20', '10:00'); // due 27 May: 20 days
  await make('2025-06-05', '10:00'); // due 12 June: 4 days
  await make('2025-06-10', '10:00'); // due 17 June: not yet due
  // Opened before the 20-day loan, due after it: three installments repaid, next due 2 June.
  const repaid = await make('2025-05-05', '10:00');
  await repayLoan(t.services, repaid.id, 3 * 44_923, kampala('2025-05-30'));
  await make('2025-02-03', '10:00', 3); // due 10 February: 126 days
  await make('2025-01-10', '10:00', 3); // due 17 January: 150 days
  // The 90+ bucket runs from 17 January to 17 March; its last RECENT_DUE_DAYS days from 11 February.
  await make('2025-03-01', '10:00', 3); // due 8 March: 100 days, opened within those days
  await make('2025-02-25', '10:00', 3); // due 4 March, opened within them too
  // Due within them, but opened long before: newer loans due earlier (10 February, 17 January)
  // come before it, so a page that reaches it reads the whole bucket.
  const old = await make('2024-12-01', '10:00');
  await repayLoan(t.services, old.id, 13 * 44_923, kampala('2025-02-20')); // next due 9 March
  await runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages });
  const all = await t.app.inject({ url: '/api/loans/loans/?page_size=100', headers: bearer(adminToken) });
  expect(all.statusCode, all.body).toBe(200);
  everyLoan = (all.json() as { results: ListedLoan[] }).results;
  expect(everyLoan).toHaveLength(13);
});

afterAll(async () => {
  await t?.close();
});

/** The loans with a next due date in [from, to] (and the status), by opening date: what a page must show. */
function expected(
  range: { from?: string; to: string },
  ordering: '-opening_date' | 'opening_date',
  status?: string,
) {
  const sign = ordering === 'opening_date' ? 1 : -1;
  return everyLoan
    .filter((l) => l.next_due_date !== null && l.next_due_date <= range.to)
    .filter((l) => range.from === undefined || (l.next_due_date as string) >= range.from)
    .filter((l) => status === undefined || l.status === status)
    .sort((a, b) => sign * (Date.parse(a.opening_date) - Date.parse(b.opening_date) || a.id - b.id))
    .map((l) => l.id);
}

/** Every page of a query, `size` loans at a time, joined; and the count each page answered. */
async function pagesOf(query: string, size: number): Promise<{ ids: number[]; counts: number[] }> {
  const { rows, counts } = await everyPage<{ id: number }>(
    t.app,
    adminToken,
    `/api/loans/loans/?${query}`,
    size,
  );
  return { ids: rows.map((r) => r.id), counts };
}

describe('GET /api/loans/loans/ by arrears bucket and opening date, read day by day', () => {
  it('pages the 1–30 days bucket newest and oldest first as the unfiltered list orders it', async () => {
    const range = { from: '2025-05-17', to: '2025-06-15' };
    for (const ordering of ['-opening_date', 'opening_date'] as const) {
      const want = expected(range, ordering);
      expect(want).toHaveLength(7);
      for (const size of [1, 2, 3, 10]) {
        const { ids, counts } = await pagesOf(`arrears=1-30&ordering=${ordering}`, size);
        expect(ids, `${ordering}, pages of ${size}`).toEqual(want);
        expect(new Set(counts)).toEqual(new Set([7]));
      }
    }
  });

  it('pages the 90+ bucket, open at its start, from the earliest next due date', async () => {
    const want = expected({ to: '2025-03-17' }, '-opening_date');
    expect(want).toHaveLength(5);
    for (const size of [1, 2, 3, 10]) {
      expect((await pagesOf('arrears=90%2B', size)).ids, `pages of ${size}`).toEqual(want);
    }
    expect((await pagesOf('arrears=90%2B&ordering=opening_date', 1)).ids).toEqual([...want].reverse());
  });

  it('tests a status with the range, and a next-due range within the bucket', async () => {
    const overdue = everyLoan.find((l) => l.next_due_date === '2025-06-08')?.status;
    expect(overdue).toBeDefined();
    const range = { from: '2025-05-17', to: '2025-06-15' };
    expect((await pagesOf(`arrears=1-30&status=${overdue}`, 2)).ids).toEqual(
      expected(range, '-opening_date', overdue),
    );
    expect((await pagesOf('arrears=1-30&status=ACTIVE&ordering=opening_date', 2)).ids).toEqual(
      expected(range, 'opening_date', 'ACTIVE'),
    );
    const narrow = { from: '2025-06-01', to: '2025-06-08' };
    expect((await pagesOf('next_due_from=2025-06-01&next_due_to=2025-06-08', 2)).ids).toEqual(
      expected(narrow, '-opening_date'),
    );
  });

  it('answers a range too long to read day by day alike, by walking the loans', async () => {
    // 2,358 days: past DUE_DAY_READ_BUDGET for a page of ten.
    expect(daysInRange('2019-01-01', '2025-06-15') * 10).toBeGreaterThan(DUE_DAY_READ_BUDGET);
    const query = 'next_due_from=2019-01-01&next_due_to=2025-06-15';
    expect((await pagesOf(query, 10)).ids).toEqual(expected({ to: '2025-06-15' }, '-opening_date'));
  });

  it('answers a range too long for the budget from its last days when they settle the page', async () => {
    // 12,859 days: past the budget for pages of two; its last 35 days are not.
    expect(daysInRange('1990-01-01', '2025-03-17') * 2).toBeGreaterThan(DUE_DAY_READ_BUDGET);
    const query = 'next_due_from=1990-01-01&next_due_to=2025-03-17';
    const want = expected({ to: '2025-03-17' }, '-opening_date');
    for (const size of [1, 2, 3]) expect((await pagesOf(query, size)).ids, `pages of ${size}`).toEqual(want);
  });

  // captureQueries watches pg's Client.query, which PGlite does not go through: PostgreSQL only.
  it.runIf(testEngine() === 'postgres')(
    'reads a bucket’s page day by day, newest first from its last days when they settle it, and a range past the budget by the walk',
    async () => {
      const names = async (query: string) =>
        (
          await captureQueries(() =>
            t.app.inject({ url: `/api/loans/loans/?${query}`, headers: bearer(adminToken) }),
          )
        )
          .flat()
          .map((q) => q.name ?? '');
      expect(await names('arrears=1-30')).toContain('loans.list_page_by_due_day:/-opening_date');
      expect(await names('arrears=90%2B&status=DEFAULT&ordering=opening_date')).toContain(
        'loans.list_page_by_due_day:s/opening_date',
      );
      // Newest first, the 90+ bucket's last days answer a page whose loans all opened within them;
      // a page that reaches the loan opened in December reads the whole bucket after them.
      const byDay = (list: string[]) => list.filter((n) => n.startsWith('loans.list_page_by_due_day'));
      expect(RECENT_DUE_DAYS).toBe(35);
      expect(byDay(await names('arrears=90%2B&page_size=2'))).toHaveLength(1);
      expect(byDay(await names('arrears=90%2B&page_size=3'))).toHaveLength(2);
      expect(byDay(await names('arrears=90%2B&page_size=2&page=2'))).toHaveLength(2);
      expect(byDay(await names('arrears=90%2B&page_size=2&ordering=opening_date'))).toHaveLength(1);
      // Past the budget: its last days first (too few loans due there for a page of ten), then the walk.
      const walked = await names('next_due_from=2019-01-01&next_due_to=2025-06-15');
      expect(byDay(walked)).toHaveLength(1);
      expect(walked.some((n) => n.startsWith('loans.list_page:ft/'))).toBe(true);
      const walkedOldestFirst = await names(
        'next_due_from=2019-01-01&next_due_to=2025-06-15&ordering=opening_date',
      );
      expect(byDay(walkedOldestFirst)).toEqual([]);
      expect(walkedOldestFirst.some((n) => n.startsWith('loans.list_page:ft/'))).toBe(true);
      const recentOnly = await names('next_due_from=1990-01-01&next_due_to=2025-03-17&page_size=2');
      expect(byDay(recentOnly)).toHaveLength(1);
      expect(recentOnly.some((n) => n.startsWith('loans.list_page:'))).toBe(false);
    },
  );
});

describe('the rule the 90+ bucket stops on', () => {
  it('the database refuses a loan whose next due date is not after the day it opened (Kampala)', async () => {
    const loan = everyLoan[0] as ListedLoan;
    const setDue = (due: string) =>
      t.services.db.execute(
        sql`update loans set oldest_unpaid_due_date = ${due}::date where id = ${loan.id}`,
      );
    // Drizzle wraps the database's error; its cause names the check.
    const refusal = (update: Promise<unknown>) =>
      update.then(
        () => 'accepted',
        (error: { cause?: unknown }) => String(error.cause ?? error),
      );
    const openingDay = kampalaDate(new Date(loan.opening_date));
    expect(await refusal(setDue(openingDay))).toMatch(/loans_due_after_opening/);
    expect(await refusal(setDue(addDays(openingDay, -30)))).toMatch(/loans_due_after_opening/);
    expect(await refusal(setDue(addDays(openingDay, 1)))).toBe('accepted');
    await setDue(loan.next_due_date as string);
    const reread = await t.app.inject({ url: `/api/loans/loans/${loan.id}/`, headers: bearer(adminToken) });
    expect((reread.json() as ListedLoan).next_due_date).toBe(loan.next_due_date);
  });
});

describe('daysInRange', () => {
  it('counts both ends, across a month and a leap day, and nothing for a range that ends before it starts', () => {
    expect(daysInRange('2025-06-01', '2025-06-01')).toBe(1);
    expect(daysInRange('2025-05-17', '2025-06-15')).toBe(30);
    expect(daysInRange('2024-02-28', '2024-03-01')).toBe(3);
    expect(daysInRange('2025-06-02', '2025-06-01')).toBe(0);
  });
});
