import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { REFRESH_RETRY_WINDOW_MS } from './refresh-retry.ts';

const clock = fixedClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

interface Pair {
  readonly access: string;
  readonly refresh: string;
}

async function signIn(): Promise<Pair> {
  const { user } = await t.userWithToken('borrower');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

function refresh(token: string) {
  return t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
}

async function refreshed(token: string): Promise<Pair> {
  const res = await refresh(token);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function meStatus(access: string): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers: bearer(access) })).statusCode;
}

describe('a refresh whose answer was lost (a phone that dropped off the network mid-answer)', () => {
  it('answers the same token again with a new pair that works, within the window', async () => {
    const first = await signIn();
    await refreshed(first.refresh); // answered, but the answer never reached the phone
    clock.advance(REFRESH_RETRY_WINDOW_MS - 1_000);
    const retried = await refreshed(first.refresh);
    expect(await meStatus(retried.access)).toBe(200);
    const next = await refreshed(retried.refresh);
    expect(await meStatus(next.access)).toBe(200);
  });

  it('survives two lost answers in a row', async () => {
    const first = await signIn();
    await refreshed(first.refresh);
    await refreshed(first.refresh);
    const third = await refreshed(first.refresh);
    expect(await meStatus((await refreshed(third.refresh)).access)).toBe(200);
  });

  it('ends the session when the token comes back after the window, as a stolen one would', async () => {
    const first = await signIn();
    const lost = await refreshed(first.refresh);
    clock.advance(REFRESH_RETRY_WINDOW_MS + 1);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(lost.refresh)).statusCode).toBe(401);
    expect(await meStatus(lost.access)).toBe(401);
  });

  it('ends the session when the token comes back after its successor was used', async () => {
    const first = await signIn();
    const second = await refreshed(first.refresh);
    const third = await refreshed(second.refresh);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(third.refresh)).statusCode).toBe(401);
    expect(await meStatus(third.access)).toBe(401);
  });

  it('catches a thief who replays within the window when the holder presents the pair it did receive', async () => {
    const first = await signIn();
    const holders = await refreshed(first.refresh);
    const thiefs = await refreshed(first.refresh); // looks like a retry, and is answered
    // The holder's token was superseded: presenting it means two parties hold this session.
    const res = await refresh(holders.refresh);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'Refresh token is invalid or expired',
      code: 'INVALID_REFRESH_TOKEN',
    });
    expect((await refresh(thiefs.refresh)).statusCode).toBe(401);
    expect(await meStatus(thiefs.access)).toBe(401);
  });

  it('never brings back a signed-out session', async () => {
    const first = await signIn();
    const lost = await refreshed(first.refresh);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout/',
      headers: bearer(lost.access),
      payload: { refresh: first.refresh },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(lost.refresh)).statusCode).toBe(401);
  });
});
