import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType, makeLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applicationDocuments, users } from '../../db/schema/index.ts';
import { auditTrailOf } from '../audit/audit.service.ts';

/** The application's own page (docs/back-office.md, Application detail) and what reading it logs. */
let t: TestApp;
let admin: { id: number; token: string; name: string };
let loanTypeId: number;

beforeAll(async () => {
  t = await createTestApp();
  const a = await t.userWithToken('admin', { name: 'Apio Operations' });
  admin = { id: a.user.id, token: a.token, name: a.user.name };
  loanTypeId = (await insertLoanType(t.services.db, { minAmount: 100_000, maxAmount: 10_000_000 })).id;
});
afterAll(async () => {
  await t.close();
});

async function review(id: number, token = admin.token) {
  return t.app.inject({ url: `/api/loans/applications/${id}/review/`, headers: bearer(token) });
}

async function setPhone(userId: number, phoneNumber: string) {
  await t.services.db.update(users).set({ phoneNumber }).where(eq(users.id, userId));
}

const completeKyc = (nationalId: string) => ({
  dateOfBirth: '1990-04-02',
  // A NIN's second letter records the holder's sex: CM male, CF female.
  gender: nationalId[1] === 'M' ? ('Male' as const) : ('Female' as const),
  address: 'Plot 4, Kampala Road',
  nationalId,
});

async function addDocument(
  applicationId: number,
  documentType: 'NATIONAL_ID' | 'TRADE_LICENSE' | 'BANK_STATEMENTS',
) {
  await t.services.db.insert(applicationDocuments).values({
    applicationId,
    documentType,
    storageKey: `test/${applicationId}-${documentType}-${Math.random()}`,
    fileName: `${documentType.toLowerCase()}.pdf`,
    contentType: 'application/pdf',
    sizeBytes: 1000,
    sha256: '0'.repeat(64),
  });
}

