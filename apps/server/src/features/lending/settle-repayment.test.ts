import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { completedRepayment, idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import {
  ledgerPostings,
  loanInstallments,
  loanRepayments,
  loans,
  platformTransactions,
} from '../../db/schema/index.ts';
import { LOANS_RECEIVABLE, PLATFORM_WALLET, SUSPENSE, userWallet } from '../ledger/ledger-accounts.ts';

// Money is never moved by a guess: a collection that cannot be allocated waits in suspense, visible
// to admins; only a loan that is really fully paid sends money to the borrower's wallet.
let t: TestApp;
let adminToken: string;
let sequence = 0;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.userWithToken('admin')).token;
  await t.services.capital.payIn({
    amount: 20_000_000,
    idempotencyKey: 'tests',
    reference: 'test capital',
    adminId: null,
  });
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

async function disbursedLoan() {
  sequence++;
  const user = await t.services.users.createUser({
    email: `suspense${sequence}-${Date.now()}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: `Borrower ${sequence}`,
    role: 'borrower',
    phoneNumber: '0772123456',
  });
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(db(), {
    userId: user.id,
    loanTypeId: type.id,
    amountRequested: 1_000_000,
    loanTermMonths: 3,
  });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${application.id}/disburse/`,
    headers: { ...bearer(adminToken), 'idempotency-key': idempotencyKey('disburse') },
  });
  expect(res.statusCode).toBe(201);
  return { user, loanId: res.json().id as number };
}

async function kindsOf(paymentId: number) {
  const rows = await db()
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.platformTransactionId, paymentId));
  return rows.map((row) => row.kind);
}

async function attentionList() {
  const res = await t.app.inject({ url: '/api/payments/admin/attention/', headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: { id: number; attention_reason: string; status: string }[] };
}

describe('settling a repayment', () => {
  it('parks the money in suspense, flags the payment and shows it to admins when allocation fails unexpectedly', async () => {
    const { user, loanId } = await disbursedLoan();
    // A schedule that disagrees with its loan: allocation cannot find where the money goes.
    await db()
      .update(loanInstallments)
      .set({ interestPaid: 0, interestDue: 0, principalDue: 0 })
      .where(eq(loanInstallments.loanId, loanId));
    const before = { wallet: await balance(PLATFORM_WALLET), suspense: await balance(SUSPENSE) };
    const { payment } = await completedRepayment(t, { loanId, userId: user.id, amount: 50_000 });
    expect(payment.status).toBe('COMPLETED');
    expect(await kindsOf(payment.id)).toEqual(['SUSPENSE']);
    expect(await balance(SUSPENSE)).toBe(before.suspense - 50_000);
    expect(await balance(PLATFORM_WALLET)).toBe(before.wallet + 50_000);
    expect(await balance(userWallet(user.id))).toBe(0);
    const [row] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    expect(row?.attentionReason).toMatch(/^Allocation failed: /);
    expect(row?.attentionAt).toBeInstanceOf(Date);
    expect(await db().select().from(loanRepayments).where(eq(loanRepayments.loanId, loanId))).toEqual([]);
    const [loan] = await db().select().from(loans).where(eq(loans.id, loanId));
    expect(loan?.totalPayments).toBe(0);
    const listed = await attentionList();
    expect(listed.results.find((r) => r.id === payment.id)).toMatchObject({ status: 'COMPLETED' });
  });

  it('parks the money in suspense when the collection was already allocated to another loan', async () => {
    const first = await disbursedLoan();
    const second = await disbursedLoan();
    const receivable = await balance(LOANS_RECEIVABLE);
    const { payment } = await t.db.database.db.transaction((tx) =>
      t.services.payments.create(tx, {
        type: 'REPAYMENT',
        userId: second.user.id,
        amount: 30_000,
        phoneNumber: '+256772123456',
        loanId: second.loanId,
        requestKey: idempotencyKey('elsewhere'),
        description: 'Repayment',
      }),
    );
    await db().insert(loanRepayments).values({
      loanId: first.loanId,
      amount: 30_000,
      principal: 30_000,
      interest: 0,
      paidAt: new Date(),
      paymentMode: 'Cash',
      platformTransactionId: payment.id,
      remainingBalanceAfter: 0,
      daysLateAtPayment: 0,
      createdAt: new Date(),
    });
    await t.services.payments.complete(payment.id, 'elsewhere');
    expect(await kindsOf(payment.id)).toEqual(['SUSPENSE']);
    expect(await balance(userWallet(second.user.id))).toBe(0);
    expect(await balance(LOANS_RECEIVABLE)).toBe(receivable);
    const listed = await attentionList();
    expect(listed.results.find((r) => r.id === payment.id)?.attention_reason).toMatch(
      /already allocated to loan/,
    );
  });

  it('pays the loan off and holds only the excess in the wallet when more than the balance arrives', async () => {
    const { user, loanId } = await disbursedLoan();
    const [loan] = await db().select().from(loans).where(eq(loans.id, loanId));
    const owed = (loan?.totalPayable ?? 0) - (loan?.totalPayments ?? 0);
    const { payment } = await completedRepayment(t, { loanId, userId: user.id, amount: owed + 7_000 });
    expect(await kindsOf(payment.id)).toEqual(['REPAYMENT']);
    expect(await balance(userWallet(user.id))).toBe(-7_000);
    const [after] = await db().select().from(loans).where(eq(loans.id, loanId));
    expect(after).toMatchObject({ status: 'FULLY_PAID', totalPayments: owed });
    const [row] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    expect(row?.attentionAt).toBeNull();
  });

  it('lists nothing for admins only: borrowers are refused the attention list', async () => {
    const borrower = await t.userWithToken('borrower');
    const res = await t.app.inject({
      url: '/api/payments/admin/attention/',
      headers: bearer(borrower.token),
    });
    expect(res.statusCode).toBe(403);
  });
});
