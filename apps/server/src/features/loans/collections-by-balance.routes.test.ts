import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureQueries } from '../../../test/capture-sql.ts';
import { everyPage } from '../../../test/every-page.ts';
import { makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-db.ts';
import { fixedClock } from '../../clock.ts';
import { listOverdueLoans, monthsInRange, OWED_MONTH_READ_BUDGET } from './loan-reads.repo.ts';

/**
 * A Collections page by what is still owed, of a bucket that ends before this month, is read month
 * by month (loan-reads.repo.ts, overduePageByMonth): each month's loans by balance, the months
 * merged. These loans fall late in seven months, with balances that interleave across the months,
 * two of them equal, and the last month of the 90+ bucket also holds two loans of the 61–90 bucket: a
 * merge that lost a month, kept a loan outside the range or broke a tie other than by id pages
 * differently from the whole Collections list filtered and sorted here.
 */
const kampala = (date: string, time = '10:00') => new Date(`${date}T${time}:00+03:00`);
const TODAY = '2025-06-16';
const clock = fixedClock(kampala(TODAY, '12:00'));

interface OverdueLoan {
  loan: number;
  oldest_due_date: string;
  remaining_balance: string;
}

let t: TestApp;
let adminToken: string;
let everyLate: OverdueLoan[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = await t.userWithToken('admin');
  adminToken = admin.token;
  const borrower = await t.userWithToken('borrower', { name: 'Nabirye Ruth', phoneNumber: '+256752000333' });
  const make = (disbursed: string, amount: number, months = 3) =>
    makeLoan(t.services, {
      userId: borrower.user.id,
      adminId: admin.user.id,
      disbursedAt: kampala(disbursed),
      amount,
      months,
    });
  // Weekly installments from a week after disbursement; nothing repaid unless said.
  await make('2024-11-04', 800_000); // due 11 November: the 90+ bucket's first month
  await make('2024-11-20', 3_000_000); // due 27 November
  await make('2024-12-09', 500_000); // due 16 December
  await make('2025-01-06', 2_000_000); // due 13 January
  await make('2025-01-13', 500_000); // due 20 January: the December loan's balance, a tie
  await make('2025-03-03', 1_200_000); // due 10 March: 98 days, the bucket's last month
  await make('2025-03-13', 400_000); // due 20 March: 88 days, the same month, in 61–90
  await make('2025-04-07', 900_000); // due 14 April: 61–90
  await make('2025-04-21', 700_000); // due 28 April: 31–60
  await make('2025-05-05', 1_500_000); // due 12 May: 31–60
  await make('2025-05-26', 600_000); // due 2 June: 1–30
  await make('2025-06-12', 1_000_000); // due 19 June: not yet due
  // Repaid down to its next due date of 18 March: the first day of the 61–90 bucket, in the 90+
  // bucket's last month.
  const repaid = await make('2025-01-07', 2_500_000);
  await repayLoan(t.services, repaid.id, 1_900_000, kampala('2025-02-10'));
  const all = await t.app.inject({
    url: '/api/loans/overdue-payments/?page_size=100&ordering=days_in_arrears',
    headers: bearer(adminToken),
  });
  expect(all.statusCode, all.body).toBe(200);
  everyLate = (all.json() as { results: OverdueLoan[] }).results;
  expect(everyLate).toHaveLength(12);
});

afterAll(async () => {
  await t?.close();
});

type Ordering = 'remaining_balance' | '-remaining_balance';

/** The late loans due within [from, to], by balance then id: what the pages must show. */
function expected(range: { from?: string; to?: string }, ordering: Ordering): number[] {
  const sign = ordering === 'remaining_balance' ? 1 : -1;
  return everyLate
    .filter((l) => range.to === undefined || l.oldest_due_date <= range.to)
    .filter((l) => range.from === undefined || l.oldest_due_date >= range.from)
    .sort((a, b) => sign * (Number(a.remaining_balance) - Number(b.remaining_balance) || a.loan - b.loan))
    .map((l) => l.loan);
}

/** Every page of a query, `size` loans at a time, joined; and the counts the pages answered. */
async function pagesOf(query: string, size: number): Promise<{ ids: number[]; counts: Set<number> }> {
  const { rows, counts } = await everyPage<OverdueLoan>(
    t.app,
    adminToken,
    `/api/loans/overdue-payments/?${query}`,
    size,
  );
  return { ids: rows.map((r) => r.loan), counts: new Set(counts) };
}

const BUCKETS = [
  { bucket: '90%2B', range: { to: '2025-03-17' }, size: 6 },
  { bucket: '61-90', range: { from: '2025-03-18', to: '2025-04-16' }, size: 3 },
  { bucket: '31-60', range: { from: '2025-04-17', to: '2025-05-16' }, size: 2 },
  // This month's bucket: read by the walk, the same order.
  { bucket: '1-30', range: { from: '2025-05-17', to: '2025-06-15' }, size: 1 },
] as const;

