import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { verifiedLender } from '../../../test/marketplace-helpers.ts';
import { completedRepayment, idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { listings, participations } from '../../db/schema/index.ts';
import {
  FEE_INCOME,
  LOANS_RECEIVABLE,
  lenderInvested,
  lenderReserved,
  PLATFORM_WALLET,
  userWallet,
} from '../ledger/ledger-accounts.ts';

let t: TestApp;
let adminToken: string;
let sequence = 0;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

const db = () => t.db.database.db;
const balance = (code: Parameters<TestApp['services']['ledger']['balanceOf']>[1]) =>
  t.services.ledger.balanceOf(db(), code);
/** What a lender can spend: its wallet, a liability, read as a positive amount. */
const cashOf = async (lenderId: number) => 0 - (await balance(userWallet(lenderId)));
const reservedOf = async (lenderId: number) => 0 - (await balance(lenderReserved(lenderId)));

async function borrower() {
  sequence++;
  const user = await t.services.users.createUser({
    email: `mkt-borrower${sequence}-${Date.now()}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: `Achieng Borrower ${sequence}`,
    role: 'borrower',
    phoneNumber: '0772123456',
  });
  const token = await t.services.accessTokens.sign(
    { userId: user.id, role: user.role },
    t.services.clock.now(),
  );
  return { user, token };
}

/** A pending application the admin approves through the API, which lists it at once. */
async function listedApplication(userId: number, amount = 2_000_000) {
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId,
    loanTypeId: type.id,
    amountRequested: amount,
    loanTermMonths: 3,
    status: 'PENDING',
    creditScore: 78,
  });
  const approved = await t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${application.id}/approve/`,
    headers: bearer(adminToken),
    payload: {},
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const [listing] = await db().select().from(listings).where(eq(listings.applicationId, application.id));
  if (!listing) throw new Error('the approval did not list the application');
  return { application, listing };
}

function bid(
  token: string,
  listingId: number,
  amount: number | string,
  rate: string,
  key = idempotencyKey('bid'),
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/marketplace/listings/${listingId}/bids/`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload: { amount, rate },
  });
}

const as = (
  token: string,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url, headers: { ...bearer(token), ...headers } });

describe('the marketplace journey', () => {
  it('funds a loan from three lenders, pays it out of their reservations and splits a repayment net of the fee', async () => {
    const { user, token: borrowerToken } = await borrower();
    const { application, listing } = await listedApplication(user.id, 2_000_000);
    expect(listing).toMatchObject({ status: 'OPEN', amount: 2_000_000, maxRateBp: 280, riskGrade: 'B' });

    const a = await verifiedLender(t, adminToken, 2_000_000);
    const b = await verifiedLender(t, adminToken, 2_000_000);
    const c = await verifiedLender(t, adminToken, 2_000_000);
    expect((await bid(a.token, listing.id, 1_000_000, '2.20')).statusCode).toBe(201);
    expect((await bid(b.token, listing.id, '800000', '2.50')).statusCode).toBe(201);
    const cBid = await bid(c.token, listing.id, 500_000, '2.70');
    expect(cBid.statusCode, cBid.body).toBe(201);
    expect(cBid.json()).toMatchObject({ amount: '500000.00', rate: '2.70', status: 'LIVE' });
    // Reserved at once: out of the wallet's cash, into the lender's reserved account.
    expect(await cashOf(a.user.id)).toBe(1_000_000);
    expect(await reservedOf(a.user.id)).toBe(1_000_000);

    const seen = await as(a.token, 'GET', `/api/marketplace/listings/${listing.id}/`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      status: 'OPEN',
      amount: '2000000.00',
      funded_amount: '2300000.00',
      bids_count: 3,
      min_bid: '50000.00',
      max_rate: '2.80',
      risk_grade: 'B',
      district: 'Kampala',
      my_bid: { amount: '1000000.00', rate: '2.20' },
    });
    // The back-office's application shows its listing and what the live bids cover, and so does
    // the page of the worklist and the export that hold it; a pending application has none.
    const listingShown = {
      id: listing.id,
      status: 'OPEN',
      funded_amount: '2300000.00',
      closes_at: listing.closesAt.toISOString(),
    };
    const review = await as(adminToken, 'GET', `/api/loans/applications/${application.id}/`);
    expect(review.json().listing).toEqual(listingShown);
    const worklist = await as(adminToken, 'GET', `/api/loans/applications/?search=${application.nin}`);
    expect(worklist.json().results.map((r: { listing: unknown }) => r.listing)).toEqual([listingShown]);
    const pending = await insertApplication(db(), { userId: user.id, loanTypeId: application.loanTypeId });
    expect((await as(adminToken, 'GET', `/api/loans/applications/${pending.id}/`)).json().listing).toBeNull();
    // Nothing that names or reaches the borrower.
    const text = seen.body;
    for (const secret of [
      user.name,
      user.email,
      '772123456',
      'CF12345678901A',
      'Owino',
      'Nakato Fresh Produce',
    ]) {
      expect(text).not.toContain(secret);
    }

    // The borrower closes bidding early (bids cover the amount): the auction makes two offers.
    const offers = await as(
      borrowerToken,
      'POST',
      `/api/loans/applications/${application.id}/offers/request/`,
    );
    expect(offers.statusCode, offers.body).toBe(200);
    expect(offers.json()).toMatchObject([
      { kind: 'full', amount: '2000000.00', rate: '2.70', lenders: 3, status: 'OPEN', term_weeks: 13 },
      { kind: 'lower-rate', amount: '1800000.00', rate: '2.50', lenders: 2, status: 'OPEN' },
    ]);
    const full = offers.json()[0];

    const accepted = await as(
      borrowerToken,
      'POST',
      `/api/loans/applications/${application.id}/offers/${full.id}/accept/`,
      { 'idempotency-key': idempotencyKey('accept') },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'ACCEPTED' });
    // C's marginal bid is filled for 200,000 of its 500,000: the rest is its cash again.
    expect(await reservedOf(c.user.id)).toBe(200_000);
    expect(await cashOf(c.user.id)).toBe(1_800_000);

    const walletBefore = await balance(PLATFORM_WALLET);
    const disbursed = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${application.id}/disburse/`,
      headers: { ...bearer(adminToken), 'idempotency-key': idempotencyKey('disburse') },
    });
    expect(disbursed.statusCode, disbursed.body).toBe(201);
    const loan = disbursed.json();
    expect(loan).toMatchObject({ amount: '2000000.00', interest_rate: '2.70' });
    expect(await balance(PLATFORM_WALLET)).toBe(walletBefore - 2_000_000);
    for (const [lender, lent] of [
      [a, 1_000_000],
      [b, 800_000],
      [c, 200_000],
    ] as const) {
      expect(await reservedOf(lender.user.id)).toBe(0);
      expect(0 - (await balance(lenderInvested(lender.user.id)))).toBe(lent);
    }
    const shares = await db().select().from(participations).where(eq(participations.loanId, loan.id));
    expect(shares.map((p) => [p.lenderId, p.principalShare, p.rateBp]).sort()).toEqual(
      [
        [a.user.id, 1_000_000, 270],
        [b.user.id, 800_000, 270],
        [c.user.id, 200_000, 270],
      ].sort(),
    );
    const [listed] = await db().select().from(listings).where(eq(listings.id, listing.id));
    expect(listed?.status).toBe('DISBURSED');

    // One weekly installment: principal and interest split 50/40/10, 10 % of the interest is the fee.
    const cashBefore = await Promise.all([a, b, c].map((l) => cashOf(l.user.id)));
    const feeBefore = await balance(FEE_INCOME);
    const receivableBefore = await balance(LOANS_RECEIVABLE);
    const weekly = Number(loan.weekly_repayment);
    await completedRepayment(t, { loanId: loan.id, userId: user.id, amount: weekly });
    const after = await db().select().from(participations).where(eq(participations.loanId, loan.id));
    const principal = after.reduce((sum, p) => sum + p.principalRepaid, 0);
    const interest = after.reduce((sum, p) => sum + p.interestPaid, 0);
    const fees = after.reduce((sum, p) => sum + p.feesPaid, 0);
    expect(principal + interest).toBe(weekly);
    expect(receivableBefore - (await balance(LOANS_RECEIVABLE))).toBe(principal);
    expect(feeBefore - (await balance(FEE_INCOME))).toBe(fees);
    expect(Math.abs(fees - interest / 10)).toBeLessThanOrEqual(1);
    const cashAfter = await Promise.all([a, b, c].map((l) => cashOf(l.user.id)));
    const gained = cashAfter.map((cash, i) => cash - (cashBefore[i] ?? 0));
    expect(gained.reduce((s, g) => s + g, 0)).toBe(weekly - fees);
    for (const [i, lender] of [a, b, c].entries()) {
      const share = after.find((p) => p.lenderId === lender.user.id);
      expect(gained[i]).toBe(
        (share?.principalRepaid ?? 0) + (share?.interestPaid ?? 0) - (share?.feesPaid ?? 0),
      );
      expect(0 - (await balance(lenderInvested(lender.user.id)))).toBe(
        (share?.principalShare ?? 0) - (share?.principalRepaid ?? 0),
      );
    }

    // Each lender sees its share in its portfolio; no other lender's.
    const shareOfA = after.find((p) => p.lenderId === a.user.id);
    const portfolio = await as(a.token, 'GET', '/api/lender/portfolio/');
    expect(portfolio.statusCode, portfolio.body).toBe(200);
    expect(portfolio.json()).toMatchObject({
      cash_available: `${cashAfter[0]}.00`,
      cash_reserved: '0.00',
      outstanding_principal: `${1_000_000 - (shareOfA?.principalRepaid ?? 0)}.00`,
      principal_repaid: `${shareOfA?.principalRepaid}.00`,
      interest_earned: `${shareOfA?.interestPaid}.00`,
      fees_paid: `${shareOfA?.feesPaid}.00`,
      loans: { active: 1, overdue: 0, default: 0, fully_paid: 0 },
    });
    const mine = await as(a.token, 'GET', '/api/lender/participations/');
    expect(mine.json()).toMatchObject({
      count: 1,
      results: [{ loan: loan.id, share: '1000000.00', rate: '2.70', status: 'ACTIVE', days_in_arrears: 0 }],
    });
    expect((await as(borrowerToken, 'GET', '/api/lender/portfolio/')).statusCode).toBe(403);
    const statement = await as(a.token, 'GET', '/api/lender/statement/');
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({
      lines: [
        { kind: 'LENT', amount: '-1000000.00' },
        { kind: 'REPAYMENT', amount: `${gained[0]}.00` },
      ],
      total_lent: '1000000.00',
      total_received: `${gained[0]}.00`,
    });
    const csv = await as(a.token, 'GET', '/api/lender/statement/', { accept: 'text/csv' });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe('Date,Kind,Description,Amount (UGX)');
    expect(csv.body).toContain('-1000000.00');
    const stats = await as(adminToken, 'GET', '/api/marketplace/admin/stats/');
    expect(stats.statusCode).toBe(200);
    expect(Number(stats.json().funded_this_month)).toBeGreaterThanOrEqual(2_000_000);
    // The first listing of this file, funded: nothing open or bid, three lenders in, cleared at 2.70 %
    // (read from the running totals, migration 0050).
    expect(stats.json()).toMatchObject({
      open_listings: 0,
      amount_bid: '0.00',
      active_lenders: 3,
      average_clearing_rate: '2.70',
    });

    // Admins see who funded the loan.
    const funded = await as(adminToken, 'GET', `/api/marketplace/admin/loans/${loan.id}/participations/`);
    expect(funded.statusCode).toBe(200);
    expect(funded.json()).toHaveLength(3);

    // A lender takes its return out by mobile money.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/withdraw/',
      headers: { ...bearer(a.token), 'idempotency-key': idempotencyKey('withdraw') },
      payload: { amount: cashAfter[0], phone_number: a.user.phoneNumber },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(201);
  });

  it('lets the platform fund an approved application itself, releasing the bids on its listing', async () => {
    const { user } = await borrower();
    const { application, listing } = await listedApplication(user.id, 500_000);
    const lender = await verifiedLender(t, adminToken, 1_000_000);
    expect((await bid(lender.token, listing.id, 300_000, '2.00')).statusCode).toBe(201);
    await t.services.capital.payIn({
      amount: 5_000_000,
      idempotencyKey: idempotencyKey('capital'),
      reference: 'test',
      adminId: null,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${application.id}/disburse/`,
      headers: { ...bearer(adminToken), 'idempotency-key': idempotencyKey('disburse') },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '500000.00', interest_rate: '2.80' });
    expect(await reservedOf(lender.user.id)).toBe(0);
    expect(await cashOf(lender.user.id)).toBe(1_000_000);
    const shares = await db().select().from(participations).where(eq(participations.loanId, res.json().id));
    expect(shares).toMatchObject([{ lenderId: null, principalShare: 500_000 }]);
  });
});

describe('POST /api/marketplace/listings/:id/bids/ refuses', () => {
  it('bad amounts and rates, closed listings, unverified lenders and borrowers, reserving nothing', async () => {
    const { user, token: borrowerToken } = await borrower();
    const { listing } = await listedApplication(user.id, 1_000_000);
    const lender = await verifiedLender(t, adminToken, 600_000);
    const cases: [number | string, string, number, string][] = [
      [40_000, '2.00', 400, 'INVALID_BID'], // below MIN_BID
      [150_500, '2.00', 400, 'INVALID_BID'], // not whole thousands
      [1_100_000, '2.00', 400, 'INVALID_BID'], // above the listing
      [100_000, '2.90', 400, 'INVALID_BID'], // above the loan type's rate
      [100_000, '0.90', 400, 'INVALID_BID'], // below 1.00 %
      [700_000, '2.00', 400, 'INSUFFICIENT_CASH'],
    ];
    for (const [amount, rate, status, code] of cases) {
      const res = await bid(lender.token, listing.id, amount, rate);
      expect(res.statusCode, `${amount} at ${rate}: ${res.body}`).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await reservedOf(lender.user.id)).toBe(0);
    expect(await cashOf(lender.user.id)).toBe(600_000);

    const unverified = await t.userWithToken('lender');
    const refused = await bid(unverified.token, listing.id, 100_000, '2.00');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('LENDER_NOT_VERIFIED');
    expect((await bid(borrowerToken, listing.id, 100_000, '2.00')).statusCode).toBe(403);
    expect((await as(borrowerToken, 'GET', '/api/marketplace/listings/')).statusCode).toBe(403);

    await db().update(listings).set({ status: 'EXPIRED' }).where(eq(listings.id, listing.id));
    const closed = await bid(lender.token, listing.id, 100_000, '2.00');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('LISTING_NOT_OPEN');
    expect(await reservedOf(lender.user.id)).toBe(0);
  });

  it('replaces a lender’s live bid, and a withdrawn bid gives the money back', async () => {
    const { user } = await borrower();
    const { listing } = await listedApplication(user.id, 1_000_000);
    const lender = await verifiedLender(t, adminToken, 500_000);
    expect((await bid(lender.token, listing.id, 300_000, '2.00')).statusCode).toBe(201);
    const second = await bid(lender.token, listing.id, 450_000, '2.10');
    expect(second.statusCode, second.body).toBe(201);
    expect(await reservedOf(lender.user.id)).toBe(450_000);
    const mine = await as(lender.token, 'GET', '/api/marketplace/bids/?status=LIVE');
    expect(mine.json()).toMatchObject({ count: 1, results: [{ amount: '450000.00' }] });

    const other = await verifiedLender(t, adminToken, 100_000);
    expect((await as(other.token, 'DELETE', `/api/marketplace/bids/${second.json().id}/`)).statusCode).toBe(
      404,
    );
    const withdrawn = await as(lender.token, 'DELETE', `/api/marketplace/bids/${second.json().id}/`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().status).toBe('WITHDRAWN');
    expect(await reservedOf(lender.user.id)).toBe(0);
    expect(await cashOf(lender.user.id)).toBe(500_000);
  });
});

describe('GET /api/marketplace/listings/ filters', () => {
  /** An approved application of the type and term, listed at the type's rate. */
  async function listedOn(typeId: number, termMonths: number) {
    const { user } = await borrower();
    const application = await insertApplication(db(), {
      userId: user.id,
      loanTypeId: typeId,
      amountRequested: 600_000,
      loanTermMonths: termMonths,
      status: 'PENDING',
      creditScore: 78,
    });
    const approved = await as(adminToken, 'POST', `/api/loans/applications/${application.id}/approve/`);
    expect(approved.statusCode, approved.body).toBe(200);
    const [listing] = await db().select().from(listings).where(eq(listings.applicationId, application.id));
    if (!listing) throw new Error('the approval did not list the application');
    return listing;
  }
  const idsOf = (answer: { results: { id: number }[] }) => answer.results.map((row) => row.id).sort();

  it('by longest term and by a lowest rate the listing’s maximum must reach', async () => {
    const cheap = await insertLoanType(db(), { interestRate: '2.13' });
    const dear = await insertLoanType(db(), { interestRate: '3.37' });
    const short = await listedOn(cheap.id, 3);
    const long = await listedOn(cheap.id, 12);
    const dearShort = await listedOn(dear.id, 2);
    const lender = await verifiedLender(t, adminToken, 100_000);
    const list = async (query: string) => {
      const answer = await as(lender.token, 'GET', `/api/marketplace/listings/?status=OPEN&${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as {
        count: number;
        results: { id: number; term_months: number; max_rate: string }[];
      };
    };

    expect(idsOf(await list(`loan_type=${cheap.id}`))).toEqual([short.id, long.id].sort());
    const upToSix = await list(`loan_type=${cheap.id}&max_term_months=6`);
    expect(upToSix).toMatchObject({ count: 1, results: [{ id: short.id, term_months: 3 }] });
    expect((await list(`loan_type=${cheap.id}&max_term_months=12`)).count).toBe(2);
    // The rate filter keeps listings a bid at that rate is allowed on: maximum rate ≥ the rate.
    expect((await list(`loan_type=${cheap.id}&min_rate=2.13`)).count).toBe(2);
    expect((await list(`loan_type=${cheap.id}&min_rate=2.14`)).count).toBe(0);
    expect(idsOf(await list(`loan_type=${dear.id}&min_rate=2.5&max_term_months=2`))).toEqual([dearShort.id]);
    // Without a loan type: every listing answered keeps both rules.
    const both = await list('min_rate=3.00&max_term_months=2&page_size=100');
    expect(both.results.map((row) => row.id)).toContain(dearShort.id);
    for (const row of both.results) {
      expect(row.term_months).toBeLessThanOrEqual(2);
      expect(Number(row.max_rate)).toBeGreaterThanOrEqual(3);
    }
    expect(both.results.map((row) => row.id)).not.toContain(short.id);

    for (const bad of ['max_term_months=0', 'max_term_months=25', 'min_rate=abc', 'min_rate=2.555']) {
      const refused = await as(lender.token, 'GET', `/api/marketplace/listings/?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
    }
  });
});

describe('races', () => {
  it('never reserves more than a lender holds when it bids on 20 listings at once', async () => {
    const lender = await verifiedLender(t, adminToken, 1_000_000);
    const listed = [];
    for (let i = 0; i < 20; i++)
      listed.push((await listedApplication((await borrower()).user.id, 500_000)).listing);
    const answers = await Promise.all(listed.map((l) => bid(lender.token, l.id, 100_000, '2.00')));
    const accepted = answers.filter((r) => r.statusCode === 201).length;
    expect(accepted).toBe(10);
    for (const r of answers.filter((r) => r.statusCode !== 201))
      expect(r.json().code).toBe('INSUFFICIENT_CASH');
    expect(await reservedOf(lender.user.id)).toBe(1_000_000);
    expect(await cashOf(lender.user.id)).toBe(0);
  });

  it('funds once when the borrower accepts twice at the same time', async () => {
    const { user, token } = await borrower();
    const { application, listing } = await listedApplication(user.id, 400_000);
    const lender = await verifiedLender(t, adminToken, 400_000);
    expect((await bid(lender.token, listing.id, 400_000, '2.00')).statusCode).toBe(201);
    const offers = await as(token, 'POST', `/api/loans/applications/${application.id}/offers/request/`);
    const offerId = offers.json()[0].id;
    const tries = await Promise.all(
      [1, 2].map(() =>
        as(token, 'POST', `/api/loans/applications/${application.id}/offers/${offerId}/accept/`, {
          'idempotency-key': idempotencyKey('accept'),
        }),
      ),
    );
    expect(tries.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await reservedOf(lender.user.id)).toBe(400_000);
  });
});

describe('more races', () => {
  /** A listing covered by one lender's bid, with the borrower's offers made. */
  async function offered(amount: number) {
    const { user, token } = await borrower();
    const { application, listing } = await listedApplication(user.id, amount);
    const lender = await verifiedLender(t, adminToken, amount);
    expect((await bid(lender.token, listing.id, amount, '2.00')).statusCode).toBe(201);
    const offers = await as(token, 'POST', `/api/loans/applications/${application.id}/offers/request/`);
    return { token, application, listing, lender, offerId: offers.json()[0].id as number };
  }

  it('never overdraws when a withdrawal races a bid for the same cash', async () => {
    const { user } = await borrower();
    const { listing } = await listedApplication(user.id, 1_000_000);
    const lender = await verifiedLender(t, adminToken, 500_000);
    const [withdrawn, bidden] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/wallet/withdraw/',
        headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey('withdraw') },
        payload: { amount: 400_000, phone_number: lender.user.phoneNumber },
      }),
      bid(lender.token, listing.id, 400_000, '2.00'),
    ]);
    const won = [withdrawn.statusCode, bidden.statusCode].filter((code) => code === 201);
    expect(won, `${withdrawn.body} / ${bidden.body}`).toHaveLength(1);
    expect(await cashOf(lender.user.id)).toBe(100_000);
  });

  it('funds once or releases everything when the borrower accepts as the offers expire', async () => {
    const { token, application, listing, lender, offerId } = await offered(300_000);
    await db().execute(
      sql`update offers set expires_at = now() + interval '150 milliseconds' where listing_id = ${listing.id}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 140));
    const [accepted] = await Promise.all([
      as(token, 'POST', `/api/loans/applications/${application.id}/offers/${offerId}/accept/`, {
        'idempotency-key': idempotencyKey('accept'),
      }),
      new Promise((resolve) => setTimeout(resolve, 15)).then(() =>
        t.services.marketplace.expireLapsedOffers(),
      ),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await t.services.marketplace.expireLapsedOffers();
    const [after] = await db().select().from(listings).where(eq(listings.id, listing.id));
    if (accepted.statusCode === 200) {
      expect(after?.status).toBe('FUNDED');
      expect(await reservedOf(lender.user.id)).toBe(300_000);
    } else {
      expect(accepted.statusCode, accepted.body).toBe(409);
      expect(after?.status).toBe('EXPIRED');
      expect(await reservedOf(lender.user.id)).toBe(0);
      expect(await cashOf(lender.user.id)).toBe(300_000);
    }
  });

  it('pays a funded application once when two admins disburse it at the same time', async () => {
    const { token, application, lender, offerId } = await offered(400_000);
    expect(
      (
        await as(token, 'POST', `/api/loans/applications/${application.id}/offers/${offerId}/accept/`, {
          'idempotency-key': idempotencyKey('accept'),
        })
      ).statusCode,
    ).toBe(200);
    const secondAdmin = (await t.userWithToken('admin')).token;
    const answers = await Promise.all(
      [adminToken, secondAdmin].map((tokenOfAdmin) =>
        t.app.inject({
          method: 'POST',
          url: `/api/loans/applications/${application.id}/disburse/`,
          headers: { ...bearer(tokenOfAdmin), 'idempotency-key': idempotencyKey('disburse') },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loanId = answers.find((r) => r.statusCode === 201)?.json().id;
    const shares = await db().select().from(participations).where(eq(participations.loanId, loanId));
    expect(shares).toMatchObject([{ lenderId: lender.user.id, principalShare: 400_000 }]);
    expect(0 - (await balance(lenderInvested(lender.user.id)))).toBe(400_000);
    expect(await reservedOf(lender.user.id)).toBe(0);
  });
});

describe('offers that nobody takes', () => {
  it('releases every bid when the borrower declines, and an admin can list it again', async () => {
    const { user, token } = await borrower();
    const { application, listing } = await listedApplication(user.id, 300_000);
    const lender = await verifiedLender(t, adminToken, 300_000);
    expect((await bid(lender.token, listing.id, 300_000, '2.00')).statusCode).toBe(201);
    expect(
      (await as(token, 'POST', `/api/loans/applications/${application.id}/offers/request/`)).statusCode,
    ).toBe(200);
    const declined = await as(token, 'POST', `/api/loans/applications/${application.id}/offers/decline/`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject([{ status: 'DECLINED' }]);
    expect(await reservedOf(lender.user.id)).toBe(0);
    const relisted = await as(adminToken, 'POST', `/api/marketplace/admin/listings/${listing.id}/relist/`);
    expect(relisted.statusCode, relisted.body).toBe(200);
    expect(relisted.json()).toMatchObject({ status: 'OPEN', funded_amount: '0.00' });
    expect(
      (await as(adminToken, 'POST', `/api/marketplace/admin/listings/${listing.id}/relist/`)).statusCode,
    ).toBe(409);
  });

  it('closes a listing when its window ends and expires offers when their time runs out, once', async () => {
    const { user } = await borrower();
    const { listing } = await listedApplication(user.id, 300_000);
    const lender = await verifiedLender(t, adminToken, 300_000);
    expect((await bid(lender.token, listing.id, 300_000, '2.00')).statusCode).toBe(201);
    const closesAt = new Date(Date.now() - 1_000);
    await db().update(listings).set({ closesAt }).where(eq(listings.id, listing.id));
    const closed = await Promise.all([
      t.services.marketplace.closeDueListings(),
      t.services.marketplace.closeDueListings(),
    ]);
    expect(closed.reduce((s, n) => s + n, 0)).toBeGreaterThanOrEqual(1);
    const [offered] = await db().select().from(listings).where(eq(listings.id, listing.id));
    expect(offered?.status).toBe('OFFERED');
    // The offers' time ran out.
    await db().execute(
      sql`update offers set expires_at = now() - interval '1 minute' where listing_id = ${listing.id}`,
    );
    await t.services.marketplace.expireLapsedOffers();
    const [expired] = await db().select().from(listings).where(eq(listings.id, listing.id));
    expect(expired?.status).toBe('EXPIRED');
    expect(await reservedOf(lender.user.id)).toBe(0);
    expect(await cashOf(lender.user.id)).toBe(300_000);
  });
});

describe('auto-invest', () => {
  it('bids for matching rules in turn, within each rule’s limits and cash, once per listing', async () => {
    const { user } = await borrower();
    const { listing } = await listedApplication(user.id, 1_000_000);
    const eager = await verifiedLender(t, adminToken, 2_000_000);
    const careful = await verifiedLender(t, adminToken, 250_000);
    const picky = await verifiedLender(t, adminToken, 2_000_000);
    const rule = (token: string, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/marketplace/auto-invest/',
        headers: bearer(token),
        payload: body,
      });
    const base = {
      enabled: true,
      loan_types: [],
      max_term_months: 12,
      min_rate: '2.00',
      max_share_percent: 25,
    };
    expect(
      (await rule(eager.token, { ...base, risk_grades: ['B'], amount_per_loan: 400_000 })).statusCode,
    ).toBe(200);
    expect(
      (
        await rule(careful.token, {
          ...base,
          risk_grades: ['A', 'B'],
          amount_per_loan: 200_000,
          keep_cash: 100_000,
        })
      ).statusCode,
    ).toBe(200);
    // Grade A only: this B listing is not for it.
    expect(
      (await rule(picky.token, { ...base, risk_grades: ['A'], amount_per_loan: 200_000 })).statusCode,
    ).toBe(200);

    // Only this listing is open, so the rules' cash goes nowhere else first.
    await db()
      .update(listings)
      .set({ status: 'EXPIRED' })
      .where(and(eq(listings.status, 'OPEN'), ne(listings.id, listing.id)));
    const placed = await t.services.marketplace.runAutoInvest();
    expect(placed).toBeGreaterThanOrEqual(2);
    const bidsOf = async (token: string) =>
      (await as(token, 'GET', '/api/marketplace/bids/'))
        .json()
        .results.filter((b: { listing: number }) => b.listing === listing.id);
    // 25 % of 1,000,000 caps the eager rule; the careful one keeps 100,000 of its 250,000.
    expect(await bidsOf(eager.token)).toMatchObject([{ amount: '250000.00', rate: '2.00', automatic: true }]);
    expect(await bidsOf(careful.token)).toMatchObject([{ amount: '150000.00', automatic: true }]);
    expect(await bidsOf(picky.token)).toEqual([]);

    await t.services.marketplace.runAutoInvest();
    expect(await bidsOf(eager.token)).toHaveLength(1);
  });
});
