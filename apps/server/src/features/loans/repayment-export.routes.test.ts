import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLoan, repayLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let adminToken: string;
let loanA: { id: number; loanRef: string };
let loanB: { id: number };

function get(url: string, token = adminToken) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

const linesOf = (body: string) => body.slice(1).trimEnd().split('\r\n');

beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.userWithToken('admin');
  adminToken = admin.token;
  const borrower = await t.userWithToken('borrower', { name: 'Nakato Sarah' });
  loanA = await makeLoan(t.services, {
    userId: borrower.user.id,
    adminId: admin.user.id,
    disbursedAt: new Date('2026-01-05T07:00:00Z'),
  });
  const other = await t.userWithToken('borrower', { name: 'Okello James' });
  loanB = await makeLoan(t.services, {
    userId: other.user.id,
    adminId: admin.user.id,
    disbursedAt: new Date('2026-01-05T07:00:00Z'),
  });
  // Loan A: 1 February and 1 March (Kampala); loan B: 28 February at 23:30 Kampala time.
  await repayLoan(t.services, loanA.id, 67_385, new Date('2026-02-01T07:00:00Z'));
  await repayLoan(t.services, loanA.id, 67_385, new Date('2026-03-01T07:00:00Z'));
  await repayLoan(t.services, loanB.id, 50_000, new Date('2026-02-28T20:30:00Z'));
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/loans/transactions/export/', () => {
  it('streams every repayment, newest first, with plain amounts and ISO Kampala times', async () => {
    const res = await get('/api/loans/transactions/export/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="repayments-all.csv"');
    const [header, ...rows] = linesOf(res.body);
    expect(header).toBe(
      'Transaction ID,Loan,Name,Amount Paid (UGX),Principal (UGX),Interest (UGX),Date of Payment,Remaining Balance (UGX),Mode of Payment',
    );
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(
      new RegExp(`^RP-\\d+,${loanA.loanRef},Nakato Sarah,67385,\\d+,\\d+,2026-03-01T10:00:00\\+03:00,\\d+,`),
    );
    expect(rows[1]).toContain(',Okello James,50000,');
    expect(rows[1]).toContain(',2026-02-28T23:30:00+03:00,');
  });

  it('keeps to one loan and to the Kampala date range', async () => {
    const one = await get(`/api/loans/transactions/export/?loan=${loanA.id}`);
    expect(linesOf(one.body).slice(1)).toHaveLength(2);
    expect(one.headers['content-disposition']).toBe(
      `attachment; filename="repayments-loan-${loanA.id}-all.csv"`,
    );
    const february = await get('/api/loans/transactions/export/?from=2026-02-01&to=2026-02-28');
    expect(linesOf(february.body).slice(1)).toHaveLength(2);
    const list = await get('/api/loans/transactions/?page_size=1');
    expect(list.json().count).toBe(3);
  });

  it('answers 400 to a bad range or loan id, and 403 to a borrower', async () => {
    expect((await get('/api/loans/transactions/export/?from=2026-03-02&to=2026-03-01')).statusCode).toBe(400);
    expect((await get('/api/loans/transactions/export/?loan=abc')).statusCode).toBe(400);
    const borrower = await t.userWithToken('borrower');
    expect((await get('/api/loans/transactions/export/', borrower.token)).statusCode).toBe(403);
  });
});
