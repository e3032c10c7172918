import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  // The load balancer lives in 10.0.0.0/8 and appends the address it saw to X-Forwarded-For.
  t = await createTestApp({ config: { trustProxy: '10.0.0.0/8', loginRateLimitPerMinute: 2 } });
});
afterAll(() => t.close());

const attempt = (forwardedFor: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login/',
    remoteAddress: '10.0.0.5',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: 'x@example.ug', password: 'wrong-one' },
  });

describe('TRUST_PROXY with the proxies’ addresses', () => {
  it('limits by the address the proxy saw, however the client forges X-Forwarded-For', async () => {
    expect((await attempt('1.1.1.1, 41.210.1.2')).statusCode).toBe(401);
    expect((await attempt('2.2.2.2, 41.210.1.2')).statusCode).toBe(401);
    expect((await attempt('3.3.3.3, 41.210.1.2')).statusCode).toBe(429);
    // Another real client is not limited by it.
    expect((await attempt('41.210.9.9')).statusCode).toBe(401);
  });
});
