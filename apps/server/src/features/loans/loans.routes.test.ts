import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { runLoanStatusTick } from './loan-status.job.ts';

const kampala = (date: string, time = '10:00') => new Date(`${date}T${time}:00+03:00`);
const TODAY = kampala('2025-06-16', '12:00');
const clock = fixedClock(TODAY);

let t: TestApp;
let admin: { id: number; token: string };
let borrower: { id: number; token: string };
let other: { id: number; token: string };
const loanIds: Record<string, number> = {};

/** Plain SQL over the same data, to check the endpoints' figures. */
async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  const result = await t.services.db.execute(statement);
  return (result as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  const a = await t.userWithToken('admin');
  admin = { id: a.user.id, token: a.token };
  const b = await t.userWithToken('borrower', { name: 'Okello David' });
  borrower = { id: b.user.id, token: b.token };
  const o = await t.userWithToken('borrower');
  other = { id: o.user.id, token: o.token };
  const make = (userId: number, disbursed: string, amount: number, months = 6) =>
    makeLoan(t.services, { userId, adminId: admin.id, disbursedAt: kampala(disbursed), amount, months });

  // Up to date: disbursed 2 June, first installment due 9 June, paid.
  const current = await make(borrower.id, '2025-06-02', 1_000_000);
  await repayLoan(t.services, current.id, 44_923, kampala('2025-06-08'));
  // Overdue: disbursed 5 May, installments due 12 May … 16 June; paid three, late.
  const late = await make(borrower.id, '2025-05-05', 2_000_000);
  await repayLoan(t.services, late.id, 3 * 89_846, kampala('2025-05-30'));
  // Default: disbursed 3 February, nothing paid since 10 February (126 days).
  const defaulted = await make(other.id, '2025-02-03', 500_000, 3);
  // Fully paid early, no penalty.
  const paid = await make(other.id, '2025-04-07', 350_000, 1);
  await repayLoan(t.services, paid.id, 359_800, kampala('2025-04-20'));
  Object.assign(loanIds, { current: current.id, late: late.id, defaulted: defaulted.id, paid: paid.id });
  await runLoanStatusTick({ database: t.db.database, clock, messages: t.services.messages });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token = admin.token) => t.app.inject({ url, headers: bearer(token) });

describe('GET /api/loans/loans/', () => {
  it('lists loans newest first with remaining balance, payment percentage and days in arrears', async () => {
    const res = await get('/api/loans/loans/?page=1&page_size=10&include_balance=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: 4, next: null, previous: null });
    const current = body.results.find((l: { id: number }) => l.id === loanIds.current);
    expect(current).toMatchObject({
      loan_id: expect.stringMatching(/^SL-2025-\d{6}$/),
      user_name: 'Okello David',
      amount: '1000000.00',
      interest_rate: '2.80',
      loan_term: 26,
      weekly_repayment: '44923.00',
      total_payments: '44923.00',
      remaining_balance: '1123077.00',
      payment_percentage: 3.85,
      days_in_arrears: 0,
      status: 'ACTIVE',
      opening_date: kampala('2025-06-02').toISOString(),
      closing_date: '2025-12-01',
    });
    const late = body.results.find((l: { id: number }) => l.id === loanIds.late);
    // Oldest unpaid installment: the 4th, due 2 June; 14 days before 16 June.
    expect(late).toMatchObject({ status: 'OVERDUE', days_in_arrears: 14, next_due_date: '2025-06-02' });
    expect(body.results.map((l: { id: number }) => l.id)).toEqual([
      loanIds.current,
      loanIds.late,
      loanIds.paid,
      loanIds.defaulted,
    ]);
  });

  it('links pages DRF-style, keeping the filters', async () => {
    const first = (await get('/api/loans/loans/?status=&page_size=3')).json();
    expect(first.previous).toBeNull();
    expect(first.next).toBe('http://localhost/api/loans/loans/?status=&page_size=3&page=2');
    const second = (await get(first.next)).json();
    expect(second.results).toHaveLength(1);
    expect(second).toMatchObject({
      next: null,
      previous: 'http://localhost/api/loans/loans/?status=&page_size=3',
    });
  });

  it('filters by status', async () => {
    const res = await get('/api/loans/loans/?status=DEFAULT');
    expect(res.json().results.map((l: { id: number }) => l.id)).toEqual([loanIds.defaulted]);
  });
});

describe('reading one loan', () => {
  it('gives the borrower their own loan with its schedule and history, and 404 to anyone else', async () => {
    const own = await get(`/api/loans/loans/${loanIds.current}/`, borrower.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().installments).toHaveLength(26);
    expect(own.json().installments[0]).toMatchObject({ number: 1, due_date: '2025-06-09', is_paid: true });
    expect(own.json().status_history).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'ACTIVE' }),
    ]);
    expect((await get(`/api/loans/loans/${loanIds.current}/`, other.token)).statusCode).toBe(404);
    expect((await get('/api/loans/loans/999999/')).statusCode).toBe(404);
    expect((await get('/api/loans/loans/abc/')).statusCode).toBe(400);
  });

  it('answers the balance, also on the doubled-slash path', async () => {
    for (const url of [
      `/api/loans/loans/${loanIds.late}/balance/`,
      `/api/loans/loans//${loanIds.late}/balance/`,
      `/api/loans/loans/${loanIds.late}//balance/`,
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        loan: loanIds.late,
        status: 'OVERDUE',
        // 2,000,000 FLAT over 26 weeks: 2,336,000 payable, 269,538 paid.
        total_payable: '2336000.00',
        total_payments: '269538.00',
        remaining_balance: '2066462.00',
        // Installments 4 and 5 (due 2 and 9 June) are in arrears, the 6th is due today.
        arrears_amount: `${String(2 * 89_846)}.00`,
        amount_due: `${String(3 * 89_846)}.00`,
        days_in_arrears: 14,
        next_due_date: '2025-06-02',
        next_installment_amount: '89846.00',
      });
    }
  });

  it('lists a borrower’s own loans on /my-loans/', async () => {
    const res = await get('/api/loans/my-loans/', borrower.token);
    expect(
      res
        .json()
        .results.map((l: { id: number }) => l.id)
        .sort(),
    ).toEqual([loanIds.current, loanIds.late].sort());
  });
});

