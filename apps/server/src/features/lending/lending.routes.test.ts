import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import {
  completedRepayment,
  failNextPrompts,
  idempotencyKey,
  settleOpenPayments,
} from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp, testConfig } from '../../../test/test-app.ts';
import {
  applications,
  ledgerPostings,
  loanRepayments,
  loans,
  notifications,
  platformTransactions,
} from '../../db/schema/index.ts';
import { INTEREST_INCOME, LOANS_RECEIVABLE, PLATFORM_WALLET, userWallet } from '../ledger/ledger-accounts.ts';
import { SIMULATOR_NUMBERS } from '../payments/momo-simulator.ts';
import { ALREADY_DISBURSING } from './disburse.ts';

let t: TestApp;
let adminToken: string;
let adminId: number;
let sequence = 0;
beforeAll(async () => {
  // A short wait for the payout, so a slow payout answers 202 quickly.
  t = await createTestApp({ config: { payments: { ...testConfig().payments, syncWaitMs: 1_500 } } });
  const admin = await t.userWithToken('admin', { name: 'Achieng Operations' });
  adminToken = admin.token;
  adminId = admin.user.id;
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
  t.services.paymentProviders.simulator?.configure({ delayMs: 0, failureRate: 0 });
  await expectLedgerBalanced(t.db.database.db);
});

const db = () => t.db.database.db;
const balance = (code: Parameters<TestApp['services']['ledger']['balanceOf']>[1]) =>
  t.services.ledger.balanceOf(db(), code);

async function borrower(phone = '0772123456') {
  sequence++;
  const user = await t.services.users.createUser({
    email: `borrower${sequence}-${Date.now()}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: `Borrower ${sequence}`,
    role: 'borrower',
    phoneNumber: phone,
  });
  const token = await t.services.accessTokens.sign(
    { userId: user.id, role: user.role },
    t.services.clock.now(),
  );
  return { user, token };
}

async function approvedApplication(userId: number, amount = 1_000_000) {
  const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
  return insertApplication(db(), { userId, loanTypeId: type.id, amountRequested: amount, loanTermMonths: 3 });
}

function disburse(applicationId: number, key = idempotencyKey('disburse')) {
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${applicationId}/disburse/`,
    headers: { ...bearer(adminToken), 'idempotency-key': key },
  });
}

