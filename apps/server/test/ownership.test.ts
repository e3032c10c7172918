import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RouteDefinition, routes } from '@sente/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samplePdf } from '../src/seed/sample-files.ts';
import { makeLoan } from './lending-factories.ts';
import { settleOpenPayments } from './money-helpers.ts';
import { multipartBody } from './multipart.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/**
 * Ownership (OWASP API1, broken object-level authorisation). Two borrowers and a lender, each with
 * their own data. For every user-level endpoint of the contract that takes an id, in the path or
 * the query, another user's id must answer exactly as an id that does not exist (404, or the 403 the
 * contract gives to "not yours" whatever the id), and the answer must carry none of their data.
 * The test is driven by the contract: a new user-level route with an id fails here until the kind of
 * id it takes is named in ID_KINDS (and, for a route with a body, a valid body in BODIES).
 */

type IdKind =
  | 'user'
  | 'application'
  | 'loan'
  | 'document'
  | 'notification'
  | 'transaction'
  | 'bid'
  | 'listing';
interface Person {
  readonly id: number;
  readonly token: string;
  readonly email: string;
  readonly role: 'borrower' | 'lender';
  readonly ids: Partial<Record<IdKind, number>>;
  /** Strings that only this person's data contains. */
  readonly markers: string[];
}

