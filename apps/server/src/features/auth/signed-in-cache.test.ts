import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createSignedInCache } from './signed-in-cache.ts';

const someone = { id: 7, role: 'borrower' as const, name: 'Nakato Sarah', email: 'nakato@example.ug' };

describe('the signed-in cache', () => {
  it('trusts no user while the change feed is not listening, and forgets everything when it stops', () => {
    const cache = createSignedInCache();
    cache.rememberUser({ user: someone, sessionsRevokedAt: null, revokedSessions: new Set<string>() });
    expect(cache.user(7)).toBeUndefined();

    cache.subscription.onState(true);
    cache.rememberUser({ user: someone, sessionsRevokedAt: null, revokedSessions: new Set<string>() });
    expect(cache.user(7)).toEqual({
      user: someone,
      sessionsRevokedAt: null,
      revokedSessions: new Set<string>(),
    });

    cache.subscription.onState(false);
    expect(cache.user(7)).toBeUndefined();
    cache.subscription.onState(true);
    expect(cache.user(7)).toBeUndefined();
  });

  it('drops a user when the feed announces them, and everyone on a payload that is not an id', () => {
    const cache = createSignedInCache();
    cache.subscription.onState(true);
    cache.rememberUser({ user: someone, sessionsRevokedAt: null, revokedSessions: new Set<string>() });
    cache.rememberUser({
      user: { ...someone, id: 8 },
      sessionsRevokedAt: null,
      revokedSessions: new Set<string>(),
    });
    cache.subscription.onNotice('7');
    expect(cache.user(7)).toBeUndefined();
    expect(cache.user(8)).toBeDefined();
    cache.subscription.onNotice('garbled');
    expect(cache.user(8)).toBeUndefined();
  });

  it('does not cache a user again right after a change made here, before its notice can arrive', () => {
    const cache = createSignedInCache();
    cache.subscription.onState(true);
    cache.rememberUser({ user: someone, sessionsRevokedAt: null, revokedSessions: new Set<string>() });
    cache.forget(7);
    // A request that read the row before the change committed must not put the old state back.
    cache.rememberUser({ user: someone, sessionsRevokedAt: null, revokedSessions: new Set<string>() });
    expect(cache.user(7)).toBeUndefined();
  });

  it('serves a verified token only until it expires by the clock it is asked with', () => {
    const cache = createSignedInCache();
    const expiresAt = Date.UTC(2026, 10, 22, 12, 0, 0) / 1000;
    cache.rememberToken('t', {
      userId: 7,
      role: 'borrower',
      sessionId: null,
      issuedAtMs: (expiresAt - 900) * 1000,
      expiresAt,
    });
    expect(cache.verifiedToken('t', new Date((expiresAt - 1) * 1000))?.userId).toBe(7);
    expect(cache.verifiedToken('t', new Date(expiresAt * 1000))).toBeUndefined();
  });
});

describe('sign-in changes made by another process (another replica, the CLI, plain SQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function statusOfMe(token: string): Promise<number> {
    const res = await t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${token}` } });
    return res.statusCode;
  }

  async function fromElsewhere(text: string, values: unknown[]): Promise<void> {
    const client = new pg.Client({ connectionString: t.db.url ?? undefined });
    await client.connect();
    try {
      await client.query(text, values);
    } finally {
      await client.end();
    }
  }

  /** The feed connects in the background when the app starts; the cache trusts nothing until then. */
  async function waitForFeed(): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!t.services.signedIn.isListening() && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(t.services.signedIn.isListening()).toBe(true);
  }

  /**
   * The first status other than 200 within five seconds, polling every 10 ms. The notice usually
   * arrives within milliseconds; the margin is for a CI machine busy with other suites.
   */
  async function refusedWithin(token: string): Promise<number> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const status = await statusOfMe(token);
      if (status !== 200 || Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('refuses the token of a user deactivated elsewhere, although this process had the user cached', async () => {
    const { user, token } = await t.userWithToken('borrower');
    expect(await statusOfMe(token)).toBe(200);
    await waitForFeed();
    expect(await statusOfMe(token)).toBe(200);
    expect(t.services.signedIn.user(user.id)?.user.id).toBe(user.id);
    await fromElsewhere(`update users set status = 'Inactive' where id = $1`, [user.id]);
    expect(await refusedWithin(token)).toBe(401);
  });

  it('refuses tokens issued before a sign-out-everywhere made elsewhere', async () => {
    const { user, token } = await t.userWithToken('lender');
    await waitForFeed();
    expect(await statusOfMe(token)).toBe(200);
    expect(t.services.signedIn.user(user.id)).toBeDefined();
    await fromElsewhere(`update users set sessions_revoked_at = now() + interval '1 second' where id = $1`, [
      user.id,
    ]);
    expect(await refusedWithin(token)).toBe(401);
  });

  it('refuses an admin closed elsewhere on admin routes too', async () => {
    const { user, token } = await t.userWithToken('admin');
    const stats = () =>
      t.app.inject({ url: '/api/auth/admin/stats/', headers: { authorization: `Bearer ${token}` } });
    await waitForFeed();
    expect((await stats()).statusCode).toBe(200);
    expect(t.services.signedIn.user(user.id)).toBeDefined();
    await fromElsewhere('update users set deleted_at = now() where id = $1', [user.id]);
    expect(await refusedWithin(token)).toBe(401);
    expect((await stats()).statusCode).toBe(401);
  });
});