describe('statistics equal plain SQL over the same data', () => {
  it('GET /api/loans/loans/statistics/?include_outstanding=true', async () => {
    const res = await get('/api/loans/loans/statistics/?include_outstanding=true');
    const rows = await query<{ status: string; n: number; total: string }>(
      sql`select status, count(*)::int as n, sum(amount)::text as total from loans group by status`,
    );
    const [owed] = await query<{ owed: string }>(
      sql`select sum(total_payable - total_payments)::text as owed from loans where status <> 'FULLY_PAID'`,
    );
    const pair = (status: string) => {
      const row = rows.find((r) => r.status === status);
      return { count: row?.n ?? 0, total: `${row?.total ?? 0}.00` };
    };
    expect(res.json()).toEqual({
      active_loans: pair('ACTIVE'),
      overdue_loans: pair('OVERDUE'),
      default_loans: pair('DEFAULT'),
      fully_paid_loans: pair('FULLY_PAID'),
      outstanding_balance: `${owed?.owed}.00`,
    });
    expect(rows.map((r) => r.status).sort()).toEqual(['ACTIVE', 'DEFAULT', 'FULLY_PAID', 'OVERDUE']);
    const without = await get('/api/loans/loans/statistics/');
    expect(without.json()).not.toHaveProperty('outstanding_balance');
  });

  it('GET /api/loans/admin/loan-stats/', async () => {
    const [row] = await query<Record<string, string | number>>(sql`
      select count(*)::int as total_loans,
        count(*) filter (where status = 'ACTIVE')::int as active_loans,
        count(*) filter (where status = 'OVERDUE')::int as overdue_loans,
        count(*) filter (where status = 'FULLY_PAID')::int as fully_paid_loans,
        count(*) filter (where status = 'DEFAULT')::int as default_loans,
        sum(amount)::text || '.00' as total_portfolio,
        sum(total_payable - total_payments)::text || '.00' as outstanding_balance,
        (select sum(amount) from loan_repayments)::text || '.00' as total_repayments
      from loans`);
    expect((await get('/api/loans/admin/loan-stats/')).json()).toEqual(row);
  });

  it('GET /api/loans/repayment-statistics/', async () => {
    // The last 30 days are Kampala dates: from the start of 17 May, 30 days before 16 June.
    const WINDOW_START = kampala('2025-05-17', '00:00');
    const [row] = await query<Record<string, string | number>>(sql`
      select (select sum(amount)::text || '.00' from loan_repayments) as total_repayments,
        (select count(*)::int from loan_repayments) as total_payment_transactions,
        (select sum(total_payable - total_payments)::text || '.00' from loans where status <> 'FULLY_PAID') as total_outstanding,
        (select count(*)::int from loan_repayments where paid_at >= ${WINDOW_START} and days_late_at_payment = 0) as ontime_payments,
        (select count(*)::int from loan_repayments where paid_at >= ${WINDOW_START} and days_late_at_payment > 0) as late_payments,
        (select count(*)::int from loan_installments where due_date >= '2025-05-17' and due_date < '2025-06-16'
           and (principal_paid < principal_due or interest_paid < interest_due)) as missed_payments`);
    const res = (await get('/api/loans/repayment-statistics/')).json();
    const { success_rate, ...rest } = res;
    expect(rest).toEqual(row);
    // In the window: the current loan's on-time payment and the late loan's late one;
    // missed: the late loan's installments due 2 and 9 June.
    expect(rest).toMatchObject({ ontime_payments: 1, late_payments: 1, missed_payments: 2 });
    expect(success_rate).toBe(25);
  });

  it('GET /api/loans/user/:id/statistics/ and /loans/', async () => {
    const res = (await get(`/api/loans/user/${borrower.id}/statistics/`)).json();
    const [row] = await query<{ borrowed: string; repaid: string; owed: string }>(sql`
      select sum(amount)::text as borrowed, sum(total_payments)::text as repaid,
        sum(total_payable - total_payments)::text as owed from loans where user_id = ${borrower.id}`);
    expect(res).toMatchObject({
      user: borrower.id,
      user_name: 'Okello David',
      total_loans: 2,
      active_loans: 1,
      overdue_loans: 1,
      total_borrowed: `${row?.borrowed}.00`,
      total_repaid: `${row?.repaid}.00`,
      outstanding_balance: `${row?.owed}.00`,
      max_days_in_arrears: 14,
      total_applications: 2,
    });
    const loans = (await get(`/api/loans/user/${other.id}/loans/`)).json();
    const defaulted = loans.results.find((l: { id: number }) => l.id === loanIds.defaulted);
    expect(defaulted).toMatchObject({ status: 'DEFAULT', days_in_arrears: 126, payment_percentage: 0 });
    const paid = loans.results.find((l: { id: number }) => l.id === loanIds.paid);
    expect(paid).toMatchObject({
      status: 'FULLY_PAID',
      days_in_arrears: 0,
      payment_percentage: 100,
      remaining_balance: '0.00',
    });
    expect((await get('/api/loans/user/999999/statistics/')).statusCode).toBe(404);
  });
});

