import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { userKyc, users } from '../../db/schema/index.ts';
import { auditTrailOf } from '../audit/audit.service.ts';
import type { UserRow } from './users.repo.ts';

let t: TestApp;
let admin: { user: UserRow; token: string };
let borrower: { user: UserRow; token: string };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken('admin');
  borrower = await t.userWithToken('borrower');
});
afterAll(async () => {
  await t.close();
});

function makeUser(
  overrides: {
    name?: string;
    email?: string;
    phoneNumber?: string | null;
    status?: 'Active' | 'Inactive';
  } = {},
): Promise<UserRow> {
  seq++;
  return t.services.users.createUser({
    email: overrides.email ?? `person${seq}-${Date.now()}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: overrides.name ?? `Person ${seq}`,
    role: 'borrower',
    phoneNumber: overrides.phoneNumber ?? null,
    ...(overrides.status ? { status: overrides.status } : {}),
  });
}

function asAdmin(method: 'GET' | 'PATCH' | 'DELETE' | 'POST' | 'PUT', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}

function list(query: Record<string, string>) {
  return asAdmin('GET', `/api/auth/admin/users/?${new URLSearchParams(query).toString()}`);
}

async function login(email: string, password = TEST_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
}

const USER_FIELDS = [
  'email',
  'id',
  'name',
  'phone_number',
  'registration_date',
  'role',
  'status',
  'username',
].sort();

describe('PATCH /api/auth/admin/users/:id/toggle-status/', () => {
  it('switches Active to Inactive and back, answering the id and the new status', async () => {
    const user = await makeUser();
    const off = await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ id: user.id, status: 'Inactive' });
    const on = await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`);
    expect(on.json()).toEqual({ id: user.id, status: 'Active' });
  });

  it('signs a deactivated user out everywhere: refresh and access tokens stop working', async () => {
    const user = await makeUser();
    const session = (await login(user.email)).json();
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(session.access) });
    expect((await me()).statusCode).toBe(200);

    await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`);

    expect((await me()).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(403);

    // Reactivation does not revive the old session: the user signs in again.
    await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(again.statusCode).toBe(401);
    expect((await login(user.email)).statusCode).toBe(200);
  });

  it('answers 409 when an admin tries to deactivate their own account', async () => {
    const res = await asAdmin('PATCH', `/api/auth/admin/users/${admin.user.id}/toggle-status/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'You cannot deactivate your own account',
      code: 'CANNOT_DEACTIVATE_SELF',
    });
    expect((await asAdmin('GET', `/api/auth/admin/users/${admin.user.id}/`)).json().status).toBe('Active');
  });

  it('lets an admin deactivate another admin', async () => {
    const other = await t.userWithToken('admin');
    const res = await asAdmin('PATCH', `/api/auth/admin/users/${other.user.id}/toggle-status/`);
    expect(res.json()).toEqual({ id: other.user.id, status: 'Inactive' });
  });

  it('writes an audit row with who, before and after', async () => {
    const user = await makeUser();
    await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`);
    const rows = await auditTrailOf(t.services.db, 'user', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: admin.user.id,
      action: 'user.status_changed',
      entityId: String(user.id),
      before: { status: 'Active' },
      after: { status: 'Inactive' },
    });
  });

  it('answers 404 for an unknown or closed user and 400 for a malformed id', async () => {
    const unknown = await asAdmin('PATCH', '/api/auth/admin/users/999999/toggle-status/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    const closed = await makeUser();
    await asAdmin('DELETE', `/api/auth/admin/users/${closed.id}/`);
    expect((await asAdmin('PATCH', `/api/auth/admin/users/${closed.id}/toggle-status/`)).statusCode).toBe(
      404,
    );
    expect((await asAdmin('PATCH', '/api/auth/admin/users/abc/toggle-status/')).statusCode).toBe(400);
  });
});

describe('GET /api/auth/admin/users/:id/ and /detail/', () => {
  it('answers the user', async () => {
    const user = await makeUser({ phoneNumber: '256701234567' });
    const res = await asAdmin('GET', `/api/auth/admin/users/${user.id}/`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, email: user.email, phone_number: '+256701234567' });
    expect(Object.keys(res.json()).sort()).toEqual(USER_FIELDS);
  });

  it('answers the detail with nulls when no KYC was provided', async () => {
    const user = await makeUser();
    const res = await asAdmin('GET', `/api/auth/admin/users/${user.id}/detail/`);
    expect(res.json()).toMatchObject({
      id: user.id,
      kyc: { date_of_birth: null, gender: null, address: null, national_id: null },
      max_open_applications: 1,
    });
  });

  it('answers how many open applications an admin allowed', async () => {
    const user = await makeUser();
    const set = await asAdmin('PUT', `/api/auth/admin/users/${user.id}/open-applications/`, {
      max_open_applications: 3,
    });
    expect(set.statusCode, set.body).toBe(200);
    const res = await asAdmin('GET', `/api/auth/admin/users/${user.id}/detail/`);
    expect(res.json().max_open_applications).toBe(3);
  });

  it('answers the detail with the KYC the user provided', async () => {
    const user = await makeUser();
    await t.services.users.saveKyc(user.id, {
      dateOfBirth: '1988-11-02',
      gender: 'Male',
      address: 'Plot 4, Kira Road, Kampala',
      nationalId: 'cm88012345xyzq',
    });
    const res = await asAdmin('GET', `/api/auth/admin/users/${user.id}/detail/`);
    expect(res.json().kyc).toEqual({
      date_of_birth: '1988-11-02',
      gender: 'Male',
      address: 'Plot 4, Kira Road, Kampala',
      national_id: 'CM88012345XYZQ',
    });
  });

  it.each(['/', '/detail/'])(
    'answers 404 User not found for unknown ids and 400 for malformed ones (%s)',
    async (suffix) => {
      const res = await asAdmin('GET', `/api/auth/admin/users/2147483647${suffix}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
      for (const id of ['abc', '0', '-3', '1.5', '99999999999', '1%27']) {
        expect((await asAdmin('GET', `/api/auth/admin/users/${id}${suffix}`)).statusCode, id).toBe(400);
      }
    },
  );
});

