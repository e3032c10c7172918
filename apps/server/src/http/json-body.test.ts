import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../test/lending-factories.ts';
import { idempotencyKey } from '../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../test/test-app.ts';

/**
 * The spec's client sends `Content-Type: application/json` on every request, body-less ones included.
 * An empty body under that header is no body; real bodies are parsed as before.
 */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.userWithToken('admin')).token;
  await t.services.capital.payIn({
    amount: 5_000_000,
    idempotencyKey: 'tests',
    reference: 'test capital',
    adminId: null,
  });
});
afterAll(async () => {
  await t.close();
});

const JSON_HEADER = { 'content-type': 'application/json' };

function send(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, token: string, extra = {}) {
  return t.app.inject({ method, url, headers: { ...JSON_HEADER, ...bearer(token), ...extra }, payload: '' });
}

async function borrowerWithPhone() {
  const user = await t.services.users.createUser({
    email: `json-body-${Date.now()}-${Math.random()}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: 'Nakato Json',
    role: 'borrower',
    phoneNumber: '0772123456',
  });
  return user;
}

describe('an empty body sent as application/json', () => {
  it('is no body on POST /api/loans/applications/:id/disburse/ (the loan is made)', async () => {
    const user = await borrowerWithPhone();
    const type = await insertLoanType(t.db.database.db, { minAmount: 100_000, maxAmount: 2_000_000 });
    const application = await insertApplication(t.db.database.db, {
      userId: user.id,
      loanTypeId: type.id,
      amountRequested: 500_000,
      loanTermMonths: 3,
    });
    const res = await send('POST', `/api/loans/applications/${application.id}/disburse/`, adminToken, {
      'idempotency-key': idempotencyKey('disburse'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: '500000.00', application: application.id });
  });

  it('is no body on POST /api/notifications/read_all/', async () => {
    const { token } = await t.userWithToken('lender');
    const res = await send('POST', '/api/notifications/read_all/', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 0 });
  });

  it('is no body on PATCH /api/auth/admin/users/:id/toggle-status/ and DELETE /api/auth/admin/users/:id/', async () => {
    const { user } = await t.userWithToken('borrower');
    const toggled = await send('PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`, adminToken);
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json()).toEqual({ id: user.id, status: 'Inactive' });
    const deleted = await send('DELETE', `/api/auth/admin/users/${user.id}/`, adminToken);
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('is no body with a charset in the content type too', async () => {
    const { token } = await t.userWithToken('borrower');
    const res = await send('POST', '/api/notifications/read_all/', token, {
      'content-type': 'application/json; charset=utf-8',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is a missing body, answered 400 with details, on a route that needs one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: JSON_HEADER,
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid request', details: expect.any(Object) });
  });
});

describe('a JSON body', () => {
  it('is still parsed on a route with a body', async () => {
    const { user } = await t.userWithToken('borrower', { email: `json-login-${Date.now()}@test.sente.ug` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: JSON_HEADER,
      payload: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('access');
  });

  it('that is not JSON answers 400 "The request body is not valid JSON"', async () => {
    for (const payload of ['{"email":', ' ', 'null,']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        headers: JSON_HEADER,
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ error: 'The request body is not valid JSON' });
    }
  });

  it('with a __proto__ key is refused as before', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: JSON_HEADER,
      payload: '{"email":"a@b.ug","password":"x","__proto__":{"role":"admin"}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('over 1 MB answers 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: JSON_HEADER,
      payload: JSON.stringify({ email: 'x'.repeat(1024 * 1024), password: 'x' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request body is too large' });
  });

  it('with NUL in a string, nested or in a key, answers 400 naming where (PostgreSQL cannot store NUL)', async () => {
    const cases: [string, string][] = [
      ['{"email":"a\\u0000@b.ug","password":"x"}', 'email'],
      ['{"email":"a@b.ug","password":"x","extra":{"list":["ok","n\\u0000l"]}}', 'extra.list.1'],
      ['{"email":"a@b.ug","password":"x","k\\u0000ey":1}', 'k\u0000ey'],
      ['"\\u0000"', 'request'],
    ];
    for (const [payload, where] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        headers: JSON_HEADER,
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({
        error: 'Invalid request',
        code: 'NUL_IN_BODY',
        details: { [where]: ['Must not contain NUL characters'] },
      });
    }
  });

  it('with an escaped backslash before u0000 is text, not NUL, and is accepted', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: JSON_HEADER,
      payload: '{"email":"nobody@test.sente.ug","password":"\\\\u0000"}',
    });
    expect(res.statusCode).toBe(401);
  });
});