/** What kind of id a path parameter or query key holds, by the path segment before it or the key. */
const PATH_KINDS: [RegExp, IdKind][] = [
  [/\/applications\/:id\//, 'application'],
  [/\/loans\/loans\/:id\//, 'loan'],
  [/\/documents\/:id\//, 'document'],
  [/\/user\/:userId\//, 'user'],
  [/\/notifications\/:id\//, 'notification'],
  [/\/transactions\/:id\//, 'transaction'],
  [/\/marketplace\/bids\/:id\//, 'bid'],
  [/\/marketplace\/listings\/:id\//, 'listing'],
];
/**
 * Kinds nobody owns: listings are the marketplace's shared catalogue, which every lender reads in
 * full. What a lender must never see of the borrower behind one is checked by the marketplace's own
 * suite (marketplace.routes.test.ts), on every listing answer.
 */
const SHARED_KINDS: ReadonlySet<IdKind> = new Set(['listing']);
const QUERY_KINDS: Record<string, IdKind> = {
  user: 'user',
  user_id: 'user',
  loan: 'loan',
  application: 'application',
};

/** Valid bodies for user-level routes with an id and a body, so the request reaches the owner check. */
const json = (body: unknown) => () => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json' },
});
const BODIES: Record<string, () => { payload: Buffer | string; headers: Record<string, string> }> = {
  repayLoan: json({ amount: 10_000, phone_number: '+256772123456' }),
  uploadApplicationDocument: () =>
    multipartBody({ document_type: 'BANK_STATEMENTS' }, [
      {
        field: 'file',
        fileName: 'statement.pdf',
        contentType: 'application/pdf',
        bytes: samplePdf(['Bank statement']),
      },
    ]),
};

const MISSING_ID = 2_147_483_000;

interface IdUse {
  readonly where: 'path' | 'query';
  /** The path parameter's or the query's key. */
  readonly key: string;
  readonly kind: IdKind;
}

function idUses(name: string, definition: RouteDefinition): IdUse[] {
  const uses: IdUse[] = [];
  const param = /:(\w+)/.exec(definition.path)?.[1];
  if (param) {
    const kind = PATH_KINDS.find(([pattern]) => pattern.test(definition.path))?.[1];
    if (!kind) throw new Error(`${name}: name the kind of id in ${definition.path} in PATH_KINDS`);
    uses.push({ where: 'path', key: param, kind });
  }
  const query = definition.query;
  if (query instanceof z.ZodObject) {
    for (const key of Object.keys(query.shape)) {
      const kind = QUERY_KINDS[key];
      if (kind) uses.push({ where: 'query', key, kind });
      else if (/(^|_)(id|user|loan|application|wallet)s?$/.test(key))
        throw new Error(`${name}: query key ${key} looks like an id; name its kind in QUERY_KINDS`);
    }
  }
  return uses;
}

function urlFor(definition: RouteDefinition, use: IdUse, id: number): string {
  // Any other path parameter (an offer of the application) gets a stand-in: the owner check on the
  // first id must refuse before it matters.
  if (use.where === 'path') return definition.path.replace(`:${use.key}`, String(id)).replace(/:\w+/g, '1');
  return `${definition.path}?${use.key}=${id}`;
}

const userRoutes = (Object.entries(routes) as [string, RouteDefinition][]).filter(
  ([, d]) => d.auth === 'user',
);
const routesWithIds = userRoutes.flatMap(([name, definition]) =>
  idUses(name, definition)
    .filter((use) => !SHARED_KINDS.has(use.kind))
    .map((use) => [`${name} (${use.where} ${use.key})`, name, definition, use] as const),
);

let t: TestApp;
let dataDir: string;
let people: { a: Person; b: Person; lender: Person };
let loanTypeId: number;

async function setUpPerson(role: 'borrower' | 'lender', label: string, adminId: number): Promise<Person> {
  const { user, token } = await t.userWithToken(role, { name: `${label} Owner ${Date.now()}` });
  const marker = `${label}-${user.id}-private`;
  const ids: Person['ids'] = { user: user.id };
  if (role === 'borrower') {
    const loan = await makeLoan(t.services, {
      userId: user.id,
      adminId,
      disbursedAt: t.services.clock.now(),
      loanTypeId,
    });
    ids.loan = loan.id;
    const pending = await t.services.applications.create(user.id, {
      business_name: `${marker} Produce`,
      business_location: 'Owino Market, Kampala',
      business_type: 'Retail',
      amount_requested: 500_000,
      loan_term: 3,
      loan_type: loanTypeId,
      loan_purpose: `${marker} stock`,
      monthly_income: 2_000_000,
      nin: 'CF12345678901A',
    });
    ids.application = pending.application.id;
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${pending.application.id}/documents/`,
      ...withHeaders(BODIES.uploadApplicationDocument?.(), bearer(token)),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    ids.document = upload.json<{ id: number }>().id;
  }
  // Money: a deposit (a platform transaction in the wallet) for lenders, a notification for everyone.
  if (role === 'lender') {
    const deposit = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(token), 'idempotency-key': `own-${randomUUID()}` },
      payload: { amount: 150_000, phone_number: '0772123456' },
    });
    expect(deposit.statusCode, deposit.body).toBe(201);
    ids.transaction = deposit.json<{ id: number }>().id;
    await settleOpenPayments(t);
    ids.bid = await lenderBid(token, user.id, adminId);
  }
  await t.services.notifications.notify(t.services.db, {
    userId: user.id,
    kind: 'test.ownership',
    title: `${marker} notice`,
    message: `Only ${marker} may read this`,
  });
  const notes = await t.app.inject({ url: '/api/notifications/', headers: bearer(token) });
  const note = notes
    .json<{ results: { id: number; title: string }[] }>()
    .results.find((n) => n.title.startsWith(marker));
  if (note) ids.notification = note.id;
  return { id: user.id, token, email: user.email, role, ids, markers: [marker, user.email, user.name] };
}

/** The lender made verified (KYC, terms, an admin) and bidding on a freshly listed application. */
async function lenderBid(token: string, lenderId: number, adminId: number): Promise<number> {
  const as = (method: 'PUT' | 'POST', url: string, payload?: object, auth = token) =>
    t.app.inject({ method, url, headers: bearer(auth), ...(payload ? { payload } : {}) });
  expect(
    (
      await as('PUT', '/api/auth/kyc/', {
        lender_kind: 'institution',
        registration_number: 'URSB/2021/000777',
        contact_person: 'Lima Contact',
      })
    ).statusCode,
  ).toBe(200);
  expect((await as('POST', '/api/lender/terms/accept/')).statusCode).toBe(200);
  await t.services.lenderAdmin.verify(adminId, lenderId, 'Ownership test lender');
  const borrower = await t.userWithToken('borrower');
  const application = await t.services.applications.create(borrower.user.id, {
    business_name: 'Listing for the ownership test',
    business_location: 'Gulu Main Market, Gulu',
    business_type: 'Retail',
    amount_requested: 500_000,
    loan_term: 3,
    loan_type: loanTypeId,
    loan_purpose: 'Stock',
    monthly_income: 2_000_000,
    nin: 'CF12345678901A',
  });
  await t.services.applications.approve(application.application.id, adminId, null);
  const listing = await t.services.marketplace.listingOfApplication(application.application.id);
  const bid = await t.app.inject({
    method: 'POST',
    url: `/api/marketplace/listings/${listing.id}/bids/`,
    headers: { ...bearer(token), 'idempotency-key': `own-${randomUUID()}` },
    payload: { amount: 100_000, rate: '2.00' },
  });
  expect(bid.statusCode, bid.body).toBe(201);
  return bid.json<{ id: number }>().id;
}

function withHeaders(
  body: { payload: Buffer | string; headers: Record<string, string> } | undefined,
  auth: Record<string, string>,
) {
  return body ? { payload: body.payload, headers: { ...body.headers, ...auth } } : { headers: auth };
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sente-ownership-'));
  t = await createTestApp({ config: { dataDir } });
  const admin = await t.userWithToken('admin');
  loanTypeId = (
    await t.services.loanTypes.create({
      loan_type_name: 'Ownership Working Capital',
      min_amount: 100_000,
      max_amount: 10_000_000,
      interest_rate: 280,
      interest_type: 'FLAT',
      appraisal_time: '24 hours',
      status: 'ACTIVE',
    })
  ).id;
  people = {
    a: await setUpPerson('borrower', 'Alpha', admin.user.id),
    b: await setUpPerson('borrower', 'Bravo', admin.user.id),
    lender: await setUpPerson('lender', 'Lima', admin.user.id),
  };
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

function attacks(): [string, Person, Person][] {
  return [
    ['borrower B on borrower A', people.b, people.a],
    ['borrower A on borrower B', people.a, people.b],
    ['the lender on borrower A', people.lender, people.a],
    ['borrower A on the lender', people.a, people.lender],
  ];
}

function expectNoMarkers(body: string, victim: Person, label: string) {
  for (const marker of victim.markers) expect(body, `${label} leaks ${marker}`).not.toContain(marker);
}

describe('ownership: another user’s ids answer as if they did not exist', () => {
  it('covers the user-level routes that take ids', () => {
    expect(routesWithIds.length).toBeGreaterThanOrEqual(5);
  });

  it.each(routesWithIds)('%s', async (_label, name, definition, use) => {
    let tried = 0;
    for (const [label, attacker, victim] of attacks()) {
      const victimId = victim.ids[use.kind];
      if (victimId === undefined) continue;
      tried++;
      const body = BODIES[name];
      if ((definition.body || definition.multipart) && !body)
        throw new Error(`${name}: give a valid body in BODIES so the owner check is reached`);
      const call = (id: number, who: Person) =>
        t.app.inject({
          method: definition.method,
          url: urlFor(definition, use, id),
          ...withHeaders(body?.(), { ...bearer(who.token), 'idempotency-key': `own-${randomUUID()}` }),
        });
      const theirs = await call(victimId, attacker);
      const missing = await call(MISSING_ID, attacker);
      expect([403, 404], `${label}: ${theirs.statusCode} ${theirs.body}`).toContain(theirs.statusCode);
      expect({ status: theirs.statusCode, body: theirs.body }, `${label}: differs from a missing id`).toEqual(
        {
          status: missing.statusCode,
          body: missing.body,
        },
      );
      expectNoMarkers(theirs.body, victim, label);
      if (definition.method === 'GET') {
        // The id is real: its owner reads it.
        const own = await call(victimId, victim);
        expect(own.statusCode, `${label}: the owner's own read ${own.body}`).toBe(200);
      }
    }
    expect(tried, `${name}: no test user owns a ${use.kind}; add one in setUpPerson`).toBeGreaterThan(0);
  });

  const plainReads = userRoutes.filter(([, d]) => d.method === 'GET' && !d.path.includes(':'));
  it.each(plainReads)('%s lists only the caller’s own data', async (_name, definition) => {
    for (const [label, attacker, victim] of attacks()) {
      const res = await t.app.inject({ url: definition.path, headers: bearer(attacker.token) });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expectNoMarkers(res.body, victim, label);
    }
  });
});

describe('ownership: signed document links', () => {
  it('answers 404 when one’s own link is pointed at another user’s document id', async () => {
    const own = await t.app.inject({
      url: `/api/loans/applications/${people.b.ids.application}/`,
      headers: bearer(people.b.token),
    });
    expect(own.statusCode).toBe(200);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${people.b.ids.application}/documents/`,
      ...withHeaders(BODIES.uploadApplicationDocument?.(), bearer(people.b.token)),
    });
    const link: string = upload.json().file;
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    const foreign = link.replace(/documents\/\d+\//, `documents/${people.a.ids.document}/`);
    const res = await t.app.inject({ url: foreign });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Document not found', code: 'DOCUMENT_NOT_FOUND' });
    const missing = await t.app.inject({ url: link.replace(/documents\/\d+\//, `documents/${MISSING_ID}/`) });
    expect(missing.body).toBe(res.body);
  });

  it('gives borrowers no way to list another application’s documents', async () => {
    const res = await t.app.inject({
      url: `/api/loans/applications/${people.a.ids.application}/documents/`,
      headers: bearer(people.b.token),
    });
    expect(res.statusCode).toBe(403);
    expectNoMarkers(res.body, people.a, 'document list');
  });
});
