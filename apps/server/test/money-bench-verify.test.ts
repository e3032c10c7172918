import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, verifySettlements } from '../bench/money/verify.ts';
import { participations } from '../src/db/schema/index.ts';
import { PLATFORM_WALLET, SUSPENSE } from '../src/features/ledger/ledger-accounts.ts';
import { insertApplication, insertLoanType } from './lending-factories.ts';
import { verifiedLender } from './marketplace-helpers.ts';
import { completedRepayment, idempotencyKey } from './money-helpers.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let loanId: number;
let paymentIds: number[];
const db = () => t.db.database.db;

/** A loan funded by two lenders on the marketplace, paid out, and repaid twice by mobile money. */
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.userWithToken('admin');
  const lenders = [
    await verifiedLender(t, admin.token, 2_000_000),
    await verifiedLender(t, admin.token, 2_000_000),
  ];
  const borrower = await t.userWithToken('borrower');
  const post = (token: string, url: string, payload: object = {}, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const phone = await t.app.inject({
    method: 'PATCH',
    url: `/api/auth/admin/users/${borrower.user.id}/`,
    headers: bearer(admin.token),
    payload: { phone_number: '0772123456' },
  });
  expect(phone.statusCode, phone.body).toBe(200);
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId: borrower.user.id,
    loanTypeId: type.id,
    amountRequested: 1_000_000,
    loanTermMonths: 3,
    status: 'PENDING',
    creditScore: 78,
  });
  const base = `/api/loans/applications/${application.id}`;
  expect((await post(admin.token, `${base}/approve/`)).statusCode).toBe(200);
  const listing = await t.services.marketplace.listingOfApplication(application.id);
  for (const [lender, amount] of [
    [lenders[0], 600_000],
    [lenders[1], 400_000],
  ] as const) {
    const bid = await post(
      lender?.token ?? '',
      `/api/marketplace/listings/${listing.id}/bids/`,
      { amount, rate: '2.40' },
      idempotencyKey('bid'),
    );
    expect(bid.statusCode, bid.body).toBe(201);
  }
  const offers = await post(borrower.token, `${base}/offers/request/`);
  expect(offers.statusCode, offers.body).toBe(200);
  const accepted = await post(
    borrower.token,
    `${base}/offers/${offers.json()[0].id}/accept/`,
    {},
    idempotencyKey(),
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  const disbursed = await post(admin.token, `${base}/disburse/`, {}, idempotencyKey('disburse'));
  expect(disbursed.statusCode, disbursed.body).toBe(201);
  loanId = disbursed.json().id;
  const weekly = Number(disbursed.json().weekly_repayment);
  paymentIds = [];
  for (let i = 0; i < 2; i++) {
    const { payment } = await completedRepayment(t, { loanId, userId: borrower.user.id, amount: weekly });
    paymentIds.push(payment.id);
  }
});
afterAll(async () => {
  await t.close();
});

describe("bench:money's verification", () => {
  it('finds nothing wrong after real settlements', async () => {
    const found = await verifySettlements(db(), { paymentIds, loanIds: [loanId] });
    expect(describeProblems(found)).toEqual([]);
  });

  it('catches a payment settled twice, an unknown payment and a participation that drifted', async () => {
    const [first] = paymentIds;
    if (first === undefined) throw new Error('no payment');
    // A second settlement posting of the same payment, as a retry under another key would write it:
    // balanced, so only counting the settlements per payment sees it. (A second repayment row is
    // refused by the database: loan_repayments_platform_transaction_key.)
    await db().transaction(async (tx) => {
      await t.services.ledger.postJournal(tx, {
        idempotencyKey: `payment:${first}:settle-again`,
        kind: 'REPAYMENT',
        memo: 'a second settlement',
        platformTransactionId: first,
        lines: [
          { account: PLATFORM_WALLET, amount: 1_000 },
          { account: SUSPENSE, amount: -1_000 },
        ],
      });
    });
    await db()
      .update(participations)
      .set({ principalRepaid: sql`${participations.principalRepaid} + 1` })
      .where(eq(participations.loanId, loanId));

    const found = await verifySettlements(db(), { paymentIds: [...paymentIds, 999_999], loanIds: [loanId] });
    expect(found.settledOtherThanOnce).toEqual([{ paymentId: first, postings: 2, repayments: 1 }]);
    expect(found.notCompleted).toEqual([999_999]);
    expect(found.loansNotMatchingParticipations).toEqual([loanId]);
    expect(found.investedNotMatching).toHaveLength(2);
    expect(found.ledgerTotal).toBe(0);
    expect(describeProblems(found)).toHaveLength(4);
  });
});