function repay(loanId: number, token: string, payload: object, key = idempotencyKey('repay')) {
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/loans/${loanId}/repay/`,
    headers: { ...bearer(token), 'idempotency-key': key },
    payload,
  });
}

async function postingKinds(transactionId: number) {
  const rows = await db()
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.platformTransactionId, transactionId));
  return rows.map((row) => row.kind).sort();
}

describe('POST /api/loans/applications/:id/disburse/', () => {
  it('pays the borrower by mobile money and answers the loan it created, posted in the ledger', async () => {
    const { user } = await borrower();
    const application = await approvedApplication(user.id, 1_200_000);
    const walletBefore = await balance(PLATFORM_WALLET);
    const receivableBefore = await balance(LOANS_RECEIVABLE);
    const res = await disburse(application.id);
    expect(res.statusCode).toBe(201);
    const loan = res.json();
    expect(loan).toMatchObject({ amount: '1200000.00', application: application.id, status: 'ACTIVE' });
    const [app] = await db().select().from(applications).where(eq(applications.id, application.id));
    expect(app?.approvedLoanId).toBe(loan.id);
    const [payout] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.applicationId, application.id));
    expect(payout).toMatchObject({
      type: 'DISBURSEMENT',
      status: 'COMPLETED',
      loanId: loan.id,
      phoneNumber: '+256772123456',
    });
    expect(await postingKinds(payout?.id ?? 0)).toEqual(['DISBURSEMENT', 'DISBURSEMENT_RESERVE']);
    expect(await balance(PLATFORM_WALLET)).toBe(walletBefore - 1_200_000);
    expect(await balance(LOANS_RECEIVABLE)).toBe(receivableBefore + 1_200_000);
    const notices = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.map((n) => n.title)).toContain('Loan disbursed');
    const stats = (
      await t.app.inject({
        method: 'GET',
        url: '/api/wallet/admin/financial-stats/',
        headers: bearer(adminToken),
      })
    ).json();
    expect(Number.parseInt(stats.disbursements.today, 10)).toBeGreaterThanOrEqual(1_200_000);
  });

  it('records the admin who pressed Disburse on the payout and the loan, shown to admins, not to the borrower, and in the loans export', async () => {
    const { user, token } = await borrower();
    const application = await approvedApplication(user.id, 1_100_000);
    const res = await disburse(application.id);
    expect(res.statusCode).toBe(201);
    const loanId: number = res.json().id;
    const [made] = await db().select().from(loans).where(eq(loans.id, loanId));
    expect(made?.disbursedById).toBe(adminId);
    const [payout] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.applicationId, application.id));
    expect(payout?.requestedById).toBe(adminId);

    const asAdmin = await t.app.inject({ url: `/api/loans/loans/${loanId}/`, headers: bearer(adminToken) });
    expect(asAdmin.json().disbursed_by).toEqual({ id: adminId, name: 'Achieng Operations' });
    const asBorrower = await t.app.inject({ url: `/api/loans/loans/${loanId}/`, headers: bearer(token) });
    expect(asBorrower.statusCode).toBe(200);
    expect(asBorrower.json()).not.toHaveProperty('disbursed_by');

    const csv = await t.app.inject({
      url: `/api/loans/loans/export/?search=${encodeURIComponent(made?.loanRef ?? '')}`,
      headers: bearer(adminToken),
    });
    const [header, row] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const at = header?.split(',').indexOf('Disbursed By') ?? -1;
    expect(at).toBeGreaterThan(-1);
    expect(row?.split(',')[at]).toBe('Achieng Operations');
  });

  it('makes exactly one loan when two disburse calls arrive at the same time', async () => {
    const { user } = await borrower();
    const application = await approvedApplication(user.id);
    const answers = await Promise.all([
      disburse(application.id),
      disburse(application.id),
      disburse(application.id),
    ]);
    expect(answers.filter((res) => res.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((res) => res.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect([ALREADY_DISBURSING, 'Application already disbursed']).toContain(refused.json().error);
    }
    const made = await db().select().from(loans).where(eq(loans.applicationId, application.id));
    expect(made).toHaveLength(1);
    const payouts = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.applicationId, application.id));
    expect(payouts).toHaveLength(1);
  });

  it('answers the same loan to a repeat with the same Idempotency-Key, and pays once', async () => {
    const { user } = await borrower();
    const application = await approvedApplication(user.id);
    const key = idempotencyKey();
    const first = await disburse(application.id, key);
    const second = await disburse(application.id, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const payouts = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.applicationId, application.id));
    expect(payouts).toHaveLength(1);
  });

  it('leaves the application approved with no loan and no money moved when the payout fails', async () => {
    const { user } = await borrower(SIMULATOR_NUMBERS.fails);
    const application = await approvedApplication(user.id, 800_000);
    const walletBefore = await balance(PLATFORM_WALLET);
    const res = await disburse(application.id);
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatch(/payout failed.*still approved and no money moved/);
    const [app] = await db().select().from(applications).where(eq(applications.id, application.id));
    expect(app).toMatchObject({ status: 'APPROVED', approvedLoanId: null });
    expect(await db().select().from(loans).where(eq(loans.applicationId, application.id))).toEqual([]);
    expect(await balance(PLATFORM_WALLET)).toBe(walletBefore);
    const [payout] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.applicationId, application.id));
    expect(payout?.status).toBe('FAILED');
    expect(await postingKinds(payout?.id ?? 0)).toEqual(['DISBURSEMENT_RESERVE', 'REVERSAL']);
  });

  it('answers 202 while the payout is unconfirmed, and creates the loan when the provider confirms', async () => {
    const { user } = await borrower();
    const application = await approvedApplication(user.id);
    t.services.paymentProviders.simulator?.configure({ delayMs: 2_500 });
    const key = idempotencyKey();
    const res = await disburse(application.id, key);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      status: 'PROCESSING',
      transaction: { type: 'DISBURSEMENT', status: 'PROCESSING' },
    });
    expect(await db().select().from(loans).where(eq(loans.applicationId, application.id))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    await settleOpenPayments(t);
    const made = await db().select().from(loans).where(eq(loans.applicationId, application.id));
    expect(made).toHaveLength(1);
    // Settled later by the poller, the loan still names the admin who asked for the payout.
    expect(made[0]?.disbursedById).toBe(adminId);
    const again = await disburse(application.id, key);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(made[0]?.id);
  });

  it('answers 409 for an application that is not approved, 404 for none, and 403 to a borrower', async () => {
    const { user, token } = await borrower();
    const pending = await approvedApplication(user.id);
    await db().update(applications).set({ status: 'PENDING' }).where(eq(applications.id, pending.id));
    expect((await disburse(pending.id)).statusCode).toBe(409);
    expect((await disburse(999_999)).statusCode).toBe(404);
    const asBorrower = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${pending.id}/disburse/`,
      headers: { ...bearer(token), 'idempotency-key': idempotencyKey() },
    });
    expect(asBorrower.statusCode).toBe(403);
  });

  it('refuses with 409 when the platform wallet does not hold the amount', async () => {
    const { user } = await borrower();
    const wallet = await balance(PLATFORM_WALLET);
    const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 900_000_000 });
    const application = await insertApplication(db(), {
      userId: user.id,
      loanTypeId: type.id,
      amountRequested: wallet + 1,
    });
    const res = await disburse(application.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/platform wallet holds/);
  });
});

