import { LENDER_TERMS_VERSION } from '@sente/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { lenderProfiles } from '../../db/schema/index.ts';
import { auditTrailOf } from '../audit/audit.service.ts';
import { assertMayBid } from './lenders.service.ts';

const clock = fixedClock(new Date('2026-11-20T07:00:00Z'));
let t: TestApp;
let admin: { token: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.userWithToken('admin');
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
function call(token: string, method: Method, url: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

const status = (token: string) => call(token, 'GET', '/api/lender/status/');
const acceptTerms = (token: string) => call(token, 'POST', '/api/lender/terms/accept/');
const putKyc = (token: string, payload: object) => call(token, 'PUT', '/api/auth/kyc/', payload);
const getKyc = (token: string) => call(token, 'GET', '/api/auth/kyc/');

const INDIVIDUAL_KYC = {
  date_of_birth: '1985-03-14',
  gender: 'Male',
  address: 'Plot 12, Kampala Road, Kampala',
  national_id: 'CM85012345ABCD',
};

async function lender() {
  return t.userWithToken('lender');
}

async function verify(lenderId: number) {
  const res = await call(admin.token, 'POST', `/api/marketplace/admin/lenders/${lenderId}/verify/`, {
    note: 'NIN checked against the national register',
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/lender/status/', () => {
  it('lists every step for a new lender, and drops each one as it is done', async () => {
    const { user, token } = await lender();
    const fresh = await status(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      verified: false,
      kyc_complete: false,
      terms_accepted: false,
      terms_accepted_at: null,
      verified_at: null,
      missing: [
        'Complete your KYC details',
        'Accept the lender terms',
        'Wait for Sente to verify your account',
      ],
      terms_version: '2026-11',
      service_fee_percent: 10,
    });

    await putKyc(token, { date_of_birth: '1985-03-14', address: 'Ntinda, Kampala' });
    expect((await status(token)).json().missing).toContain('Complete your KYC details');
    expect((await putKyc(token, { national_id: 'CM85012345ABCD' })).statusCode).toBe(200);
    expect((await status(token)).json()).toMatchObject({
      kyc_complete: true,
      missing: ['Accept the lender terms', 'Wait for Sente to verify your account'],
    });

    await acceptTerms(token);
    expect((await status(token)).json()).toMatchObject({
      terms_accepted: true,
      terms_accepted_at: clock.now().toISOString(),
      missing: ['Wait for Sente to verify your account'],
    });

    await verify(user.id);
    expect((await status(token)).json()).toEqual({
      verified: true,
      kyc_complete: true,
      terms_accepted: true,
      terms_accepted_at: clock.now().toISOString(),
      verified_at: clock.now().toISOString(),
      missing: [],
      terms_version: '2026-11',
      service_fee_percent: 10,
    });
  });

  it('counts an institution complete with a registration number and a contact person, no NIN', async () => {
    const { token } = await lender();
    const res = await putKyc(token, {
      lender_kind: 'institution',
      registration_number: ' 80020001234567 ',
      contact_person: '  Grace   Nakato ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      date_of_birth: null,
      gender: null,
      address: null,
      national_id: null,
      lender_kind: 'institution',
      registration_number: '80020001234567',
      contact_person: 'Grace Nakato',
    });
    expect((await status(token)).json()).toMatchObject({ kyc_complete: true });
    // The same person's details make an individual complete only with a NIN, date of birth and address.
    await putKyc(token, { lender_kind: 'individual' });
    expect((await status(token)).json()).toMatchObject({ kyc_complete: false });
  });

  it('answers 403 LENDER_ONLY to a borrower and an admin on every lender route', async () => {
    const borrower = await t.userWithToken('borrower');
    for (const token of [borrower.token, admin.token]) {
      for (const [method, url, payload] of [
        ['GET', '/api/lender/status/'],
        ['POST', '/api/lender/terms/accept/'],
        ['GET', '/api/marketplace/auto-invest/'],
        [
          'PUT',
          '/api/marketplace/auto-invest/',
          {
            enabled: false,
            risk_grades: [],
            loan_types: [],
            max_term_months: 12,
            min_rate: '2.00',
            amount_per_loan: 100_000,
          },
        ],
      ] as [Method, string, object?][]) {
        const res = await call(token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toEqual({ error: 'Only lender accounts can do this', code: 'LENDER_ONLY' });
      }
    }
    const [profile] = await t.db.database.db
      .select()
      .from(lenderProfiles)
      .where(eq(lenderProfiles.userId, borrower.user.id));
    expect(profile).toBeUndefined();
  });

  it('shows each lender only its own steps', async () => {
    const a = await lender();
    const b = await lender();
    await putKyc(b.token, INDIVIDUAL_KYC);
    await acceptTerms(b.token);
    await verify(b.user.id);
    expect((await status(a.token)).json()).toMatchObject({
      verified: false,
      terms_accepted: false,
      kyc_complete: false,
    });
    expect((await status(b.token)).json()).toMatchObject({ verified: true, missing: [] });
    expect((await getKyc(a.token)).json()).toMatchObject({ national_id: null, lender_kind: 'individual' });
    const theirs = await call(a.token, 'GET', `/api/auth/kyc/?user_id=${b.user.id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain(INDIVIDUAL_KYC.national_id);
  });
});

describe('POST /api/lender/terms/accept/', () => {
  it('keeps the first acceptance when accepted again, and audits it once', async () => {
    const { user, token } = await lender();
    const first = await acceptTerms(token);
    expect(first.statusCode).toBe(200);
    const acceptedAt = clock.now().toISOString();
    expect(first.json()).toMatchObject({ terms_accepted: true, terms_accepted_at: acceptedAt });

    clock.advance(60_000);
    const again = await acceptTerms(token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ terms_accepted: true, terms_accepted_at: acceptedAt });

    const [profile] = await t.db.database.db
      .select()
      .from(lenderProfiles)
      .where(eq(lenderProfiles.userId, user.id));
    expect(profile).toMatchObject({
      termsVersion: LENDER_TERMS_VERSION,
      termsAcceptedAt: new Date(acceptedAt),
    });
    const trail = await auditTrailOf(t.services.db, 'user', user.id);
    expect(trail.filter((row) => row.action === 'lender.terms_accepted')).toEqual([
      expect.objectContaining({
        actorId: user.id,
        after: { terms_version: LENDER_TERMS_VERSION, terms_accepted_at: acceptedAt },
      }),
    ]);
  });

  it('asks again when the lender accepted an older version of the terms', async () => {
    const { user, token } = await lender();
    await acceptTerms(token);
    await t.db.database.db
      .update(lenderProfiles)
      .set({ termsVersion: '2025-01' })
      .where(eq(lenderProfiles.userId, user.id));
    expect((await status(token)).json()).toMatchObject({
      terms_accepted: false,
      terms_accepted_at: null,
      missing: expect.arrayContaining(['Accept the lender terms']),
    });
    clock.advance(1000);
    const renewed = await acceptTerms(token);
    expect(renewed.json()).toMatchObject({
      terms_accepted: true,
      terms_accepted_at: clock.now().toISOString(),
    });
  });
});

describe('PUT /api/auth/kyc/', () => {
  it('saves the fields sent and leaves the others as they were', async () => {
    const { token } = await lender();
    await putKyc(token, INDIVIDUAL_KYC);
    const res = await putKyc(token, { address: '  Gulu   Main Street ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...INDIVIDUAL_KYC,
      address: 'Gulu Main Street',
      lender_kind: 'individual',
      registration_number: null,
      contact_person: null,
    });
    expect((await getKyc(token)).json()).toEqual(res.json());
  });

  it('refuses a malformed NIN, an age under 18 and a bad registration number together, and changes nothing', async () => {
    const { token } = await lender();
    await putKyc(token, INDIVIDUAL_KYC);
    const before = (await getKyc(token)).json();
    const res = await putKyc(token, {
      national_id: 'CM123',
      date_of_birth: '2010-01-01',
      address: 'Mbarara',
      registration_number: '#?',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Invalid KYC details',
      code: 'INVALID_KYC',
      details: {
        national_id: ['A National Identification Number is 14 letters and digits starting with CM or CF'],
        date_of_birth: ['The user must be at least 18 years old'],
        registration_number: [
          'A registration number is 3 to 40 letters and digits (spaces, "/", "-" and "." allowed)',
        ],
      },
    });
    expect((await getKyc(token)).json()).toEqual(before);
  });

  it('refuses a gender that contradicts the NIN on record', async () => {
    const { token } = await lender();
    await putKyc(token, INDIVIDUAL_KYC);
    const res = await putKyc(token, { gender: 'Female' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual({
      gender: ['The gender does not match the National Identification Number on record'],
    });
  });

  it('refuses unknown fields and a contact person that is no name', async () => {
    const { token } = await lender();
    const stray = await putKyc(token, { national_id: 'CM85012345ABCD', role: 'admin' });
    expect(stray.statusCode).toBe(400);
    const contact = await putKyc(token, { contact_person: '12' });
    expect(contact.statusCode).toBe(400);
    expect(contact.json().details).toEqual({
      contact_person: ["Enter the contact person's name, 2 to 100 characters"],
    });
  });

  it("saves a borrower's own KYC but refuses it lender details", async () => {
    const borrower = await t.userWithToken('borrower');
    const saved = await putKyc(borrower.token, { address: 'Jinja Road, Mukono' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      date_of_birth: null,
      gender: null,
      address: 'Jinja Road, Mukono',
      national_id: null,
    });
    const refused = await putKyc(borrower.token, { address: 'Entebbe', lender_kind: 'institution' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual({ lender_kind: ['Only lender accounts have lender details'] });
    expect((await getKyc(borrower.token)).json().address).toBe('Jinja Road, Mukono');
  });

  it("keeps a verified lender's identity: a new NIN is 409, a new address is fine, none is 400", async () => {
    const { user, token } = await lender();
    await putKyc(token, INDIVIDUAL_KYC);
    await acceptTerms(token);
    await verify(user.id);
    const nin = await putKyc(token, { national_id: 'CM85099999ABCD' });
    expect(nin.statusCode).toBe(409);
    expect(nin.json()).toEqual({
      error: 'Your account is verified: ask Sente to change your NIN',
      code: 'LENDER_KYC_LOCKED',
    });
    expect((await putKyc(token, { national_id: INDIVIDUAL_KYC.national_id })).statusCode).toBe(200);
    expect((await putKyc(token, { address: 'Kira Road, Kampala' })).statusCode).toBe(200);
    const removed = await putKyc(token, { address: null });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().details).toEqual({ address: ['Required while your account is verified'] });
    expect((await status(token)).json()).toMatchObject({ verified: true, kyc_complete: true, missing: [] });
  });
});

describe('assertMayBid', () => {
  it('refuses a lender until it is verified, naming what is missing, and lets a verified one bid', async () => {
    const { user, token } = await lender();
    const mayBid = () => t.services.db.transaction((tx) => assertMayBid(tx, user.id));
    await expect(mayBid()).rejects.toMatchObject({
      kind: 'forbidden',
      code: 'LENDER_NOT_VERIFIED',
      message:
        'You cannot bid yet. Still needed: Complete your KYC details; Accept the lender terms; Wait for Sente to verify your account.',
    });
    await putKyc(token, INDIVIDUAL_KYC);
    await acceptTerms(token);
    await expect(mayBid()).rejects.toMatchObject({
      message: 'You cannot bid yet. Still needed: Wait for Sente to verify your account.',
    });
    await verify(user.id);
    await expect(mayBid()).resolves.toBeUndefined();
  });

  it('refuses a borrower and an inactive lender', async () => {
    const borrower = await t.userWithToken('borrower');
    await expect(t.services.db.transaction((tx) => assertMayBid(tx, borrower.user.id))).rejects.toMatchObject(
      {
        code: 'LENDER_NOT_VERIFIED',
      },
    );
    const { user, token } = await lender();
    await putKyc(token, INDIVIDUAL_KYC);
    await acceptTerms(token);
    await verify(user.id);
    await call(admin.token, 'PATCH', `/api/auth/admin/users/${user.id}/toggle-status/`);
    await expect(t.services.db.transaction((tx) => assertMayBid(tx, user.id))).rejects.toMatchObject({
      code: 'LENDER_NOT_VERIFIED',
      message: 'Only an active lender account can bid',
    });
  });
});