describe('GET /api/loans/applications/:id/review/', () => {
  it('flags every finding that needs a second look, in words', async () => {
    const borrower = (await t.userWithToken('borrower', { name: 'Nakato Sarah' })).user;
    await setPhone(borrower.id, '+256772000101');
    await t.services.users.saveKyc(borrower.id, completeKyc('CM99999999999Z'));
    // An earlier loan, still running.
    const loan = await makeLoan(t.services, {
      userId: borrower.id,
      adminId: admin.id,
      disbursedAt: new Date('2026-01-05T09:00:00Z'),
    });
    const other = await insertApplication(t.services.db, {
      userId: borrower.id,
      loanTypeId,
      status: 'PENDING',
    });
    const reviewed = await insertApplication(t.services.db, {
      userId: borrower.id,
      loanTypeId,
      status: 'PENDING',
      nin: 'CF55555555555E',
      amountRequested: 3_000_000,
      loanTermMonths: 3,
      monthlyIncome: 400_000,
    });
    // Someone else who shares the phone number, and one whose KYC holds the application's NIN.
    const twin = (await t.userWithToken('borrower')).user;
    await setPhone(twin.id, '+256772000101');
    const ninHolder = (await t.userWithToken('borrower')).user;
    await t.services.users.saveKyc(ninHolder.id, completeKyc('CF55555555555E'));

    const res = await review(reviewed.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.applicant).toMatchObject({
      id: borrower.id,
      name: 'Nakato Sarah',
      phone_number: '+256772000101',
    });
    expect(body.application).toMatchObject({ id: reviewed.id, nin: 'CF55555555555E' });
    const flags = Object.fromEntries(
      (body.flags as { code: string; message: string }[]).map((f) => [f.code, f.message]),
    );
    expect(flags).toEqual({
      NIN_DIFFERS_FROM_KYC: 'The NIN on the application differs from the one in the KYC record',
      DOCUMENTS_MISSING:
        'Missing documents: the National ID, a business registration document, bank or cash-flow statements',
      INCOME_SHORT: expect.stringMatching(
        /^Repayments of about UGX [\d,]+ a month take \d+% of the stated monthly income of UGX 400,000$/,
      ),
      OTHER_OPEN_LOAN: `Already borrowing: 1 open loan, ${loan.loanRef} (active)`,
      OTHER_OPEN_APPLICATION: `Another open application: #${other.id} (pending)`,
      NIN_ON_OTHER_ACCOUNT: 'The same NIN is used by 1 other account',
      PHONE_ON_OTHER_ACCOUNT: 'The same phone number is on 1 other account',
    });
    // The monthly figure the flag names is the one the page shows.
    expect(Number(body.monthly_repayment)).toBeGreaterThan(400_000 / 2);
  });

  it('flags nothing for a complete application from a borrower with a clean record', async () => {
    const borrower = (await t.userWithToken('borrower')).user;
    await setPhone(borrower.id, '+256772000202');
    await t.services.users.saveKyc(borrower.id, completeKyc('CM66666666666F'));
    const application = await insertApplication(t.services.db, {
      userId: borrower.id,
      loanTypeId,
      status: 'PENDING',
      nin: 'CM66666666666F',
      amountRequested: 500_000,
      monthlyIncome: 2_000_000,
    });
    for (const type of ['NATIONAL_ID', 'TRADE_LICENSE', 'BANK_STATEMENTS'] as const) {
      await addDocument(application.id, type);
    }
    const body = (await review(application.id)).json();
    expect(body.flags).toEqual([]);
    expect(body.loan).toBeNull();
    expect(body.history).toEqual([
      { kind: 'SUBMITTED', at: application.createdAt.toISOString(), by_name: borrower.name, note: null },
    ]);
  });

  it('says when there is no KYC record at all', async () => {
    const borrower = (await t.userWithToken('borrower')).user;
    const application = await insertApplication(t.services.db, {
      userId: borrower.id,
      loanTypeId,
      status: 'PENDING',
    });
    const codes = ((await review(application.id)).json().flags as { code: string; message: string }[]).filter(
      (f) => f.code === 'KYC_INCOMPLETE',
    );
    expect(codes).toEqual([{ code: 'KYC_INCOMPLETE', message: 'No KYC record for this applicant' }]);
  });

  it('tells the decision with who, when and the note, then the loan it became', async () => {
    const borrower = (await t.userWithToken('borrower')).user;
    const loan = await makeLoan(t.services, {
      userId: borrower.id,
      adminId: admin.id,
      disbursedAt: new Date('2026-02-01T07:30:00Z'),
    });
    const body = (await review(loan.applicationId)).json();
    expect(body.loan).toEqual({ id: loan.id, loan_id: loan.loanRef });
    expect(body.history.map((e: { kind: string }) => e.kind)).toEqual(['SUBMITTED', 'APPROVED', 'DISBURSED']);
    expect(body.history[1]).toMatchObject({ by_name: admin.name, note: 'Application approved by admin' });
    expect(body.history[2]).toEqual({
      kind: 'DISBURSED',
      at: '2026-02-01T07:30:00.000Z',
      by_name: null,
      note: `Loan ${loan.loanRef}`,
    });
    // Its own loan is not "another open loan".
    expect(body.flags.map((f: { code: string }) => f.code)).not.toContain('OTHER_OPEN_LOAN');
  });

  it('answers 404 for an application that does not exist and 400 for a bad id', async () => {
    expect((await review(2_000_000_000)).statusCode).toBe(404);
    expect((await review(0)).statusCode).toBe(400);
  });

  it('refuses the applicant and a lender: only staff see the flags', async () => {
    const borrower = await t.userWithToken('borrower');
    const application = await insertApplication(t.services.db, {
      userId: borrower.user.id,
      loanTypeId,
      status: 'PENDING',
    });
    expect((await review(application.id, borrower.token)).statusCode).toBe(403);
    expect((await review(application.id, (await t.userWithToken('lender')).token)).statusCode).toBe(403);
  });
});

describe('reading a borrower’s documents or KYC is logged', () => {
  it('records who was handed an application’s documents, and which', async () => {
    const borrower = (await t.userWithToken('borrower')).user;
    const application = await insertApplication(t.services.db, {
      userId: borrower.id,
      loanTypeId,
      status: 'PENDING',
    });
    await addDocument(application.id, 'NATIONAL_ID');
    const res = await t.app.inject({
      url: `/api/loans/applications/${application.id}/documents/`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const documentIds = (res.json().documents as { id: number }[]).map((d) => d.id);
    const trail = await auditTrailOf(t.services.db, 'application', application.id);
    expect(trail).toMatchObject([
      { actorId: admin.id, action: 'application.documents_viewed', after: { document_ids: documentIds } },
    ]);
  });

  it('logs nothing when the application does not exist', async () => {
    const res = await t.app.inject({
      url: '/api/loans/applications/1999999999/documents/',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(404);
    expect(await auditTrailOf(t.services.db, 'application', 1_999_999_999)).toEqual([]);
  });

  it('records who opened a user’s profile with its KYC', async () => {
    const borrower = (await t.userWithToken('borrower')).user;
    const res = await t.app.inject({
      url: `/api/auth/admin/users/${borrower.id}/detail/`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(await auditTrailOf(t.services.db, 'user', borrower.id)).toMatchObject([
      { actorId: admin.id, action: 'user.kyc_viewed', entityId: String(borrower.id) },
    ]);
  });
});
