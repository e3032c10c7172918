import { type RouteDefinition, routes } from '@sente/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseFingerprint } from './db-fingerprint.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/**
 * Hostile requests generated from the contract: for every endpoint, wrong types, missing and extra
 * fields, huge strings and numbers, negative and fractional money, unicode, SQL and HTML payloads,
 * junk query parameters, malformed JSON and oversize bodies. Never a 500, never a stack trace, and a
 * refused request changes nothing in the database.
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

const hostileString = fc.oneof(
  fc.constantFrom(
    "' OR '1'='1",
    "'; drop table users; --",
    '"><script>alert(1)</script>',
    '%00',
    '\u0000',
    '../../etc/passwd',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
    '${7*7}',
    'Nakâto Ssenyonga 🇺🇬',
    '-1',
    '1e309',
    'NaN',
    '0x10',
    '1500000.555',
    '',
    ' ',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constant('x'.repeat(20_000)),
);
const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, 0.5, -0.01, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, 1500000.55),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), hostileString, { maxKeys: 3 }),
);

function shapeKeys(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Objects with the schema's own keys (some missing) holding hostile values, plus stray keys. */
function hostileObject(schema: z.ZodType | undefined): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...shapeKeys(schema), 'unexpected_field', '__proto__', 'is_admin'];
  return fc.record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] });
}

// Ids of rows the fuzzer may hit (and delete); the acting users are created apart, so they survive.
let victimIds: string[] = ['1'];
const hostileParam = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    'abc',
    '99999999999999999999',
    "1' or '1'='1",
    '%20',
    '2147483648',
    '424242',
  ),
  fc.integer({ min: 0, max: 1000 }).map((i) => victimIds[i % victimIds.length] ?? '1'),
);

function queryString(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (key === '__proto__') continue;
    params.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function fillPath(definition: RouteDefinition, values: string[]): string {
  let index = 0;
  return definition.path.replace(/:(\w+)/g, () => encodeURIComponent(values[index++] ?? '1'));
}

const contractRoutes = Object.entries(routes) as [string, RouteDefinition][];

let t: TestApp;
let tokens: Record<'admin' | 'user', string>;
beforeAll(async () => {
  // Two tokens serve every route's runs; on a busy machine the PGlite run outlasts the default
  // 15-minute token, and every later route would only prove that an expired token answers 401.
  t = await createTestApp({ config: { accessTokenTtlSeconds: 4 * 3600 } });
  const victims = [];
  for (let i = 0; i < 8; i++) victims.push((await t.userWithToken(i % 2 ? 'borrower' : 'lender')).user.id);
  victimIds = victims.map(String);
  tokens = { admin: (await t.userWithToken('admin')).token, user: (await t.userWithToken('borrower')).token };
});
afterAll(async () => {
  await t.close();
});

function expectCleanAnswer(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  label: string,
) {
  expect(res.statusCode, `${label} → ${res.statusCode} ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type']).includes('json')) {
    const body = JSON.parse(res.body) as { error?: unknown };
    expect(typeof body.error, label).toBe('string');
  }
  expect(res.body, label).not.toMatch(/\n\s+at \S+ \(|node_modules|SELECT .* FROM|syntax error at or near/i);
}

// The database's fingerprint after the last refused request. No job runs in the test app, so it is
// still the fingerprint before the next request: one digest per refused request instead of two.
let unchangedSince: string | null = null;

describe('hostile requests generated from the contract', () => {
  it.each(contractRoutes)(
    'never answer 500 and change nothing when refused: %s',
    async (name, definition) => {
      const headers =
        definition.auth === 'public' ? {} : bearer(definition.auth === 'admin' ? tokens.admin : tokens.user);
      const paramCount = (definition.path.match(/:\w+/g) ?? []).length;
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileParam, { minLength: paramCount, maxLength: paramCount }),
          hostileObject(definition.query),
          fc.oneof(hostileObject(definition.body), fc.anything(), fc.jsonValue()),
          fc.string({ maxLength: 60 }),
          async (params, query, body, idempotencyKey) => {
            const before = unchangedSince ?? (await databaseFingerprint(t.services.db));
            unchangedSince = null;
            const hasBody = definition.method !== 'GET' && definition.method !== 'DELETE';
            const res = await t.app.inject({
              method: definition.method,
              url: fillPath(definition, params) + queryString(query),
              headers: { ...headers, 'idempotency-key': idempotencyKey },
              ...(hasBody
                ? {
                    payload: JSON.stringify(body) ?? 'null',
                    headers: { ...headers, 'content-type': 'application/json' },
                  }
                : {}),
            });
            expectCleanAnswer(res, `${name} ${definition.method} ${definition.path}`);
            if (res.statusCode >= 400) {
              const after = await databaseFingerprint(t.services.db);
              expect(after, `${name} refused with ${res.statusCode} but wrote`).toBe(before);
              unchangedSince = after;
            }
          },
        ),
        { numRuns: RUNS_PER_ROUTE },
      );
    },
  );

  const withBody = contractRoutes.filter(
    ([, d]) => d.method !== 'GET' && d.method !== 'DELETE' && !d.multipart,
  );
  it.each(withBody)(
    'answer 400 to malformed JSON and 413 to an oversize body: %s',
    async (name, definition) => {
      const headers =
        definition.auth === 'public' ? {} : bearer(definition.auth === 'admin' ? tokens.admin : tokens.user);
      const url = fillPath(definition, []);
      const malformed = await t.app.inject({
        method: definition.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"amount": 100,',
      });
      expectCleanAnswer(malformed, name);
      expect([400, 404, 409]).toContain(malformed.statusCode);
      const oversize = await t.app.inject({
        method: definition.method,
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify({ filler: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expectCleanAnswer(oversize, name);
      expect(oversize.statusCode).toBe(413);
    },
  );
});