describe('PATCH /api/auth/admin/users/:id/', () => {
  it('updates name, email and phone, normalising them, and audits the changed fields', async () => {
    const user = await makeUser({ name: 'Old Name', phoneNumber: '0701000001' });
    const res = await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, {
      name: '  Aber   Christine ',
      email: ` Aber.Christine${seq}@Example.UG `,
      phone_number: '0782 555 444',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      name: 'Aber Christine',
      email: `aber.christine${seq}@example.ug`,
      phone_number: '+256782555444',
    });
    const [row] = await auditTrailOf(t.services.db, 'user', user.id);
    expect(row).toMatchObject({
      action: 'user.updated',
      actorId: admin.user.id,
      before: { name: 'Old Name', email: user.email, phone_number: '+256701000001' },
      after: {
        name: 'Aber Christine',
        email: `aber.christine${seq}@example.ug`,
        phone_number: '+256782555444',
      },
    });
  });

  it('removes the phone number with null and writes no audit row when nothing changes', async () => {
    const user = await makeUser({ phoneNumber: '0701000002' });
    const res = await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, { phone_number: null });
    expect(res.json().phone_number).toBeNull();
    await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, { name: user.name });
    await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, {});
    expect(await auditTrailOf(t.services.db, 'user', user.id)).toHaveLength(1);
  });

  it('answers 400 with a message per bad field', async () => {
    const user = await makeUser();
    const res = await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, {
      name: 'A',
      email: 'not-an-email',
      phone_number: '0312 123456',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().details).sort()).toEqual(['email', 'name', 'phone_number']);
    expect(
      (await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, { name: 'x'.repeat(101) })).statusCode,
    ).toBe(400);
  });

  it('answers 400 for role, status, password or any field that is not editable', async () => {
    const user = await makeUser();
    for (const body of [
      { role: 'admin' },
      { status: 'Inactive' },
      { password: 'new-password-1' },
      { id: 5 },
    ]) {
      const res = await asAdmin('PATCH', `/api/auth/admin/users/${user.id}/`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await asAdmin('GET', `/api/auth/admin/users/${user.id}/`)).json()).toMatchObject({
      role: 'borrower',
      status: 'Active',
    });
  });

  it("answers 409 for another open account's email, but a closed account's email is free", async () => {
    const first = await makeUser();
    const second = await makeUser();
    const taken = await asAdmin('PATCH', `/api/auth/admin/users/${second.id}/`, {
      email: first.email.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'A user with this email already exists', code: 'EMAIL_TAKEN' });

    await asAdmin('DELETE', `/api/auth/admin/users/${first.id}/`);
    const freed = await asAdmin('PATCH', `/api/auth/admin/users/${second.id}/`, { email: first.email });
    expect(freed.statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await asAdmin('PATCH', '/api/auth/admin/users/999999/', { name: 'Someone Else' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
  });
});

describe('DELETE /api/auth/admin/users/:id/', () => {
  it('closes the account: it leaves lists, reads and sign-in, and its records stay', async () => {
    const user = await makeUser({ name: 'Closingtag Person' });
    await t.services.users.saveKyc(user.id, { address: 'Lira Town', gender: 'Female' });
    const session = (await login(user.email)).json();

    const res = await asAdmin('DELETE', `/api/auth/admin/users/${user.id}/`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await list({ search: 'Closingtag' })).json().count).toBe(0);
    expect((await asAdmin('GET', `/api/auth/admin/users/${user.id}/`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/auth/admin/users/${user.id}/detail/`)).statusCode).toBe(404);
    expect((await login(user.email)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const access = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me/',
      headers: bearer(session.access),
    });
    expect(access.statusCode).toBe(401);

    // The records stay: the user row (closed), its KYC and its audit trail.
    const [kept] = await t.services.db.select().from(users).where(eq(users.id, user.id));
    expect(kept?.deletedAt).toEqual(expect.any(Date));
    const kyc = await t.services.db.select().from(userKyc).where(eq(userKyc.userId, user.id));
    expect(kyc).toHaveLength(1);
    const [audit] = await auditTrailOf(t.services.db, 'user', user.id);
    expect(audit).toMatchObject({
      action: 'user.closed',
      actorId: admin.user.id,
      before: { deleted_at: null, status: 'Active' },
      after: { deleted_at: expect.any(String), status: 'Active' },
    });
  });

  it('answers 409 when an admin tries to delete their own account', async () => {
    const res = await asAdmin('DELETE', `/api/auth/admin/users/${admin.user.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'You cannot delete your own account', code: 'CANNOT_DELETE_SELF' });
    expect((await asAdmin('GET', '/api/auth/admin/stats/')).statusCode).toBe(200);
  });

  it('answers 404 the second time and for unknown ids, 400 for malformed ones', async () => {
    const user = await makeUser();
    expect((await asAdmin('DELETE', `/api/auth/admin/users/${user.id}/`)).statusCode).toBe(204);
    const again = await asAdmin('DELETE', `/api/auth/admin/users/${user.id}/`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    expect((await asAdmin('DELETE', '/api/auth/admin/users/x1/')).statusCode).toBe(400);
  });

  it('lets the email sign up again as a new account', async () => {
    const user = await makeUser();
    await asAdmin('DELETE', `/api/auth/admin/users/${user.id}/`);
    const reopened = await makeUser({ email: user.email });
    expect(reopened.id).not.toBe(user.id);
    expect((await login(user.email)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/kyc/', () => {
  it("answers the signed-in user's own KYC, nulls where missing", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/kyc/', headers: bearer(borrower.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ date_of_birth: null, gender: null, address: null, national_id: null });
  });

  it("lets an admin read another user's KYC", async () => {
    const user = await makeUser();
    await t.services.users.saveKyc(user.id, { nationalId: 'CF95012345ABCD', gender: 'Female' });
    const res = await asAdmin('GET', `/api/auth/kyc/?user_id=${user.id}`);
    expect(res.json()).toMatchObject({ national_id: 'CF95012345ABCD', gender: 'Female' });
  });

  it("answers 403 to a non-admin asking for someone else's KYC", async () => {
    const other = await makeUser();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/auth/kyc/?user_id=${other.id}`,
      headers: bearer(borrower.token),
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for an unknown user and 400 for a malformed user_id', async () => {
    const res = await asAdmin('GET', '/api/auth/kyc/?user_id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    expect((await asAdmin('GET', '/api/auth/kyc/?user_id=abc')).statusCode).toBe(400);
  });
});

describe('saving KYC', () => {
  it('refuses a user under 18 and an NIN in the wrong format, and keeps what was there', async () => {
    const user = await makeUser();
    await t.services.users.saveKyc(user.id, { address: 'Mbarara High Street' });
    await expect(t.services.users.saveKyc(user.id, { dateOfBirth: '2015-01-01' })).rejects.toMatchObject({
      code: 'INVALID_KYC',
      details: { date_of_birth: ['The user must be at least 18 years old'] },
    });
    await expect(t.services.users.saveKyc(user.id, { nationalId: 'CM123' })).rejects.toMatchObject({
      code: 'INVALID_KYC',
    });
    const res = await asAdmin('GET', `/api/auth/kyc/?user_id=${user.id}`);
    expect(res.json()).toEqual({
      date_of_birth: null,
      gender: null,
      address: 'Mbarara High Street',
      national_id: null,
    });
  });

  it('checks a new NIN against the gender already on record', async () => {
    const user = await makeUser();
    await t.services.users.saveKyc(user.id, { gender: 'Male' });
    await expect(t.services.users.saveKyc(user.id, { nationalId: 'CF95012345ABCD' })).rejects.toMatchObject({
      code: 'INVALID_KYC',
    });
    const saved = await t.services.users.saveKyc(user.id, { nationalId: 'CM95012345ABCD' });
    expect(saved).toMatchObject({ gender: 'Male', nationalId: 'CM95012345ABCD' });
  });
});
