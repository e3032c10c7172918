/**
 * A loan's reference (SL-2026-000041) is its one name on every screen (issue 18): the transactions
 * carry it, a payout's description names it, and searching the transactions for it finds its money.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { completedRepayment, idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;

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

async function disbursedLoan(name: string, phone: string) {
  const user = await t.services.users.createUser({
    email: `${name.toLowerCase().replace(/\W/g, '')}@test.sente.ug`,
    password: TEST_PASSWORD,
    name,
    role: 'borrower',
    phoneNumber: phone,
  });
  const type = await insertLoanType(t.db.database.db, { minAmount: 100_000, maxAmount: 10_000_000 });
  const application = await insertApplication(t.db.database.db, {
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
  expect(res.statusCode, res.body).toBe(201);
  const loan = res.json() as { id: number; loan_id: string };
  await completedRepayment(t, { loanId: loan.id, userId: user.id, amount: 100_000 });
  return { user, loan, application };
}

interface Row {
  id: number;
  type: string;
  loan_id: number | null;
  loan_ref: string | null;
  description: string;
}

const search = async (text: string) => {
  const res = await t.app.inject({
    url: `/api/wallet/admin/all-transactions/?search=${encodeURIComponent(text)}`,
    headers: bearer(adminToken),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { transactions: Row[]; summary: { total_transactions: number } };
};

describe('loan references in the platform transactions', () => {
  it('names the loan by its reference on its payout and repayments, and a search for it finds exactly them', async () => {
    const first = await disbursedLoan('Apio Grace', '0772000001');
    await disbursedLoan('Mugisha Paul', '0772000002');

    const found = await search(first.loan.loan_id);
    expect(found.transactions.map((r) => r.type).sort()).toEqual(['DISBURSEMENT', 'REPAYMENT']);
    expect(found.summary.total_transactions).toBe(2);
    for (const row of found.transactions) {
      expect(row).toMatchObject({ loan_id: first.loan.id, loan_ref: first.loan.loan_id });
    }
    const payout = found.transactions.find((r) => r.type === 'DISBURSEMENT');
    expect(payout?.description).toBe(`Loan disbursement of ${first.loan.loan_id} to +256772000001`);
    expect(payout?.description).not.toContain('application #');

    // Typed in lower case, the reference finds the same rows.
    expect((await search(first.loan.loan_id.toLowerCase())).transactions).toHaveLength(2);
  });

  it('finds nothing for a well-formed reference no loan has', async () => {
    expect((await search('SL-1999-999999')).transactions).toEqual([]);
  });
});