describe('POST /api/loans/loans/:id/repay/', () => {
  async function disbursedLoan(amount = 1_000_000) {
    const who = await borrower();
    const application = await approvedApplication(who.user.id, amount);
    const res = await disburse(application.id);
    expect(res.statusCode).toBe(201);
    return { ...who, loan: res.json() as { id: number; total_payable: string; remaining_balance: string } };
  }

  it('collects by mobile money, then allocates and posts the repayment split into principal and interest', async () => {
    const { token, loan, user } = await disbursedLoan();
    const before = {
      wallet: await balance(PLATFORM_WALLET),
      receivable: await balance(LOANS_RECEIVABLE),
      income: await balance(INTEREST_INCOME),
    };
    const res = await repay(loan.id, token, { amount: 150_000, phone_number: '0772 123456' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'REPAYMENT',
      transaction_type: 'DEBIT',
      status: 'PROCESSING',
      loan_id: loan.id,
    });
    await settleOpenPayments(t);
    const [repayment] = await db().select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id));
    expect(repayment).toMatchObject({ amount: 150_000, platformTransactionId: res.json().id });
    expect((repayment?.principal ?? 0) + (repayment?.interest ?? 0)).toBe(150_000);
    expect(await balance(PLATFORM_WALLET)).toBe(before.wallet + 150_000);
    expect(await balance(LOANS_RECEIVABLE)).toBe(before.receivable - (repayment?.principal ?? 0));
    expect(await balance(INTEREST_INCOME)).toBe(before.income - (repayment?.interest ?? 0));
    const notices = await db().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notices.map((n) => n.title)).toContain('Repayment received');
  });

  it('refuses more than the outstanding balance, counting repayments still on their way', async () => {
    const { token, loan } = await disbursedLoan();
    const owed = Number.parseInt(loan.remaining_balance, 10);
    const tooMuch = await repay(loan.id, token, { amount: owed + 1, phone_number: '0772123456' });
    expect(tooMuch.statusCode).toBe(400);
    t.services.paymentProviders.simulator?.configure({ delayMs: 60_000 });
    const half = await repay(loan.id, token, { amount: owed - 1000, phone_number: '0772123456' });
    expect(half.statusCode).toBe(201);
    const rest = await repay(loan.id, token, { amount: 1001, phone_number: '0772123456' });
    expect(rest.statusCode).toBe(400);
    expect(rest.json().details.amount[0]).toMatch(/already on its way/);
  });

  it('lets only the borrower who owns the loan repay it', async () => {
    const { loan } = await disbursedLoan();
    const stranger = await borrower();
    const res = await repay(loan.id, stranger.token, { amount: 10_000, phone_number: '0772123456' });
    expect(res.statusCode).toBe(404);
    const admin = await repay(loan.id, adminToken, { amount: 10_000, phone_number: '0772123456' });
    expect(admin.statusCode).toBe(403);
  });

  it('posts nothing and changes nothing on the loan when the collection fails', async () => {
    const { token, loan } = await disbursedLoan();
    await failNextPrompts(t, '0772123456');
    const res = await repay(loan.id, token, { amount: 50_000, phone_number: '0772123456' });
    await settleOpenPayments(t);
    const [payment] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, res.json().id));
    expect(payment?.status).toBe('FAILED');
    expect(await postingKinds(res.json().id)).toEqual([]);
    expect(await db().select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id))).toEqual([]);
  });

  it('keeps money that arrives for a loan already paid off in the borrower’s wallet', async () => {
    const { token, loan, user } = await disbursedLoan();
    const owed = Number.parseInt(loan.remaining_balance, 10);
    t.services.paymentProviders.simulator?.configure({ delayMs: 60_000 });
    const late = await repay(loan.id, token, { amount: 40_000, phone_number: '0772123456' });
    expect(late.statusCode).toBe(201);
    // Meanwhile the whole balance is paid another way.
    await completedRepayment(t, { loanId: loan.id, userId: user.id, amount: owed });
    await t.services.payments.complete(late.json().id, 'late-success');
    expect(await postingKinds(late.json().id)).toEqual(['OVERPAYMENT']);
    expect(await balance(userWallet(user.id))).toBe(-40_000);
    const [fullyPaid] = await db()
      .select()
      .from(loans)
      .where(and(eq(loans.id, loan.id), eq(loans.status, 'FULLY_PAID')));
    expect(fullyPaid).toBeDefined();
  });
});
