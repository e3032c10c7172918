import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { auditTrailOf } from '../audit/audit.service.ts';
import type { UserRow } from './users.repo.ts';

const clock = fixedClock(new Date('2025-03-10T09:00:00Z'));
const HOUR = 60 * 60 * 1000;
const NEW_PASSWORD = 'a-brand-new-password';

let t: TestApp;
let admin: { user: UserRow; token: string };
let seq = 0;

beforeAll(async () => {
  t = await createTestApp({ clock, config: { publicUrl: 'https://sente.example.ug' } });
  admin = await t.userWithToken('admin');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Access tokens live 15 minutes; tests move the clock, so the admin signs in afresh each time.
  admin = {
    user: admin.user,
    token: await t.services.accessTokens.sign({ userId: admin.user.id, role: 'admin' }, clock.now()),
  };
});

function makeUser(): Promise<UserRow> {
  seq++;
  return t.services.users.createUser({
    email: `reset${seq}@test.sente.ug`,
    password: TEST_PASSWORD,
    name: `Reset Person ${seq}`,
    role: 'lender',
  });
}

async function issueLink(userId: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth/admin/users/${userId}/reset-password/`,
    headers: bearer(admin.token),
  });
}

function tokenOf(resetUrl: string): string {
  return new URL(resetUrl).searchParams.get('token') ?? '';
}

function reset(token: string, password = NEW_PASSWORD) {
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { token, password } });
}

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email, password } });
}

describe('POST /api/auth/admin/users/:id/reset-password/', () => {
  it('answers a link to the web reset page that expires in 24 hours, and audits it', async () => {
    const user = await makeUser();
    const res = await issueLink(user.id);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const url = new URL(body.reset_url);
    expect(`${url.origin}${url.pathname}`).toBe('https://sente.example.ug/reset-password');
    expect(tokenOf(body.reset_url)).toMatch(/^[\w-]{43}$/);
    expect(body.expires_at).toBe(new Date(clock.now().getTime() + 24 * HOUR).toISOString());

    const [row] = await auditTrailOf(t.services.db, 'user', user.id);
    expect(row).toMatchObject({
      action: 'user.password_reset_link_issued',
      actorId: admin.user.id,
      after: { expires_at: body.expires_at },
    });
    expect(JSON.stringify(row)).not.toContain(tokenOf(body.reset_url));
  });

  it('keeps only a hash of the token', async () => {
    const user = await makeUser();
    const token = tokenOf((await issueLink(user.id)).json().reset_url);
    const stored = await t.services.db.query.passwordResetTokens.findFirst({
      where: (table, { eq }) => eq(table.userId, user.id),
    });
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.tokenHash).not.toBe(token);
  });

  it('answers 404 User not found for an unknown or closed user', async () => {
    const res = await issueLink(999999);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'User not found', code: 'USER_NOT_FOUND' });
    const user = await makeUser();
    await t.services.userAdmin.closeAccount(admin.user.id, user.id);
    expect((await issueLink(user.id)).statusCode).toBe(404);
  });
});

describe('POST /api/auth/reset-password/', () => {
  it('sets the new password once, signs the user out everywhere, and audits the reset', async () => {
    const user = await makeUser();
    const session = (await login(user.email, TEST_PASSWORD)).json();
    const token = tokenOf((await issueLink(user.id)).json().reset_url);

    clock.advance(1000);
    const res = await reset(token);
    expect(res.statusCode).toBe(204);

    // The access token from before the reset stops working at once, not when it expires.
    const oldAccess = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me/',
      headers: bearer(session.access),
    });
    expect(oldAccess.statusCode).toBe(401);

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    const fresh = await login(user.email, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    const newAccess = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me/',
      headers: bearer(fresh.json().access),
    });
    expect(newAccess.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refresh.statusCode).toBe(401);

    const second = await reset(token, 'yet-another-password');
    expect(second.statusCode).toBe(400);
    expect(second.json().error).toMatch(/invalid, used or expired/);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);

    const trail = await auditTrailOf(t.services.db, 'user', user.id);
    expect(trail.map((row) => row.action)).toEqual([
      'user.password_reset_link_issued',
      'user.password_reset',
    ]);
    expect(trail[1]).toMatchObject({ actorId: user.id, after: { via_link_issued_by: admin.user.id } });
  });

  it('works until 24 hours have passed and not after', async () => {
    const early = await makeUser();
    const late = await makeUser();
    const earlyToken = tokenOf((await issueLink(early.id)).json().reset_url);
    const lateToken = tokenOf((await issueLink(late.id)).json().reset_url);

    clock.advance(24 * HOUR - 1000);
    expect((await reset(earlyToken)).statusCode).toBe(204);
    clock.advance(1000);
    const expired = await reset(lateToken);
    expect(expired.statusCode).toBe(400);
    expect((await login(late.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('retires the older link when a new one is issued', async () => {
    const user = await makeUser();
    const first = tokenOf((await issueLink(user.id)).json().reset_url);
    const second = tokenOf((await issueLink(user.id)).json().reset_url);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(204);
  });

  it('answers 400 with details for a short password and leaves the link usable', async () => {
    const user = await makeUser();
    const token = tokenOf((await issueLink(user.id)).json().reset_url);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().details).toHaveProperty('password');
    // The attack's own example: eight of one letter; and a common password long enough to pass length.
    for (const weak of ['aaaaaaaa', 'aaaaaaaaaaaa', 'password1234']) {
      const refused = await reset(token, weak);
      expect(refused.statusCode, weak).toBe(400);
      expect(refused.json().details.password[0]).toMatch(/characters|common/);
    }
    expect((await reset(token)).statusCode).toBe(204);
  });

  it('answers 400 for an unknown token, a missing field, and the link of a closed account', async () => {
    expect((await reset('not-a-real-token')).statusCode).toBe(400);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password/',
      payload: { token: 'x' },
    });
    expect(missing.statusCode).toBe(400);

    const user = await makeUser();
    const token = tokenOf((await issueLink(user.id)).json().reset_url);
    await t.services.userAdmin.closeAccount(admin.user.id, user.id);
    expect((await reset(token)).statusCode).toBe(400);
  });
});
