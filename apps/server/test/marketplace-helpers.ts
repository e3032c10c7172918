import { expect } from 'vitest';
import type { UserRow } from '../src/features/users/users.service.ts';
import { insertApplication, insertLoanType } from './lending-factories.ts';
import { idempotencyKey, lenderWithBalance } from './money-helpers.ts';
import { bearer, type TestApp } from './test-app.ts';

let lenders = 0;

/**
 * A lender that may bid, made the way a real one is: money deposited by mobile money, KYC filled in,
 * the terms accepted, and an admin's verification.
 */
export async function verifiedLender(
  t: TestApp,
  adminToken: string,
  cash: number,
): Promise<{ user: UserRow; token: string }> {
  lenders++;
  const lender = await lenderWithBalance(t, cash, `07720${String(10_000 + lenders).padStart(5, '0')}`);
  const as = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(lender.token), ...(payload ? { payload } : {}) });
  const kyc = await as('PUT', '/api/auth/kyc/', {
    lender_kind: 'institution',
    registration_number: `URSB/2020/${String(lenders).padStart(6, '0')}`,
    contact_person: 'Grace Nansubuga',
  });
  expect(kyc.statusCode, kyc.body).toBe(200);
  expect((await as('POST', '/api/lender/terms/accept/')).statusCode).toBe(200);
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/marketplace/admin/lenders/${lender.user.id}/verify/`,
    headers: bearer(adminToken),
    payload: { note: 'Certificate of incorporation checked' },
  });
  expect(verified.statusCode, verified.body).toBe(200);
  return lender;
}

/**
 * A loan the marketplace funded and paid out, made through the API as a real one is: the borrower's
 * application approved (which lists it), each lender bidding its amount at 2.40 %, the borrower
 * accepting the full offer, an admin disbursing it. The bids must add up to `amount`.
 */
export async function lenderFundedLoan(
  t: TestApp,
  input: {
    adminToken: string;
    borrower: { user: UserRow; token: string };
    bids: readonly { lender: { token: string }; amount: number }[];
    amount: number;
  },
): Promise<{ id: number; weeklyRepayment: number; totalPayable: number }> {
  const post = (token: string, url: string, payload: object = {}, key?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
      payload,
    });
  const type = await insertLoanType(t.db.database.db, { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(t.db.database.db, {
    userId: input.borrower.user.id,
    loanTypeId: type.id,
    amountRequested: input.amount,
    loanTermMonths: 3,
    status: 'PENDING',
    creditScore: 78,
  });
  const base = `/api/loans/applications/${application.id}`;
  const approved = await post(input.adminToken, `${base}/approve/`);
  expect(approved.statusCode, approved.body).toBe(200);
  const listing = await t.services.marketplace.listingOfApplication(application.id);
  for (const { lender, amount } of input.bids) {
    const bid = await post(
      lender.token,
      `/api/marketplace/listings/${listing.id}/bids/`,
      { amount, rate: '2.40' },
      idempotencyKey('bid'),
    );
    expect(bid.statusCode, bid.body).toBe(201);
  }
  const offers = await post(input.borrower.token, `${base}/offers/request/`);
  expect(offers.statusCode, offers.body).toBe(200);
  const accepted = await post(
    input.borrower.token,
    `${base}/offers/${offers.json()[0].id}/accept/`,
    {},
    idempotencyKey('accept'),
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  const disbursed = await post(input.adminToken, `${base}/disburse/`, {}, idempotencyKey('disburse'));
  expect(disbursed.statusCode, disbursed.body).toBe(201);
  const loan = disbursed.json();
  return {
    id: loan.id,
    weeklyRepayment: Number(loan.weekly_repayment),
    totalPayable: Number(loan.total_payable),
  };
}