describe('GET /api/loans/overdue-payments/ by remaining balance, a bucket read month by month', () => {
  it('pages every bucket by balance both ways as the whole list sorts it, ties by loan', async () => {
    const balances = everyLate.map((l) => l.remaining_balance);
    expect(new Set(balances).size).toBe(balances.length - 1);
    for (const { bucket, range, size } of BUCKETS) {
      for (const ordering of ['remaining_balance', '-remaining_balance'] as const) {
        const want = expected(range, ordering);
        expect(want, bucket).toHaveLength(size);
        for (const pageSize of [1, 2, 3, 10]) {
          const { ids, counts } = await pagesOf(`bucket=${bucket}&ordering=${ordering}`, pageSize);
          expect(ids, `${bucket} ${ordering}, pages of ${pageSize}`).toEqual(want);
          expect(counts, `${bucket} ${ordering}`).toEqual(new Set([size]));
        }
      }
    }
  });

  it('pages every late loan by balance, no bucket, by the walk', async () => {
    for (const ordering of ['remaining_balance', '-remaining_balance'] as const) {
      expect((await pagesOf(`ordering=${ordering}`, 5)).ids, ordering).toEqual(expected({}, ordering));
    }
  });

  it('answers a page past the budget alike, by walking the balances', async () => {
    const db = t.db.database.db;
    const filter = { dueTo: '2025-03-17', ordering: 'remaining_balance' as const, limit: 2 };
    // From the first day a late loan of the bucket fell due, 11 November, to its last, 10 March.
    expect(monthsInRange('2024-11-11', '2025-03-17')).toBe(5);
    const deep = OWED_MONTH_READ_BUDGET / 5;
    const past = await listOverdueLoans(db, TODAY, { ...filter, offset: deep });
    expect(past).toEqual({ count: 6, rows: [] });
    const walked = await listOverdueLoans(db, TODAY, { ...filter, limit: deep + 5, offset: 3 });
    expect(walked.rows.map((r) => r.loan.id)).toEqual(
      expected(BUCKETS[0].range, 'remaining_balance').slice(3),
    );
  });

  // captureQueries watches pg's Client.query, which PGlite does not go through: PostgreSQL only.
  it.runIf(testEngine() === 'postgres')(
    'reads a past bucket by balance month by month, this month’s bucket and a page past the budget by the walk',
    async () => {
      const statements = async (query: string) =>
        (
          await captureQueries(() =>
            t.app.inject({ url: `/api/loans/overdue-payments/?${query}`, headers: bearer(adminToken) }),
          )
        )
          .flat()
          .map((q) => q.name ?? '');
      const names = async (query: string) =>
        (await statements(query)).filter((name) => name.startsWith('loans.overdue_page'));
      // The count's statement names the bucket's first and last late days: no other is needed.
      expect(await statements('bucket=90%2B&ordering=remaining_balance')).toEqual([
        'loans.overdue_count_and_days:t',
        'loans.overdue_page_by_month:remaining_balance',
        'loans.overdue_installments',
      ]);
      expect(await names('bucket=90%2B&ordering=remaining_balance')).toEqual([
        'loans.overdue_page_by_month:remaining_balance',
      ]);
      expect(await names('bucket=31-60&ordering=-remaining_balance')).toEqual([
        'loans.overdue_page_by_month:-remaining_balance',
      ]);
      expect(await names('bucket=1-30&ordering=remaining_balance')).toEqual([
        'loans.overdue_page:ft/remaining_balance',
      ]);
      expect(await names('ordering=remaining_balance')).toEqual(['loans.overdue_page:/remaining_balance']);
      expect(await names('bucket=90%2B')).toEqual(['loans.overdue_page:t/-days_in_arrears']);
      const deep = await captureQueries(() =>
        listOverdueLoans(t.db.database.db, TODAY, {
          dueTo: '2025-03-17',
          ordering: 'remaining_balance',
          limit: 10,
          offset: OWED_MONTH_READ_BUDGET,
        }),
      );
      expect(
        deep
          .flat()
          .map((q) => q.name ?? '')
          .filter((n) => n.startsWith('loans.overdue_page')),
      ).toEqual(['loans.overdue_page:t/remaining_balance']);
    },
  );
});

describe('monthsInRange', () => {
  it('counts the calendar months of a range, both ends included', () => {
    expect(monthsInRange('2025-03-31', '2025-04-01')).toBe(2);
    expect(monthsInRange('2024-11-11', '2025-03-17')).toBe(5);
    expect(monthsInRange('2025-03-01', '2025-03-31')).toBe(1);
    expect(monthsInRange('2025-04-01', '2025-03-31')).toBe(0);
  });
});
