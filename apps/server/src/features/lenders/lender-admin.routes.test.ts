import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { captureQueries } from '../../../test/capture-sql.ts';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { testEngine } from '../../../test/test-db.ts';
import { auditTrailOf } from '../audit/audit.service.ts';
import {
  type AccountCode,
  lenderInvested,
  lenderReserved,
  PLATFORM_WALLET,
  userWallet,
} from '../ledger/ledger-accounts.ts';

let t: TestApp;
let admin: { user: { id: number }; token: string };
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithToken('admin');
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

function asAdmin(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(admin.token), ...(payload ? { payload } : {}) });
}

function list(query: Record<string, string>) {
  return asAdmin('GET', `/api/marketplace/admin/lenders/?${new URLSearchParams(query).toString()}`);
}

const verify = (id: number, note = 'Registration certificate checked with URSB') =>
  asAdmin('POST', `/api/marketplace/admin/lenders/${id}/verify/`, { note });

/** A lender named `name`, as far along as asked: KYC complete, terms accepted. */
async function lender(name: string, steps: { kyc?: boolean; terms?: boolean } = {}) {
  const made = await t.userWithToken('lender', { name });
  const as = (method: 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(made.token), ...(payload ? { payload } : {}) });
  if (steps.kyc) {
    const res = await as('PUT', '/api/auth/kyc/', {
      lender_kind: 'institution',
      registration_number: 'URSB/2019/004411',
      contact_person: 'Sarah Achieng',
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  if (steps.terms) expect((await as('POST', '/api/lender/terms/accept/')).statusCode).toBe(200);
  return made.user;
}

/** Money moved in the ledger as deposits, bids and loans will move it. */
async function postMoney(userId: number, amounts: { deposit: number; reserve: number; lend: number }) {
  await t.services.db.transaction(async (tx) => {
    const post = (kind: 'DEPOSIT' | 'BID_RESERVE' | 'DISBURSEMENT', lines: [AccountCode, number][]) =>
      t.services.ledger.postJournal(tx, {
        idempotencyKey: `lenders-test-${kind}-${userId}`,
        kind,
        memo: `Test ${kind} for lender ${userId}`,
        lines: lines.map(([account, amount]) => ({ account, amount })),
      });
    await post('DEPOSIT', [
      [PLATFORM_WALLET, amounts.deposit],
      [userWallet(userId), -amounts.deposit],
    ]);
    await post('BID_RESERVE', [
      [userWallet(userId), amounts.reserve],
      [lenderReserved(userId), -amounts.reserve],
    ]);
    await post('DISBURSEMENT', [
      [lenderReserved(userId), amounts.lend],
      [lenderInvested(userId), -amounts.lend],
    ]);
  });
}

describe('GET /api/marketplace/admin/lenders/', () => {
  it('pages lenders with their money: available, reserved and lent out', async () => {
    const tag = `money${++run}`;
    const rich = await lender(`Alice ${tag}`, { kyc: true, terms: true });
    const idle = await lender(`Brian ${tag}`);
    await postMoney(rich.id, { deposit: 1_500_000, reserve: 300_000, lend: 100_000 });

    const res = await list({ search: tag });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      count: 2,
      next: null,
      previous: null,
      results: [
        {
          id: rich.id,
          name: `Alice ${tag}`,
          email: rich.email,
          kind: 'institution',
          kyc_complete: true,
          terms_accepted_at: expect.any(String),
          verified: false,
          verified_at: null,
          verification_note: null,
          cash_available: '1200000.00',
          cash_reserved: '200000.00',
          outstanding_principal: '100000.00',
          loans_funded: 0,
        },
        {
          id: idle.id,
          name: `Brian ${tag}`,
          email: idle.email,
          kind: 'individual',
          kyc_complete: false,
          terms_accepted_at: null,
          verified: false,
          verified_at: null,
          verification_note: null,
          cash_available: '0.00',
          cash_reserved: '0.00',
          outstanding_principal: '0.00',
          loans_funded: 0,
        },
      ],
    });
  });

  it('puts the verification queue first (KYC and terms complete, not verified), then orders by name', async () => {
    const tag = `queue${++run}`;
    const done = await lender(`Abel ${tag}`, { kyc: true, terms: true });
    expect((await verify(done.id)).statusCode).toBe(200);
    const noTerms = await lender(`Betty ${tag}`, { kyc: true });
    const readyZ = await lender(`Zawadi ${tag}`, { kyc: true, terms: true });
    const readyM = await lender(`musa ${tag}`, { kyc: true, terms: true });
    const noKyc = await lender(`Carol ${tag}`, { terms: true });

    const names = (await list({ search: tag })).json().results.map((r: { id: number }) => r.id);
    expect(names).toEqual([readyM.id, readyZ.id, done.id, noTerms.id, noKyc.id]);
    // Pages of two and three cut across the queue's end: the same order, page after page.
    for (const size of [2, 3]) {
      const paged: number[] = [];
      for (let page = 1; page <= Math.ceil(names.length / size); page++) {
        const answer = (await list({ search: tag, page_size: String(size), page: String(page) })).json();
        expect(answer.count).toBe(names.length);
        paged.push(...answer.results.map((r: { id: number }) => r.id));
      }
      expect(paged, `pages of ${size}`).toEqual(names);
    }

    const unverified = (await list({ search: tag, verified: 'false' })).json();
    expect(unverified.count).toBe(4);
    expect(unverified.results[0].id).toBe(readyM.id);
    const verified = (await list({ search: tag, verified: 'true' })).json();
    expect(verified.results.map((r: { id: number }) => r.id)).toEqual([done.id]);
  });

  it('searches names and emails, ignoring case, with wildcards taken literally, and pages like DRF', async () => {
    const tag = `srch${++run}`;
    const made = await Promise.all([1, 2, 3].map((n) => lender(`Okello ${n} ${tag}`)));
    await lender(`Odongo ${tag}`);
    const byName = (await list({ search: `OKELLO`, page_size: '2' })).json();
    expect(byName.count).toBeGreaterThanOrEqual(3);
    const mine = (await list({ search: `okello 2 ${tag}` })).json();
    expect(mine.results.map((r: { id: number }) => r.id)).toEqual([made[1]?.id]);
    const byEmail = (await list({ search: made[0]?.email.toUpperCase() ?? '' })).json();
    expect(byEmail.results.map((r: { id: number }) => r.id)).toEqual([made[0]?.id]);
    expect((await list({ search: `%${tag}` })).json().count).toBe(0);

    const first = (await list({ search: tag, page_size: '3' })).json();
    expect(first.count).toBe(4);
    expect(first.next).toContain('page=2');
    const second = (await list({ search: tag, page_size: '3', page: '2' })).json();
    expect(second.results).toHaveLength(1);
    expect(second.previous).not.toBeNull();
  });

  it('answers 400 to a NUL byte in the search and to a bad verified filter', async () => {
    const nul = await asAdmin('GET', '/api/marketplace/admin/lenders/?search=ok%00ello');
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      error: 'Invalid request',
      details: { 'querystring.search': ['Must not contain NUL characters'] },
    });
    expect((await list({ verified: 'maybe' })).statusCode).toBe(400);
  });

  it('leaves borrowers, admins and closed accounts out', async () => {
    const tag = `only${++run}`;
    await t.userWithToken('borrower', { name: `Borrower ${tag}` });
    const closed = await lender(`Closed ${tag}`);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/admin/users/${closed.id}/`,
      headers: bearer(admin.token),
    });
    const open = await lender(`Open ${tag}`);
    const res = (await list({ search: tag })).json();
    expect(res.results.map((r: { id: number }) => r.id)).toEqual([open.id]);
  });

  it('counts every open lender without a search, and by verification, as lenders join, are verified and close', async () => {
    const counts = async () => ({
      all: (await list({})).json().count,
      verified: (await list({ verified: 'true' })).json().count,
      unverified: (await list({ verified: 'false' })).json().count,
    });
    const before = await counts();
    expect(before.all).toBe(before.verified + before.unverified);
    const tag = `counted${++run}`;
    const ready = await lender(`Ready ${tag}`, { kyc: true, terms: true });
    const closed = await lender(`Closed ${tag}`);
    await t.userWithToken('borrower', { name: `Borrower ${tag}` });
    expect(await counts()).toEqual({ ...before, all: before.all + 2, unverified: before.unverified + 2 });
    expect((await verify(ready.id)).statusCode).toBe(200);
    const closing = await asAdmin('DELETE', `/api/auth/admin/users/${closed.id}/`);
    expect(closing.statusCode).toBe(204);
    expect(await counts()).toEqual({
      all: before.all + 1,
      verified: before.verified + 1,
      unverified: before.unverified,
    });
  });

  // captureQueries watches pg's Client.query, which PGlite does not go through: PostgreSQL only.
  it.runIf(testEngine() === 'postgres')(
    'reads a page in the same number of queries whatever its size',
    async () => {
      const tag = `queries${++run}`;
      for (const n of [1, 2, 3, 4, 5]) {
        const made = await lender(`Query ${n} ${tag}`, { kyc: n % 2 === 0, terms: true });
        await postMoney(made.id, { deposit: 500_000, reserve: 100_000, lend: 50_000 });
      }
      await list({ search: tag });
      const count = async (size: string) =>
        (await captureQueries(() => list({ search: tag, page_size: size }))).flat().length;
      const full = await count('5');
      expect(full).toBe(await count('1'));
      // The count, the page, and the page's money (the guard may read the admin too).
      expect(full).toBeGreaterThanOrEqual(3);
      expect(full).toBeLessThanOrEqual(4);
    },
  );
});

describe('POST /api/marketplace/admin/lenders/:id/verify/', () => {
  it('verifies a ready lender with the note, who and when, and audits it', async () => {
    const tag = `ready${++run}`;
    const ready = await lender(`Ready ${tag}`, { kyc: true, terms: true });
    const res = await verify(ready.id, '  URSB certificate and director ID checked  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: ready.id,
      verified: true,
      verified_at: expect.any(String),
      verification_note: 'URSB certificate and director ID checked',
      kyc_complete: true,
    });
    const trail = await auditTrailOf(t.services.db, 'user', ready.id);
    expect(trail.filter((row) => row.action === 'lender.verified')).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        before: { verified_at: null },
        after: {
          verified_at: res.json().verified_at,
          verified_by_id: admin.user.id,
          verification_note: 'URSB certificate and director ID checked',
        },
      }),
    ]);

    const again = await verify(ready.id, 'A second look');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: 'This lender is already verified',
      code: 'LENDER_ALREADY_VERIFIED',
    });
    const row = (await list({ search: tag })).json().results[0];
    expect(row.verification_note).toBe('URSB certificate and director ID checked');
  });

  it('tells the lender in its inbox, once, that it may bid now', async () => {
    const made = await t.userWithToken('lender', { name: `Waiting ${++run}` });
    const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(made.token), ...(payload ? { payload } : {}) });
    await as('PUT', '/api/auth/kyc/', {
      lender_kind: 'institution',
      registration_number: 'URSB/2020/117',
      contact_person: 'Grace Nakato',
    });
    await as('POST', '/api/lender/terms/accept/');
    const inbox = async () => (await as('GET', '/api/notifications/')).json().results;
    expect(await inbox()).toEqual([]);

    expect((await verify(made.user.id)).statusCode).toBe(200);
    expect((await verify(made.user.id)).statusCode).toBe(409);
    expect(await inbox()).toEqual([
      expect.objectContaining({
        title: 'Your lender account is verified',
        message: 'Sente has checked your details. You can now bid on the marketplace and set up auto-invest.',
        is_read: false,
      }),
    ]);
  });

  it('refuses a lender whose KYC or terms are incomplete, and changes nothing', async () => {
    const tag = `refuse${++run}`;
    const noKyc = await lender(`NoKyc ${tag}`, { terms: true });
    const res = await verify(noKyc.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'The lender has not completed its KYC details',
      code: 'LENDER_KYC_INCOMPLETE',
    });
    const noTerms = await lender(`NoTerms ${tag}`, { kyc: true });
    const terms = await verify(noTerms.id);
    expect(terms.statusCode).toBe(409);
    expect(terms.json().code).toBe('LENDER_TERMS_NOT_ACCEPTED');
    const neither = await lender(`Neither ${tag}`);
    expect((await verify(neither.id)).json().code).toBe('LENDER_KYC_INCOMPLETE');
    for (const id of [noKyc.id, noTerms.id, neither.id]) {
      expect((await auditTrailOf(t.services.db, 'user', id)).map((r) => r.action)).not.toContain(
        'lender.verified',
      );
    }
    const rows = (await list({ search: tag, verified: 'true' })).json();
    expect(rows.count).toBe(0);
  });

  it('answers 404 for a borrower, an admin and an unknown id', async () => {
    const borrower = await t.userWithToken('borrower');
    for (const id of [borrower.user.id, admin.user.id, 2_147_000_000]) {
      const res = await verify(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Lender not found', code: 'LENDER_NOT_FOUND' });
    }
  });

  it('answers 400 without a note or with one over 500 characters', async () => {
    const tag = `notes${++run}`;
    const ready = await lender(`Notes ${tag}`, { kyc: true, terms: true });
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(501) }]) {
      const res = await asAdmin('POST', `/api/marketplace/admin/lenders/${ready.id}/verify/`, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().details)).toEqual(['note']);
    }
    expect((await list({ search: tag })).json().results[0].verified).toBe(false);
  });
});