describe('GET /api/loans/transactions/ and /overdue-payments/', () => {
  it('lists repayments of one loan with their split and remaining balance', async () => {
    const res = (await get(`/api/loans/transactions/?loan=${loanIds.current}`)).json();
    expect(res.count).toBe(1);
    expect(res.results[0]).toMatchObject({
      transaction_id: expect.stringMatching(/^RP-\d{6}$/),
      user_name: 'Okello David',
      amount_paid: '44923.00',
      interest: '6462.00',
      principal: '38461.00',
      remaining_balance: '1123077.00',
      payment_mode: 'Mobile Money',
      payment_date: kampala('2025-06-08').toISOString(),
    });
    expect((await get('/api/loans/transactions/')).json().count).toBe(3);
  });

  it('lists loans in arrears, most days first, with the overdue amount', async () => {
    const res = (await get('/api/loans/overdue-payments/')).json();
    expect(res.results.map((r: { loan: number }) => r.loan)).toEqual([loanIds.defaulted, loanIds.late]);
    expect(res.results[1]).toMatchObject({
      days_in_arrears: 14,
      overdue_installments: 2,
      amount_overdue: `${2 * 89_846}.00`,
    });
    // 500,000 FLAT for 3 months: 13 weeks of 41,692 (last 41,696); all 13 fell due by 5 May.
    expect(res.results[0]).toMatchObject({
      status: 'DEFAULT',
      days_in_arrears: 126,
      overdue_installments: 13,
    });
  });
});
