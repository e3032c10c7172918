import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { verifiedLender } from '../../../test/marketplace-helpers.ts';
import { completedRepayment, idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { listings } from '../../db/schema/index.ts';
import { runLoanStatusTick } from '../loans/loan-status.job.ts';

let t: TestApp;
let admin: { user: { id: number }; token: string };
/** Lender A funds two loans (the second, newer, with B), B one. */
let a: { user: { id: number }; token: string };
let b: { user: { id: number }; token: string };
let loans: { id: number }[];

const db = () => t.db.database.db;

function as(token: string, url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

function asAt(token: string, method: 'POST', url: string, key?: string) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: {},
  });
}

/** A loan funded on the marketplace by `shares` (lender, amount), paid out and repaid once. */
async function fundedLoan(shares: [{ token: string }, number][]) {
  const borrower = await t.userWithToken('borrower');
  // The payout goes to the borrower's mobile-money number.
  const phone = await t.app.inject({
    method: 'PATCH',
    url: `/api/auth/admin/users/${borrower.user.id}/`,
    headers: bearer(admin.token),
    payload: { phone_number: '0772123456' },
  });
  expect(phone.statusCode, phone.body).toBe(200);
  const amount = shares.reduce((sum, [, share]) => sum + share, 0);
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId: borrower.user.id,
    loanTypeId: type.id,
    amountRequested: amount,
    loanTermMonths: 3,
    status: 'PENDING',
    creditScore: 78,
  });
  const base = `/api/loans/applications/${application.id}`;
  expect((await asAt(admin.token, 'POST', `${base}/approve/`)).statusCode).toBe(200);
  const [listing] = await db().select().from(listings).where(eq(listings.applicationId, application.id));
  if (!listing) throw new Error('the approval did not list the application');
  for (const [lender, share] of shares) {
    const bid = await t.app.inject({
      method: 'POST',
      url: `/api/marketplace/listings/${listing.id}/bids/`,
      headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey('bid') },
      payload: { amount: share, rate: '2.40' },
    });
    expect(bid.statusCode, bid.body).toBe(201);
  }
  const offers = await asAt(borrower.token, 'POST', `${base}/offers/request/`);
  expect(offers.statusCode, offers.body).toBe(200);
  const full = offers.json()[0];
  const accepted = await asAt(borrower.token, 'POST', `${base}/offers/${full.id}/accept/`, idempotencyKey());
  expect(accepted.statusCode, accepted.body).toBe(200);
  const disbursed = await asAt(admin.token, 'POST', `${base}/disburse/`, idempotencyKey('disburse'));
  expect(disbursed.statusCode, disbursed.body).toBe(201);
  const loan = disbursed.json();
  await completedRepayment(t, {
    loanId: loan.id,
    userId: borrower.user.id,
    amount: Number(loan.weekly_repayment),
  });
  return loan as { id: number };
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken('admin');
  a = await verifiedLender(t, admin.token, 3_000_000);
  b = await verifiedLender(t, admin.token, 3_000_000);
  loans = [
    await fundedLoan([[a, 600_000]]),
    await fundedLoan([
      [a, 500_000],
      [b, 400_000],
    ]),
  ];
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(db());
});

const portfolioUrl = (id: number | string) => `/api/marketplace/admin/lenders/${id}/portfolio/`;
const participationsUrl = (id: number | string, query = '') =>
  `/api/marketplace/admin/lenders/${id}/participations/${query}`;

describe('GET /api/marketplace/admin/lenders/:id/portfolio/', () => {
  it('answers an admin with the portfolio the lender itself reads', async () => {
    for (const lender of [a, b]) {
      const own = await as(lender.token, '/api/lender/portfolio/');
      const seen = await as(admin.token, portfolioUrl(lender.user.id));
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json()).toEqual(own.json());
    }
    const ofA = (await as(admin.token, portfolioUrl(a.user.id))).json();
    expect(ofA.loans).toEqual({ active: 2, overdue: 0, default: 0, fully_paid: 0 });
    expect(Number(ofA.outstanding_principal) + Number(ofA.principal_repaid)).toBe(1_100_000);
    expect(Number(ofA.interest_earned)).toBeGreaterThan(0);
    expect(Number(ofA.cash_available)).toBeGreaterThan(1_900_000);
    const ofB = (await as(admin.token, portfolioUrl(b.user.id))).json();
    expect(ofB.loans.active).toBe(1);
  });
});

