import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationForm, insertLoanType } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applications } from '../../db/schema/index.ts';

/**
 * An account closed by another replica or by plain SQL: the guard still trusts the user it cached
 * until the change notice arrives. In that moment a route that reads the user's own data must answer
 * as the guard will a moment later, 401, and never a 404 saying their own account does not exist.
 */
let t: TestApp;
let loanTypeId: number;
beforeAll(async () => {
  t = await createTestApp();
  loanTypeId = (await insertLoanType(t.db.database.db)).id;
});
afterAll(async () => {
  await t.close();
});

type Call = { method: 'GET' | 'PUT' | 'POST'; url: string; payload?: object };

/** Signs in as a fresh user of the role, lets the guard cache them, closes the account by SQL, calls. */
async function afterClosingElsewhere(role: 'borrower' | 'lender', call: Call) {
  const { user, token } = await t.userWithToken(role);
  const cache = t.services.signedIn;
  const wasListening = cache.isListening();
  // As if the change feed listened: the guard then trusts the user it cached on the first call.
  cache.subscription.onState(true);
  try {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(cache.user(user.id)).toBeDefined();
    // Closed by plain SQL: no userChanged; on PostgreSQL the notice comes later than the next request.
    await t.db.database.db.execute(sql`update users set deleted_at = now() where id = ${user.id}`);
    return await t.app.inject({ ...call, headers: bearer(token) });
  } finally {
    cache.subscription.onState(wasListening);
  }
}

describe('own data of an account closed elsewhere, while the guard still trusts its cache', () => {
  it.each<[string, 'borrower' | 'lender', Call]>([
    ['GET /api/auth/me/', 'borrower', { method: 'GET', url: '/api/auth/me/' }],
    ['GET /api/auth/kyc/', 'lender', { method: 'GET', url: '/api/auth/kyc/' }],
    [
      'PUT /api/auth/kyc/',
      'lender',
      { method: 'PUT', url: '/api/auth/kyc/', payload: { address: 'Plot 12, Kampala Road' } },
    ],
    ['GET /api/auth/me/data/', 'borrower', { method: 'GET', url: '/api/auth/me/data/' }],
  ])('%s answers 401', async (_route, role, call) => {
    const res = await afterClosingElsewhere(role, call);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('POST /api/loans/applications/ answers 401 and files nothing', async () => {
    const res = await afterClosingElsewhere('borrower', {
      method: 'POST',
      url: '/api/loans/applications/',
      payload: applicationForm(loanTypeId),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect(await t.db.database.db.select().from(applications)).toEqual([]);
  });

  it("an admin reading a closed account's KYC still gets 404", async () => {
    const { token } = await t.userWithToken('admin');
    const { user } = await t.userWithToken('lender');
    await t.db.database.db.execute(sql`update users set deleted_at = now() where id = ${user.id}`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/kyc/?user_id=${user.id}`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('USER_NOT_FOUND');
  });
});
