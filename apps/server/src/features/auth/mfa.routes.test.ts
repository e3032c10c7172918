import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { mfaRecoveryCodes, mfaSecrets } from '../../db/schema/index.ts';
import { auditTrailOf } from '../audit/audit.service.ts';
import { totpCode } from './totp.ts';

const clock = fixedClock(new Date('2025-06-02T08:00:00Z'));
const STEP = 30_000;
let t: TestApp;
let strict: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  strict = await createTestApp({ clock, config: { adminMfa: 'required' } });
});
afterAll(async () => {
  await t.close();
  await strict.close();
});

function post(app: TestApp, url: string, payload: unknown, token?: string) {
  return app.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
  });
}
const login = (app: TestApp, email: string) =>
  post(app, '/api/auth/login/', { email, password: TEST_PASSWORD });

/** An admin with two-factor sign-in on: their email, secret and recovery codes. */
async function enrolledAdmin(app = t) {
  const { user, token } = await app.userWithToken('admin');
  const setup = await post(app, '/api/auth/mfa/setup/', undefined, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await post(app, '/api/auth/mfa/confirm/', { code: totpCode(secret, clock.now()) }, token);
  expect(confirm.statusCode, confirm.body).toBe(200);
  clock.advance(STEP);
  return { user, token, secret: secret as string, recoveryCodes: confirm.json().recovery_codes as string[] };
}

async function challenge(app: TestApp, email: string): Promise<string> {
  const res = await login(app, email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({
    mfa_required: true,
    mfa_token: expect.any(String),
    mfa_setup_required: false,
  });
  return res.json().mfa_token;
}

describe('two-factor sign-in: enrolment', () => {
  it('gives a secret and an otpauth URI, turns on with the first good code, and shows ten recovery codes once', async () => {
    const { user, token } = await t.userWithToken('admin');
    const setup = await post(t, '/api/auth/mfa/setup/', undefined, token);
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_uri: uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Sente:.+\?.*secret=[A-Z2-7]+/);
    expect(uri).toContain(`secret=${secret}`);

    const wrong = await post(t, '/api/auth/mfa/confirm/', { code: '000000' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Invalid authentication code', code: 'INVALID_MFA_CODE' });
    expect((await t.app.inject({ url: '/api/auth/mfa/', headers: bearer(token) })).json().enabled).toBe(
      false,
    );

    const confirm = await post(t, '/api/auth/mfa/confirm/', { code: totpCode(secret, clock.now()) }, token);
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{2}$/);

    const status = await t.app.inject({ url: '/api/auth/mfa/', headers: bearer(token) });
    expect(status.json()).toEqual({ enabled: true, required: false, recovery_codes_left: 10 });
    // Neither the secret nor the codes are stored readable.
    const [stored] = await t.services.db.select().from(mfaSecrets).where(eq(mfaSecrets.userId, user.id));
    expect(stored?.secretEncrypted).not.toContain(secret);
    const hashes = await t.services.db
      .select()
      .from(mfaRecoveryCodes)
      .where(eq(mfaRecoveryCodes.userId, user.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) expect(codes).not.toContain(row.codeHash);
    // A second setup while on would silently replace the authenticator: refused.
    expect((await post(t, '/api/auth/mfa/setup/', undefined, token)).statusCode).toBe(409);
    clock.advance(STEP);
  });

  it('is for admins only', async () => {
    const { token } = await t.userWithToken('borrower');
    expect((await post(t, '/api/auth/mfa/setup/', undefined, token)).statusCode).toBe(403);
  });
});

describe('POST /api/auth/login/ and /api/auth/login/mfa/', () => {
  it('answers exactly today’s tokens to users without two-factor sign-in', async () => {
    for (const role of ['admin', 'borrower', 'lender'] as const) {
      const { user } = await t.userWithToken(role);
      const res = await login(t, user.email);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh', 'user']);
    }
  });

  it('asks an enrolled admin for the code after the password, then answers tokens for the current code', async () => {
    const { user, secret } = await enrolledAdmin();
    const mfaToken = await challenge(t, user.email);
    // The challenge is not an access token.
    expect((await t.app.inject({ url: '/api/auth/me/', headers: bearer(mfaToken) })).statusCode).toBe(401);

    const res = await post(t, '/api/auth/login/mfa/', {
      mfa_token: mfaToken,
      code: totpCode(secret, clock.now()),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh', 'user']);
    expect(res.json().user).toMatchObject({ id: user.id, role: 'admin' });
    const me = await t.app.inject({ url: '/api/auth/me/', headers: bearer(res.json().access) });
    expect(me.statusCode).toBe(200);
  });

  it('spends the challenge: a copy of it cannot make a second session, even with a fresh code', async () => {
    const { user, secret } = await enrolledAdmin();
    const mfaToken = await challenge(t, user.email);
    const first = await post(t, '/api/auth/login/mfa/', {
      mfa_token: mfaToken,
      code: totpCode(secret, clock.now()),
    });
    expect(first.statusCode).toBe(200);
    clock.advance(STEP);
    const again = await post(t, '/api/auth/login/mfa/', {
      mfa_token: mfaToken,
      code: totpCode(secret, clock.now()),
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('MFA_CHALLENGE_EXPIRED');
    clock.advance(STEP);
  });

  it('ends every other session of the admin when two-factor sign-in is turned on, and keeps the one that did it', async () => {
    const { user } = await t.userWithToken('admin');
    const elsewhere = (await login(t, user.email)).json();
    const here = (await login(t, user.email)).json();
    const setup = await post(t, '/api/auth/mfa/setup/', undefined, here.access);
    const confirm = await post(
      t,
      '/api/auth/mfa/confirm/',
      { code: totpCode(setup.json().secret, clock.now()) },
      here.access,
    );
    expect(confirm.statusCode, confirm.body).toBe(200);
    clock.advance(STEP);
    const me = (access: string) => t.app.inject({ url: '/api/auth/me/', headers: bearer(access) });
    expect((await me(elsewhere.access)).statusCode).toBe(401);
    expect((await post(t, '/api/token/refresh/', { refresh: elsewhere.refresh })).statusCode).toBe(401);
    expect((await me(here.access)).statusCode).toBe(200);
    expect((await post(t, '/api/token/refresh/', { refresh: here.refresh })).statusCode).toBe(200);
  });

  it('accepts a code from one step before or after (clock drift), and each code only once', async () => {
    const { user, secret } = await enrolledAdmin();
    // A step after the one used to confirm, so only the drift allowance decides.
    clock.advance(STEP);
    const previous = totpCode(secret, new Date(clock.now().getTime() - STEP));
    const first = await post(t, '/api/auth/login/mfa/', {
      mfa_token: await challenge(t, user.email),
      code: previous,
    });
    expect(first.statusCode).toBe(200);
    const replay = await post(t, '/api/auth/login/mfa/', {
      mfa_token: await challenge(t, user.email),
      code: previous,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'Invalid authentication code', code: 'INVALID_MFA_CODE' });
    clock.advance(STEP);
    const next = await post(t, '/api/auth/login/mfa/', {
      mfa_token: await challenge(t, user.email),
      code: totpCode(secret, clock.now()),
    });
    expect(next.statusCode).toBe(200);
    clock.advance(STEP);
  });

  it('answers 401 for a wrong code, an old code and an expired or forged challenge', async () => {
    const { user, secret } = await enrolledAdmin();
    const mfaToken = await challenge(t, user.email);
    const wrong = await post(t, '/api/auth/login/mfa/', { mfa_token: mfaToken, code: '123456' });
    expect(wrong.statusCode).toBe(401);
    const old = totpCode(secret, new Date(clock.now().getTime() - 3 * STEP));
    expect((await post(t, '/api/auth/login/mfa/', { mfa_token: mfaToken, code: old })).statusCode).toBe(401);
    const forged = `${mfaToken.slice(0, -2)}xx`;
    const bad = await post(t, '/api/auth/login/mfa/', {
      mfa_token: forged,
      code: totpCode(secret, clock.now()),
    });
    expect(bad.json()).toEqual({
      error: 'Your sign-in has expired. Please sign in again.',
      code: 'MFA_CHALLENGE_EXPIRED',
    });
    // An access token is not a challenge either.
    const { token } = await t.userWithToken('admin');
    expect((await post(t, '/api/auth/login/mfa/', { mfa_token: token, code: '123456' })).statusCode).toBe(
      401,
    );
    clock.advance(5 * 60 * 1000 + 1000);
    const late = await post(t, '/api/auth/login/mfa/', {
      mfa_token: mfaToken,
      code: totpCode(secret, clock.now()),
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      error: 'Your sign-in has expired. Please sign in again.',
      code: 'MFA_CHALLENGE_EXPIRED',
    });
    clock.advance(STEP);
  });

  it('accepts each recovery code once, typed in any case and with or without dashes', async () => {
    const { user, token, recoveryCodes } = await enrolledAdmin();
    const [code, other] = recoveryCodes;
    const first = await post(t, '/api/auth/login/mfa/', { mfa_token: await challenge(t, user.email), code });
    expect(first.statusCode).toBe(200);
    const again = await post(t, '/api/auth/login/mfa/', { mfa_token: await challenge(t, user.email), code });
    expect(again.statusCode).toBe(401);
    const typed = other?.toUpperCase().replace(/-/g, ' ');
    const second = await post(t, '/api/auth/login/mfa/', {
      mfa_token: await challenge(t, user.email),
      code: typed,
    });
    expect(second.statusCode).toBe(200);
    const status = await t.app.inject({ url: '/api/auth/mfa/', headers: bearer(token) });
    expect(status.json().recovery_codes_left).toBe(8);
  });

  it('pauses the code step after five wrong codes, even for the right code', async () => {
    const { user, secret } = await enrolledAdmin();
    const mfaToken = await challenge(t, user.email);
    for (let i = 0; i < 5; i++) {
      expect(
        (await post(t, '/api/auth/login/mfa/', { mfa_token: mfaToken, code: '000000' })).statusCode,
      ).toBe(401);
    }
    const res = await post(t, '/api/auth/login/mfa/', {
      mfa_token: mfaToken,
      code: totpCode(secret, clock.now()),
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('900');
    clock.advance(15 * 60 * 1000 + STEP);
  });

  it('goes back to plain tokens once the admin turns it off with a code, and audits both changes', async () => {
    const { user, token, secret } = await enrolledAdmin();
    expect((await post(t, '/api/auth/mfa/disable/', { code: '000000' }, token)).statusCode).toBe(400);
    const off = await post(t, '/api/auth/mfa/disable/', { code: totpCode(secret, clock.now()) }, token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, required: false, recovery_codes_left: 0 });
    const res = await login(t, user.email);
    expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh', 'user']);
    const trail = await auditTrailOf(t.services.db, 'user', user.id);
    expect(trail.map((row) => row.action)).toEqual(
      expect.arrayContaining(['user.mfa_enabled', 'user.mfa_disabled']),
    );
    clock.advance(STEP);
  });
});

describe('ADMIN_MFA=required', () => {
  it('makes an admin without an authenticator set one up during sign-in, then answers tokens and recovery codes', async () => {
    const { user } = await strict.userWithToken('admin');
    const res = await login(strict, user.email);
    expect(res.json()).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      mfa_setup_required: true,
    });
    const mfaToken = res.json().mfa_token;
    const setup = await post(strict, '/api/auth/login/mfa/setup/', { mfa_token: mfaToken });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    expect(
      (await post(strict, '/api/auth/login/mfa/', { mfa_token: mfaToken, code: '000000' })).statusCode,
    ).toBe(401);
    const done = await post(strict, '/api/auth/login/mfa/', {
      mfa_token: mfaToken,
      code: totpCode(secret, clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ access: expect.any(String), user: { id: user.id } });
    expect(done.json().recovery_codes).toHaveLength(10);
    clock.advance(STEP);

    // From now on the sign-in asks for a code, and it cannot be turned off.
    const next = await login(strict, user.email);
    expect(next.json()).toMatchObject({ mfa_required: true, mfa_setup_required: false });
    const off = await post(
      strict,
      '/api/auth/mfa/disable/',
      { code: totpCode(secret, clock.now()) },
      done.json().access,
    );
    expect(off.statusCode).toBe(409);
    // A verify challenge cannot start a new setup.
    expect(
      (await post(strict, '/api/auth/login/mfa/setup/', { mfa_token: next.json().mfa_token })).statusCode,
    ).toBe(401);
  });

  it('leaves borrowers and lenders signing in as before', async () => {
    for (const role of ['borrower', 'lender'] as const) {
      const { user } = await strict.userWithToken(role);
      const res = await login(strict, user.email);
      expect(Object.keys(res.json()).sort()).toEqual(['access', 'refresh', 'user']);
    }
  });

  it('gives no tokens to an admin who has only the password', async () => {
    const { user } = await strict.userWithToken('admin');
    const res = await login(strict, user.email);
    expect(res.json()).not.toHaveProperty('access');
    expect(res.json()).not.toHaveProperty('refresh');
  });
});
