import { type RouteDefinition, routes } from '@sente/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

// Documentation routes are the only /api routes outside the contract, and they are public by design.
const DOCUMENTATION = /^\/api\/(openapi\.json|docs)(\/|$)/;

let t: TestApp;
let borrowerToken: string;
beforeAll(async () => {
  t = await createTestApp();
  borrowerToken = (await t.userWithToken('borrower')).token;
});
afterAll(async () => {
  await t.close();
});

function concretePath(definition: RouteDefinition): string {
  return definition.path.replace(/:(\w+)/g, '1');
}

const contractRoutes = Object.entries(routes) as [string, RouteDefinition][];

describe('the route guard', () => {
  it('registers every /api route through the contract, except the API documentation', () => {
    const strays = t.registeredRoutes.filter(
      (r) => r.url.startsWith('/api') && !r.contract && !DOCUMENTATION.test(r.url) && r.method !== 'HEAD',
    );
    expect(strays).toEqual([]);
  });

  it('registers every contract route', () => {
    const registered = new Set(t.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = contractRoutes
      .filter(([, d]) => !registered.has(`${d.method} ${d.path}`))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  const guarded = contractRoutes.filter(([, d]) => d.auth !== 'public');
  it.each(guarded)('answers 401 without a token: %s', async (_name, definition) => {
    const res = await t.app.inject({ method: definition.method, url: concretePath(definition) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'UNAUTHENTICATED' });
  });

  it.each(guarded)('answers 401 with a malformed token: %s', async (_name, definition) => {
    const res = await t.app.inject({
      method: definition.method,
      url: concretePath(definition),
      headers: bearer('not.a.jwt'),
    });
    expect(res.statusCode).toBe(401);
  });

  const adminOnly = contractRoutes.filter(([, d]) => d.auth === 'admin');
  it.each(adminOnly)('answers 403 with the spec message to a borrower: %s', async (_name, definition) => {
    const res = await t.app.inject({
      method: definition.method,
      url: concretePath(definition),
      headers: bearer(borrowerToken),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Access denied. Admin permissions required.', code: 'ADMIN_ONLY' });
  });
});
