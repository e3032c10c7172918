import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let borrower: string;
let borrowerId: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.userWithToken('admin')).token;
  const b = await t.userWithToken('borrower');
  borrower = b.token;
  borrowerId = b.user.id;
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  loan_type_name: `Working Capital ${++n}`,
  min_amount: '350000.00',
  max_amount: 3_000_000,
  interest_rate: '2.80',
  appraisal_time: '24 hours',
  ...overrides,
});

async function create(body: Record<string, unknown>, token = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/loans/loan-types/',
    headers: bearer(token),
    payload: body,
  });
}

describe('POST /api/loans/loan-types/', () => {
  it('creates a loan type with FLAT and ACTIVE by default, money as strings', async () => {
    const res = await create(form({ loan_type_name: 'Equipment Financing' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      loan_type_name: 'Equipment Financing',
      min_amount: '350000.00',
      max_amount: '3000000.00',
      interest_rate: '2.80',
      interest_type: 'FLAT',
      appraisal_time: '24 hours',
      status: 'ACTIVE',
    });
  });

  it.each([
    ['a rate above the legal cap of 2.80%', { interest_rate: '2.81' }, 'interest_rate'],
    ['a rate of 0', { interest_rate: 0 }, 'interest_rate'],
    ['a rate with three decimals', { interest_rate: '2.555' }, 'interest_rate'],
    ['a minimum equal to the maximum', { min_amount: 3_000_000 }, 'max_amount'],
    ['a minimum of 0', { min_amount: 0 }, 'min_amount'],
    ['an empty name', { loan_type_name: '  ' }, 'loan_type_name'],
    ['an appraisal time over 100 characters', { appraisal_time: 'x'.repeat(101) }, 'appraisal_time'],
    ['an unknown interest type', { interest_type: 'SIMPLE' }, 'interest_type'],
    ['an unknown status', { status: 'ARCHIVED' }, 'status'],
  ])('answers 400 for %s', async (_label, overrides, field) => {
    const res = await create(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty(field);
  });

  it('accepts the rate at the cap and COMPOUND / INACTIVE in any case', async () => {
    const res = await create(form({ interest_rate: 2.8, interest_type: 'compound', status: 'inactive' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      interest_rate: '2.80',
      interest_type: 'COMPOUND',
      status: 'INACTIVE',
    });
  });

  it('answers 409 for a name already taken, whatever its case', async () => {
    await create(form({ loan_type_name: 'Short Term Loans' }));
    const res = await create(form({ loan_type_name: 'short term loans' }));
    expect(res.statusCode).toBe(409);
  });
});

describe('GET /api/loans/loan-types/ and the public list', () => {
  it('shows admins every type and borrowers only the active ones, paged', async () => {
    await create(form({ loan_type_name: 'Hidden Product', status: 'INACTIVE' }));
    const asAdmin = await t.app.inject({
      url: '/api/loans/loan-types/?page_size=100',
      headers: bearer(admin),
    });
    const asBorrower = await t.app.inject({
      url: '/api/loans/loan-types/?page_size=100',
      headers: bearer(borrower),
    });
    expect(asAdmin.statusCode).toBe(200);
    const names = (r: typeof asAdmin) =>
      r.json().results.map((x: { loan_type_name: string }) => x.loan_type_name);
    expect(names(asAdmin)).toContain('Hidden Product');
    expect(names(asBorrower)).not.toContain('Hidden Product');
    expect(asBorrower.json().results.every((x: { status: string }) => x.status === 'ACTIVE')).toBe(true);
    const publicList = await t.app.inject({ url: '/api/public/loan-types/' });
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json().results.map((x: { loan_type_name: string }) => x.loan_type_name)).not.toContain(
      'Hidden Product',
    );
  });

  it('pages like DRF with next and previous links', async () => {
    for (let i = 0; i < 3; i++) await create(form());
    const res = await t.app.inject({
      url: '/api/loans/loan-types/?page=2&page_size=1',
      headers: bearer(admin),
    });
    const body = res.json();
    expect(body.results).toHaveLength(1);
    expect(body.previous).toBe('http://localhost/api/loans/loan-types/?page_size=1');
    expect(body.next).toBe('http://localhost/api/loans/loan-types/?page=3&page_size=1');
    const past = await t.app.inject({
      url: '/api/loans/loan-types/?page=999&page_size=1',
      headers: bearer(admin),
    });
    expect(past.json()).toMatchObject({ results: [], next: null });
    expect(past.json().previous).toBe(
      `http://localhost/api/loans/loan-types/?page=${body.count}&page_size=1`,
    );
  });
});

describe('PUT and DELETE /api/loans/loan-types/:id/', () => {
  it('replaces a loan type', async () => {
    const id = (await create(form())).json().id;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/loans/loan-types/${id}/`,
      headers: bearer(admin),
      payload: form({ loan_type_name: 'Merchant Cash Advance', interest_rate: '2.50', status: 'INACTIVE' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, loan_type_name: 'Merchant Cash Advance', interest_rate: '2.50' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/loans/loan-types/999999/',
      headers: bearer(admin),
      payload: form(),
    });
    expect(put.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/loans/loan-types/abc/',
      headers: bearer(admin),
    });
    expect(del.statusCode).toBe(400);
  });

  it('deletes an unused type, and answers 409 advising Inactive for one an application uses', async () => {
    const unused = (await create(form())).json().id;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/loans/loan-types/${unused}/`,
      headers: bearer(admin),
    });
    expect(gone.statusCode).toBe(204);
    const used = (await create(form())).json().id;
    await insertApplication(t.services.db, { userId: borrowerId, loanTypeId: used, status: 'PENDING' });
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/loans/loan-types/${used}/`,
      headers: bearer(admin),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/Inactive/);
  });

  it('refuses borrowers', async () => {
    expect((await create(form(), borrower)).statusCode).toBe(403);
  });
});