describe('GET /api/marketplace/admin/lenders/:id/participations/', () => {
  it('answers an admin with the shares the lender itself reads, newest first', async () => {
    const own = await as(a.token, '/api/lender/participations/');
    const seen = await as(admin.token, participationsUrl(a.user.id));
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ ...own.json(), next: null, previous: null });
    expect(seen.json()).toMatchObject({
      count: 2,
      results: [
        { loan: loans[1]?.id, share: '500000.00', status: 'ACTIVE', days_in_arrears: 0 },
        { loan: loans[0]?.id, share: '600000.00', status: 'ACTIVE', days_in_arrears: 0 },
      ],
    });
    const ofB = (await as(admin.token, participationsUrl(b.user.id))).json();
    expect(ofB.results.map((p: { loan: number; share: string }) => [p.loan, p.share])).toEqual([
      [loans[1]?.id, '400000.00'],
    ]);
  });

  it('pages and filters by loan status as the lender’s own list does', async () => {
    const first = (await as(admin.token, participationsUrl(a.user.id, '?page_size=1'))).json();
    expect(first).toMatchObject({ count: 2, previous: null, results: [{ loan: loans[1]?.id }] });
    expect(first.next).toContain(`/api/marketplace/admin/lenders/${a.user.id}/participations/`);
    expect(first.next).toContain('page=2');
    const second = (await as(admin.token, participationsUrl(a.user.id, '?page_size=1&page=2'))).json();
    expect(second).toMatchObject({ count: 2, next: null, results: [{ loan: loans[0]?.id }] });
    const active = (await as(admin.token, participationsUrl(a.user.id, '?status=ACTIVE'))).json();
    expect(active.count).toBe(2);
    const paid = (await as(admin.token, participationsUrl(a.user.id, '?status=FULLY_PAID'))).json();
    expect(paid).toMatchObject({ count: 0, results: [] });
  });

  it('follows the loans as their status moves: the portfolio counts them, the list filters by it', async () => {
    // Three weeks on, each loan's second installment is a week late (each was repaid once).
    const later = fixedClock(new Date(Date.now() + 21 * 86_400_000));
    const moved = await runLoanStatusTick({
      database: t.db.database,
      clock: later,
      messages: t.services.messages,
    });
    expect(moved.map((change) => change.to).sort()).toEqual(['OVERDUE', 'OVERDUE']);
    const ofA = (await as(admin.token, portfolioUrl(a.user.id))).json();
    expect(ofA.loans).toEqual({ active: 0, overdue: 2, default: 0, fully_paid: 0 });
    expect((await as(admin.token, portfolioUrl(b.user.id))).json().loans.overdue).toBe(1);
    const overdue = (
      await as(admin.token, participationsUrl(a.user.id, '?status=OVERDUE&page_size=1'))
    ).json();
    expect(overdue).toMatchObject({ count: 2, results: [{ loan: loans[1]?.id, status: 'OVERDUE' }] });
    const active = (await as(admin.token, participationsUrl(a.user.id, '?status=ACTIVE'))).json();
    expect(active).toMatchObject({ count: 0, results: [] });
  });
});

describe.each([
  ['portfolio', portfolioUrl],
  ['participations', (id: number | string) => participationsUrl(id)],
])('the admin view of a lender’s %s', (_name, url) => {
  it('answers 403 to lenders, the lender itself included, and to borrowers', async () => {
    const borrower = await t.userWithToken('borrower');
    for (const token of [a.token, b.token, borrower.token]) {
      const res = await as(token, url(a.user.id));
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('cash_available');
      expect(res.body).not.toContain('results');
    }
    expect((await t.app.inject({ method: 'GET', url: url(a.user.id) })).statusCode).toBe(401);
  });

  it('answers 404 LENDER_NOT_FOUND for a borrower, an admin, a closed lender and an unknown id', async () => {
    const borrower = await t.userWithToken('borrower');
    const closed = await t.userWithToken('lender');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/admin/users/${closed.user.id}/`,
      headers: bearer(admin.token),
    });
    expect(deleted.statusCode).toBe(204);
    for (const id of [borrower.user.id, admin.user.id, closed.user.id, 2_147_000_000]) {
      const res = await as(admin.token, url(id));
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ error: 'Lender not found', code: 'LENDER_NOT_FOUND' });
    }
  });

  it('answers 400 to an id that is not a positive whole number', async () => {
    for (const id of ['abc', '0', '-3', '1.5']) {
      const res = await as(admin.token, url(id));
      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toBe('Invalid request');
    }
  });
});

describe('GET /api/marketplace/admin/lenders/:id/participations/ refuses', () => {
  it('a bad page, page size or status with 400, naming the parameter', async () => {
    for (const [query, field] of [
      ['?page=0', 'page'],
      ['?page=two', 'page'],
      ['?page_size=0', 'page_size'],
      ['?page_size=101', 'page_size'],
      ['?status=PENDING', 'status'],
    ]) {
      const res = await as(admin.token, participationsUrl(a.user.id, query));
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().details), query).toEqual([`querystring.${field}`]);
    }
  });
});
