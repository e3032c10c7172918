import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function login(email: string, password = TEST_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
}

describe('POST /api/auth/login/', () => {
  it('answers tokens and the user for the right email and password', async () => {
    const { user } = await t.userWithToken('admin');
    const res = await login(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access).toEqual(expect.any(String));
    expect(body.refresh).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ id: user.id, email: user.email, role: 'admin', status: 'Active' });
    expect(body.user).not.toHaveProperty('password_hash');
  });

  it('answers 401 with the spec message for a wrong password or an unknown email', async () => {
    const { user } = await t.userWithToken('borrower');
    for (const res of [await login(user.email, 'wrong-password'), await login('nobody@nowhere.ug')]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('answers 403 with its own message for an inactive account', async () => {
    const created = await t.services.users.createUser({
      email: `inactive-${Date.now()}@test.sente.ug`,
      password: TEST_PASSWORD,
      name: 'Inactive Person',
      role: 'borrower',
      status: 'Inactive',
    });
    const res = await login(created.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/inactive/i);
  });

  it('answers 400 with field details when the email or password is missing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      payload: { email: 'not-an-email' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty('email');
    expect(res.json().details).toHaveProperty('password');
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'The request body is not valid JSON' });
  });

  it('makes the next try from the same address wait after three wrong passwords, even with the right one', async () => {
    const { user } = await t.userWithToken('borrower');
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'bad-guess')).statusCode).toBe(401);
    const res = await login(user.email);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json().error).toMatch(/too many/i);
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates: the new pair works and the old refresh token is refused', async () => {
    const { user } = await t.userWithToken('admin');
    const first = (await login(user.email)).json();
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    });
    expect(rotated.statusCode).toBe(200);
    const pair = rotated.json();
    expect(pair.refresh).not.toBe(first.refresh);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(pair.access) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('revokes the whole family when a rotated token is presented again after its successor was used', async () => {
    const { user } = await t.userWithToken('admin');
    const first = (await login(user.email)).json();
    const second = (
      await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } })
    ).json();
    const third = (
      await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: second.refresh } })
    ).json();
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: first.refresh },
    });
    expect(replay.statusCode).toBe(401);
    // The thief's replay also kills the legitimate holder's newer token.
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: third.refresh },
    });
    expect(after.statusCode).toBe(401);
    // And the access tokens of that session stop at once, not when they expire.
    for (const access of [first.access, second.access, third.access]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(access) });
      expect(me.statusCode).toBe(401);
    }
  });

  it('answers 401 for an unknown token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: 'made-up' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'Refresh token is invalid or expired',
      code: 'INVALID_REFRESH_TOKEN',
    });
  });
});

describe('POST /api/auth/logout/', () => {
  it('revokes the refresh token', async () => {
    const { user } = await t.userWithToken('borrower');
    const session = (await login(user.email)).json();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      payload: { refresh: session.refresh },
    });
    expect(out.statusCode).toBe(204);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(res.statusCode).toBe(401);
  });

  it("ends that session's access token too, and only that session's", async () => {
    const { user } = await t.userWithToken('borrower');
    const phone = (await login(user.email)).json();
    const laptop = (await login(user.email)).json();
    const me = (access: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(access) });
    expect((await me(phone.access)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/logout/', payload: { refresh: phone.refresh } });
    expect((await me(phone.access)).statusCode).toBe(401);
    expect((await me(laptop.access)).statusCode).toBe(200);
  });

  it('refuses a token issued earlier in the same second as a sign-out everywhere (millisecond precision)', async () => {
    const { user } = await t.userWithToken('borrower');
    const second = Math.floor(Date.now() / 1000) * 1000;
    const before = await t.services.accessTokens.sign(
      { userId: user.id, role: 'borrower' },
      new Date(second + 100),
    );
    await t.services.auth.signOutEverywhere(user.id);
    await t.db.database.db.execute(
      sql`update users set sessions_revoked_at = ${new Date(second + 500).toISOString()} where id = ${user.id}`,
    );
    t.services.auth.userChanged(user.id);
    const after = await t.services.accessTokens.sign(
      { userId: user.id, role: 'borrower' },
      new Date(second + 900),
    );
    const me = (access: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(access) });
    expect((await me(before)).statusCode).toBe(401);
    expect((await me(after)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me/', () => {
  it('answers the signed-in user', async () => {
    const { user, token } = await t.userWithToken('lender');
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, role: 'lender' });
  });

  it('lets an admin read another user, and refuses a borrower with 403', async () => {
    const { user: other } = await t.userWithToken('borrower');
    const { token: adminToken } = await t.userWithToken('admin');
    const { token: borrowerToken } = await t.userWithToken('borrower');
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: `/api/auth/me/?user_id=${other.id}`,
      headers: bearer(adminToken),
    });
    expect(asAdmin.json().id).toBe(other.id);
    const asBorrower = await t.app.inject({
      method: 'GET',
      url: `/api/auth/me/?user_id=${other.id}`,
      headers: bearer(borrowerToken),
    });
    expect(asBorrower.statusCode).toBe(403);
  });

  it('refuses expired, tampered and wrong-algorithm tokens with 401', async () => {
    const { user, token } = await t.userWithToken('admin');
    const expired = await t.services.accessTokens.sign(
      { userId: user.id, role: 'admin' },
      new Date(Date.now() - 3600_000),
    );
    const [head, payload, signature] = token.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ sub: String(user.id), role: 'admin', typ: 'access', exp: 9e9 })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    const otherKey = await new SignJWT({ role: 'admin', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('sente')
      .setAudience('sente-api')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode('some-other-secret-that-is-also-long-enough'));
    for (const bad of [expired, tampered, unsigned, otherKey, 'garbage']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(bad) });
      expect(res.statusCode).toBe(401);
    }
  });
});
