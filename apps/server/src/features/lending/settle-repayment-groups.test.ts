import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeProblems, verifySettlements } from '../../../bench/money/verify.ts';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { lenderFundedLoan, verifiedLender } from '../../../test/marketplace-helpers.ts';
import { idempotencyKey } from '../../../test/money-helpers.ts';
import { createTestApp, type TestApp, testConfig } from '../../../test/test-app.ts';
import {
  ledgerPostings,
  loanInstallments,
  loanRepayments,
  loans,
  platformTransactions,
} from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { userWallet } from '../ledger/ledger-accounts.ts';
import { signCallback } from '../payments/callback-signature.ts';
import type { TransactionRow } from '../payments/platform-transaction.ts';

// Provider callbacks that arrive while others are being settled are settled together, one
// transaction for the group (ADR 015): every answer and every shilling must be as if each had come
// alone. One group at a time here, so which callbacks share a group is known.
const secret = 'callback-secret-that-is-long-enough-000';
let t: TestApp;
let adminToken: string;
let lenders: { token: string; user: { id: number } }[];
beforeAll(async () => {
  const payments = testConfig().payments;
  t = await createTestApp({
    config: {
      payments: { ...payments, callbackSecret: secret, settlementGroups: { maxGroup: 32, concurrency: 1 } },
    },
  });
  adminToken = (await t.userWithToken('admin')).token;
  lenders = [await verifiedLender(t, adminToken, 5_000_000), await verifiedLender(t, adminToken, 5_000_000)];
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

const db = () => t.db.database.db;

/** A UGX 1,000,000 loan the two lenders funded 600,000 and 400,000, paid out to a new borrower. */
async function fundedLoan() {
  const borrower = await t.userWithToken('borrower');
  const loan = await lenderFundedLoan(t, {
    adminToken,
    borrower,
    amount: 1_000_000,
    bids: [
      { lender: lenders[0] as { token: string }, amount: 600_000 },
      { lender: lenders[1] as { token: string }, amount: 400_000 },
    ],
  });
  return { ...loan, borrowerId: borrower.user.id };
}

/** A repayment the borrower started, waiting for the provider's word. */
async function openRepayment(loan: { id: number; borrowerId: number }, amount: number) {
  const { payment } = await db().transaction((tx) =>
    t.services.payments.create(tx, {
      type: 'REPAYMENT',
      userId: loan.borrowerId,
      amount,
      phoneNumber: '+256772123456',
      loanId: loan.id,
      requestKey: idempotencyKey('repay'),
      description: `Repayment of loan ${loan.id}`,
    }),
  );
  return payment;
}

function callback(payment: Pick<TransactionRow, 'referenceId' | 'amount'>, amount = payment.amount) {
  const raw = JSON.stringify({
    referenceId: payment.referenceId,
    externalId: payment.referenceId,
    amount: String(amount),
    currency: 'UGX',
    status: 'SUCCESSFUL',
    financialTransactionId: `MTN-${payment.referenceId.slice(0, 8)}`,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/callback/mtn/',
    headers: { 'content-type': 'application/json', 'x-sente-signature': signCallback(secret, raw) },
    payload: raw,
  });
}

/** The provider's word for each payment, all given at once, as callbacks arriving together. */
function completeTogether(payments: readonly TransactionRow[]) {
  return Promise.all(
    payments.map((payment) => t.services.payments.completeByReference(payment.referenceId, () => {}, null)),
  );
}

/** Each answer is its payment as committed. */
async function expectAnsweredAsCommitted(finished: readonly { payment: TransactionRow }[]) {
  for (const { payment } of finished) {
    const [row] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    expect(payment).toEqual(row);
  }
}

/** The transaction that wrote each payment's settlement, by payment id. */
async function settlingTransaction(paymentIds: readonly number[]): Promise<Map<number, string>> {
  const rows = await selectRows<{ payment: number; xid: string }>(
    db(),
    // xmin: the id of the transaction that inserted the row.
    sql`select platform_transaction_id as payment, xmin::text as xid from ledger_postings
        where platform_transaction_id in (${sql.join(
          paymentIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [Number(row.payment), row.xid]));
}

async function kindsOf(paymentId: number) {
  const rows = await db()
    .select({ kind: ledgerPostings.kind })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.platformTransactionId, paymentId))
    .orderBy(asc(ledgerPostings.id));
  return rows.map((row) => row.kind);
}

async function repaymentsOf(loanId: number) {
  return db()
    .select()
    .from(loanRepayments)
    .where(eq(loanRepayments.loanId, loanId))
    .orderBy(asc(loanRepayments.id));
}

describe('repayment callbacks that arrive together', () => {
  it('answers each as it would alone, and settles each payment once, exact to the shilling', async () => {
    const first = await fundedLoan();
    const second = await fundedLoan();
    const a1 = await openRepayment(first, first.weeklyRepayment);
    const a2 = await openRepayment(first, first.weeklyRepayment);
    const b1 = await openRepayment(second, second.weeklyRepayment);
    const b2 = await openRepayment(second, second.weeklyRepayment);
    // A deposit among them: not a repayment, so it is settled alone, as before.
    const lender = await t.userWithToken('lender');
    const { payment: deposit } = await db().transaction((tx) =>
      t.services.payments.create(tx, {
        type: 'DEPOSIT',
        userId: lender.user.id,
        amount: 10_000,
        phoneNumber: '+256772123456',
        requestKey: idempotencyKey('deposit'),
        description: 'Deposit',
      }),
    );
    const walletBefore = await t.services.ledger.balanceOf(db(), userWallet(lender.user.id));

    const answers = await Promise.all([
      callback(a1),
      callback(a2),
      callback(b1),
      callback(b1),
      callback(b2, b2.amount + 1),
      callback(deposit),
      callback({ referenceId: '00000000-0000-4000-8000-000000000000', amount: 1_000 }),
    ]);
    const [forA1, forA2, forB1, forB1Again, forB2, forDeposit, forNobody] = answers.map((res) => ({
      status: res.statusCode,
      body: res.json(),
    }));
    expect(forA1).toEqual({ status: 200, body: { status: 'applied' } });
    expect(forA2).toEqual({ status: 200, body: { status: 'applied' } });
    // The same callback twice: one of them moved the payment, the other found it done.
    expect([forB1?.body.status, forB1Again?.body.status].sort()).toEqual(['applied', 'unchanged']);
    expect(forB2?.status).toBe(400);
    expect(forB2?.body.code).toBe('CALLBACK_AMOUNT_MISMATCH');
    expect(forDeposit).toEqual({ status: 200, body: { status: 'applied' } });
    expect(forNobody?.status).toBe(404);

    const statuses = await db()
      .select({ id: platformTransactions.id, status: platformTransactions.status })
      .from(platformTransactions)
      .where(inArray(platformTransactions.id, [a1.id, a2.id, b1.id, b2.id, deposit.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({
      [a1.id]: 'COMPLETED',
      [a2.id]: 'COMPLETED',
      [b1.id]: 'COMPLETED',
      [b2.id]: 'PENDING', // refused: left as it was
      [deposit.id]: 'COMPLETED',
    });
    // Each settled payment posted once, each repayment allocated once, the loans equal to their
    // participations and the lenders' invested money to what they are owed.
    const problems = await verifySettlements(db(), {
      paymentIds: [a1.id, a2.id, b1.id],
      loanIds: [first.id, second.id],
    });
    expect(describeProblems(problems)).toEqual([]);
    expect(await kindsOf(b1.id)).toEqual(['REPAYMENT', 'REPAYMENT_SHARE']);
    // The first loan's two weekly installments, each on the schedule the other left.
    expect((await repaymentsOf(first.id)).map((r) => r.remainingBalanceAfter).sort((x, y) => y - x)).toEqual([
      first.totalPayable - first.weeklyRepayment,
      first.totalPayable - 2 * first.weeklyRepayment,
    ]);
    const schedule = await db()
      .select()
      .from(loanInstallments)
      .where(eq(loanInstallments.loanId, first.id))
      .orderBy(asc(loanInstallments.number));
    expect(
      schedule
        .slice(0, 2)
        .every((row) => row.principalPaid === row.principalDue && row.interestPaid === row.interestDue),
    ).toBe(true);
    expect(schedule[2]?.principalPaid).toBe(0);
    expect(await t.services.ledger.balanceOf(db(), userWallet(lender.user.id))).toBe(walletBefore - 10_000);
  });

  it('settles those that arrive while another settles in one transaction, a loan’s second repayment on what its first left', async () => {
    const loan = await fundedLoan();
    const running = await openRepayment(loan, loan.weeklyRepayment);
    const together = [
      await openRepayment(loan, loan.weeklyRepayment),
      await openRepayment(loan, loan.weeklyRepayment),
    ];
    const finished = await completeTogether([running, ...together]);
    expect(finished.map((f) => [f.payment.status, f.changed])).toEqual([
      ['COMPLETED', true],
      ['COMPLETED', true],
      ['COMPLETED', true],
    ]);
    await expectAnsweredAsCommitted(finished);
    const written = await settlingTransaction([running.id, ...together.map((p) => p.id)]);
    const [one, two] = together.map((p) => written.get(p.id));
    expect(one).toBeDefined();
    expect(one).toBe(two);
    expect(written.get(running.id)).not.toBe(one);

    expect(
      (await repaymentsOf(loan.id)).map((r) => [r.platformTransactionId, r.remainingBalanceAfter]),
    ).toEqual([
      [running.id, loan.totalPayable - loan.weeklyRepayment],
      [together[0]?.id, loan.totalPayable - 2 * loan.weeklyRepayment],
      [together[1]?.id, loan.totalPayable - 3 * loan.weeklyRepayment],
    ]);
    const [after] = await db().select().from(loans).where(eq(loans.id, loan.id));
    expect(after).toMatchObject({ totalPayments: 3 * loan.weeklyRepayment, repaymentCount: 3 });
    const problems = await verifySettlements(db(), {
      paymentIds: [running.id, ...together.map((p) => p.id)],
      loanIds: [loan.id],
    });
    expect(describeProblems(problems)).toEqual([]);
  });

  it('parks only the payment that cannot be allocated in suspense when its group fails', async () => {
    const broken = await fundedLoan();
    const sound = await fundedLoan();
    // A schedule that disagrees with its loan: allocation cannot find where the money goes.
    await db()
      .update(loanInstallments)
      .set({ interestPaid: 0, interestDue: 0, principalDue: 0 })
      .where(eq(loanInstallments.loanId, broken.id));
    const running = await openRepayment(sound, sound.weeklyRepayment);
    const lost = await openRepayment(broken, broken.weeklyRepayment);
    const kept = await openRepayment(sound, sound.weeklyRepayment);

    const finished = await completeTogether([running, lost, kept]);
    expect(finished.every((f) => f.payment.status === 'COMPLETED' && f.changed)).toBe(true);
    expect(await kindsOf(lost.id)).toEqual(['SUSPENSE']);
    expect(finished[1]?.payment.attentionReason).toMatch(/^Allocation failed: /);
    await expectAnsweredAsCommitted(finished);
    expect(await kindsOf(kept.id)).toEqual(['REPAYMENT', 'REPAYMENT_SHARE']);
    // The group was given up and each settled alone.
    const written = await settlingTransaction([lost.id, kept.id]);
    expect(written.get(lost.id)).not.toBe(written.get(kept.id));
    expect(await repaymentsOf(broken.id)).toEqual([]);
    const problems = await verifySettlements(db(), {
      paymentIds: [running.id, kept.id],
      loanIds: [sound.id],
    });
    expect(describeProblems(problems)).toEqual([]);
  });

  it('parks a payment its loan refuses in suspense inside the group, and settles the others with it', async () => {
    const first = await fundedLoan();
    const second = await fundedLoan();
    const running = await openRepayment(first, first.weeklyRepayment);
    const elsewhere = await openRepayment(second, 30_000);
    const kept = await openRepayment(first, first.weeklyRepayment);
    // The collection was already allocated to the first loan (by hand, say): it is not the second's.
    await db().insert(loanRepayments).values({
      loanId: first.id,
      amount: 30_000,
      principal: 30_000,
      interest: 0,
      paidAt: new Date(),
      paymentMode: 'Cash',
      platformTransactionId: elsewhere.id,
      remainingBalanceAfter: 0,
      daysLateAtPayment: 0,
      createdAt: new Date(),
    });
    const finished = await completeTogether([running, elsewhere, kept]);
    expect(finished.every((f) => f.payment.status === 'COMPLETED' && f.changed)).toBe(true);
    expect(finished[1]?.payment.attentionReason).toBe(
      `This payment was already allocated to loan ${first.id}`,
    );
    expect(await kindsOf(elsewhere.id)).toEqual(['SUSPENSE']);
    expect(await kindsOf(kept.id)).toEqual(['REPAYMENT', 'REPAYMENT_SHARE']);
    const written = await settlingTransaction([elsewhere.id, kept.id]);
    expect(written.get(elsewhere.id)).toBe(written.get(kept.id));
    const [after] = await db().select().from(loans).where(eq(loans.id, second.id));
    expect(after?.totalPayments).toBe(0);
  });
});
