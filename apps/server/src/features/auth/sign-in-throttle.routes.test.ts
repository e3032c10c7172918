import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { notifications } from '../../db/schema/index.ts';
import { SIGN_IN_FAILURES_NOTIFICATION } from './auth.service.ts';

const clock = fixedClock(new Date('2026-11-20T08:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const HOME = '41.210.140.7';
const ATTACKER = '102.89.33.201';

function login(email: string, password: string, from: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    remoteAddress: from,
    payload: { email, password },
  });
}

async function signInFailureNotices(userId: number) {
  const token = await t.services.accessTokens.sign({ userId, role: 'admin' }, clock.now());
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications/', headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return (res.json().results as { kind: string; message: string; data: Record<string, unknown> }[]).filter(
    (n) => n.kind === SIGN_IN_FAILURES_NOTIFICATION,
  );
}

describe('POST /api/auth/login/ under password guessing', () => {
  it('lets the owner sign in from their usual address while another address hammers their email', async () => {
    const { user } = await t.userWithToken('admin');
    const answers: number[] = [];
    for (let i = 0; i < 30; i++) {
      answers.push((await login(user.email, `guess-${i}`, ATTACKER)).statusCode);
      clock.advance(1_000);
    }
    expect(answers.filter((s) => s === 401).length).toBeGreaterThanOrEqual(5);
    expect(answers).toContain(429);
    expect(answers.every((s) => s === 401 || s === 429)).toBe(true);

    const owner = await login(user.email, TEST_PASSWORD, HOME);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(user.id);
    // The owner's success does not wipe the attacker's record: the next guess still waits.
    expect((await login(user.email, 'guess-again', ATTACKER)).statusCode).toBe(429);
  });

  it('makes each next try from a failing address wait longer: 1 s, 2 s, 4 s', async () => {
    const { user } = await t.userWithToken('borrower');
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-one', ATTACKER)).statusCode).toBe(401);
    for (const seconds of [1, 2, 4, 8]) {
      const refused = await login(user.email, 'wrong-one', ATTACKER);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe(String(seconds));
      expect(refused.json()).toEqual({
        error: `Too many failed sign-in attempts. Please wait ${seconds === 1 ? '1 second' : `${seconds} seconds`} and try again.`,
        code: 'TOO_MANY_SIGN_IN_FAILURES',
      });
      // Even the right password waits: the delay is checked before the password.
      expect((await login(user.email, TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
      clock.advance(seconds * 1_000 - 1);
      expect((await login(user.email, 'wrong-one', ATTACKER)).statusCode).toBe(429);
      clock.advance(1);
      expect((await login(user.email, 'wrong-one', ATTACKER)).statusCode).toBe(401);
    }
  });

  it('caps the wait at 15 minutes, holds it, and forgets failures after a day', async () => {
    const { user } = await t.userWithToken('borrower');
    const waits: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await login(user.email, 'wrong-one', ATTACKER);
      if (res.statusCode === 429) {
        const seconds = Number(res.headers['retry-after']);
        waits.push(seconds);
        clock.advance(seconds * 1_000);
      }
    }
    expect(waits.slice(0, 11)).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
    expect(waits.slice(11).every((seconds) => seconds === 900)).toBe(true);
    expect(waits.length).toBeGreaterThan(14);
    clock.advance(24 * 60 * 60 * 1_000);
    for (let i = 0; i < 3; i++) expect((await login(user.email, 'wrong-one', ATTACKER)).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD, ATTACKER)).statusCode).toBe(429);
  });

  it('lets only the free tries through when one address fires many guesses at once', async () => {
    const { user } = await t.userWithToken('borrower');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(user.email, `parallel-${i}`, ATTACKER)),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('answers an unknown email exactly like a known one with a wrong password', async () => {
    const { user } = await t.userWithToken('borrower');
    const unknown = `nobody-${Date.now()}@nowhere.ug`;
    const answers = new Map<string, { status: number; body: string; retryAfter: unknown }[]>();
    for (let i = 0; i < 6; i++) {
      for (const email of [user.email, unknown]) {
        const res = await login(email, 'wrong-password-123', ATTACKER);
        const list = answers.get(email) ?? [];
        list.push({ status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] });
        answers.set(email, list);
      }
      clock.advance(500);
    }
    expect(answers.get(unknown)).toEqual(answers.get(user.email));
    expect(answers.get(user.email)?.map((a) => a.status)).toEqual([401, 401, 401, 429, 401, 429]);
  });

  it('takes about as long to refuse an unknown email as a wrong password', async () => {
    const { user } = await t.userWithToken('borrower');
    const unknown = `nobody-${Date.now()}@nowhere.ug`;
    const timings = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 11; i++) {
      // A fresh address each round, so no try is held back by the throttle.
      for (const [email, into] of [
        [user.email, timings.known],
        [unknown, timings.unknown],
      ] as const) {
        const started = performance.now();
        const res = await login(email, 'wrong-password-123', `197.240.7.${i}`);
        expect(res.statusCode).toBe(401);
        if (i > 0) into.push(performance.now() - started);
      }
    }
    const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    // Both verify a password hash: neither answers in a fraction of the other's time.
    const ratio = median(timings.unknown) / median(timings.known);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });

  it('tells the owner in the app once a window after repeated failures, never with the password', async () => {
    const { user } = await t.userWithToken('admin');
    const addresses = ['197.239.4.1', '197.239.4.2', '197.239.4.3'];
    for (let i = 0; i < 4; i++) await login(user.email, `Secret-Guess-${i}`, addresses[i % 3] ?? ATTACKER);
    expect(await signInFailureNotices(user.id)).toHaveLength(0);
    await login(user.email, 'Secret-Guess-4', ATTACKER);
    const [notice, ...more] = await signInFailureNotices(user.id);
    expect(more).toHaveLength(0);
    expect(notice?.message).toMatch(/wrong password for your account 5 times in the last hour/);
    expect(notice?.message).toMatch(/from 4 addresses/);
    expect(JSON.stringify(notice)).not.toMatch(/Secret-Guess/);

    for (let i = 5; i < 8; i++) await login(user.email, `Secret-Guess-${i}`, addresses[i % 3] ?? ATTACKER);
    expect(await signInFailureNotices(user.id)).toHaveLength(1);
    clock.advance(60 * 60 * 1_000 + 1);
    for (let i = 0; i < 5; i++) await login(user.email, `Secret-Guess-${i}`, `197.239.5.${i}`);
    expect(await signInFailureNotices(user.id)).toHaveLength(2);
  });

  it('tells nobody when an unknown email is hammered', async () => {
    const before = await t.db.database.db.$count(notifications);
    const ghost = `ghost-${Date.now()}@nowhere.ug`;
    for (let i = 0; i < 6; i++) await login(ghost, 'wrong-password-123', `197.239.6.${i}`);
    expect(await t.db.database.db.$count(notifications)).toBe(before);
  });
});
