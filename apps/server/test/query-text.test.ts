import { type RouteDefinition, routes } from '@sente/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/**
 * PostgreSQL text cannot hold NUL: a query parameter that reaches SQL with one fails in the database.
 * Every query parameter of every contract route is sent a NUL byte and must be refused with a 400 in
 * the usual error shape, never a 500.
 */
let t: TestApp;
let adminToken: string;
let adminId: number;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.userWithToken('admin');
  adminToken = admin.token;
  adminId = admin.user.id;
});
afterAll(async () => {
  await t.close();
});

const queryParameters = (Object.entries(routes) as [string, RouteDefinition][]).flatMap(
  ([name, definition]) =>
    definition.query instanceof z.ZodObject
      ? Object.keys(definition.query.shape).map((key) => ({ name, definition, key }))
      : [],
);

/**
 * Routes that take a body as well as a query (a provider's callback with its key in the URL) get a
 * valid body: Fastify checks the body before the query, and the query's refusal is the point here.
 */
const VALID_BODIES: Readonly<Record<string, object>> = {
  smsDeliveryReport: { id: 'ATXid_1', status: 'Success' },
};

function get(definition: RouteDefinition, query: string, name?: string) {
  return t.app.inject({
    method: definition.method,
    url: `${definition.path.replace(/:\w+/g, String(adminId))}?${query}`,
    headers: definition.auth === 'public' ? {} : bearer(adminToken),
    ...(definition.method === 'GET' ? {} : { payload: VALID_BODIES[name ?? ''] ?? {} }),
  });
}

describe('a NUL byte in a query parameter', () => {
  it('exists on the routes this suite covers (the contract still has query parameters)', () => {
    expect(queryParameters.map(({ name, key }) => `${name}.${key}`)).toEqual(
      expect.arrayContaining(['allTransactions.search', 'listUsers.search', 'listLoans.status']),
    );
  });

  it.each(queryParameters.map((p) => ({ ...p, label: `${p.name} ?${p.key}=%00` })))(
    'answers 400 with the parameter named in details, never 500: $label',
    async ({ name, definition, key }) => {
      const res = await get(definition, `${key}=%00`, name);
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json() as { error: string; details?: Record<string, string[]> };
      expect(body.error).toBe('Invalid request');
      expect(Object.keys(body.details ?? {})).toContain(`querystring.${key}`);
    },
  );
});

describe.each([
  ['GET /api/wallet/admin/all-transactions/', routes.allTransactions],
  ['GET /api/auth/admin/users/', routes.listUsers],
])('%s ?search=', (_label, definition) => {
  it('refuses a NUL byte inside the text with a message about NUL', async () => {
    const res = await get(definition, 'search=kato%00ngo');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid request',
      details: { 'querystring.search': ['Must not contain NUL characters'] },
    });
  });

  it('answers 200 (no match), not 500, to bytes that are not UTF-8 or encode a lone surrogate', async () => {
    for (const search of ['%FF', '%C3%28', '%ED%A0%80', 'a%E2%82']) {
      const res = await get(definition, `search=${search}`);
      expect(res.statusCode, search).toBe(200);
      const body = res.json() as { count?: number; pagination?: { total_count: number } };
      expect(body.count ?? body.pagination?.total_count, search).toBe(0);
    }
  });

  it('still searches ordinary text outside ASCII', async () => {
    const res = await get(definition, `search=${encodeURIComponent('Nakâto 🇺🇬')}`);
    expect(res.statusCode).toBe(200);
  });
});
