import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { applications } from '../../db/schema/index.ts';

let t: TestApp;
let admin: { id: number; token: string };
let borrower: { id: number; token: string };
let loanTypeId: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await t.userWithToken('admin');
  admin = { id: a.user.id, token: a.token };
  const b = await t.userWithToken('borrower', { name: 'Nakato Sarah' });
  borrower = { id: b.user.id, token: b.token };
  loanTypeId = (
    await t.services.loanTypes.create({
      loan_type_name: 'Working Capital',
      min_amount: 350_000,
      max_amount: 3_000_000,
      interest_rate: 280,
      interest_type: 'FLAT',
      appraisal_time: '24 hours',
      status: 'ACTIVE',
    })
  ).id;
});
afterAll(async () => {
  await t.close();
});

const form = (overrides: Record<string, unknown> = {}) => ({
  business_name: 'Nakato Fresh Produce',
  business_location: 'Owino Market, Kampala',
  business_type: 'Retail',
  amount_requested: '1000000.00',
  loan_term: 6,
  loan_type: loanTypeId,
  loan_purpose: 'Stock for the festive season',
  monthly_income: 2_500_000,
  nin: 'cf 1234567890 1a',
  ...overrides,
});

async function apply(body: Record<string, unknown> = form(), token = borrower.token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/loans/applications/',
    headers: bearer(token),
    payload: body,
  });
}

/** One open application per borrower: tests that need several applications use a borrower each. */
async function applyAsNewBorrower(body: Record<string, unknown> = form()) {
  return apply(body, (await t.userWithToken('borrower')).token);
}

/** The application as an admin reads it, with the credit check. */
async function adminView(id: number) {
  return (await t.app.inject({ url: `/api/loans/applications/${id}/`, headers: bearer(admin.token) })).json();
}

async function decide(id: number, action: 'approve' | 'reject', payload?: object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${id}/${action}/`,
    headers: bearer(admin.token),
    ...(payload ? { payload } : {}),
  });
}

describe('POST /api/loans/applications/', () => {
  it('records a pending application with a credit check, in the spec’s fields', async () => {
    const res = await apply();
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      user: borrower.id,
      user_name: 'Nakato Sarah',
      business_name: 'Nakato Fresh Produce',
      business_location: 'Owino Market, Kampala',
      business_type: 'Retail',
      status: 'PENDING',
      amount_requested: '1000000.00',
      loan_term: 6,
      loan_type_name: 'Working Capital',
      loan_purpose: 'Stock for the festive season',
      monthly_income: '2500000.00',
      nin: 'CF12345678901A',
      approved_loan: null,
      decision_reason: null,
    });
    // The borrower never sees the credit engine or staff; the admin does.
    for (const hidden of ['credit_score', 'credit_reasons', 'admin_notes', 'decided_by', 'decided_by_name']) {
      expect(body).not.toHaveProperty(hidden);
    }
    const full = await adminView(body.id);
    // 44,923 a week × 52 / 12 = 194,666 a month: 8% of 2,500,000 (affordable, 40) + in range (15)
    // + NIN (6) + a phone number on file (3) + no KYC record (0) + no documents yet (0) = 64.
    expect(full.credit_score).toBe(64);
    expect(full.credit_reasons.join(' ')).toMatch(/8% of the stated monthly income.*affordable/);
    expect(full.credit_reasons).toContain(
      'No KYC record (date of birth, gender, address, NIN) for this user',
    );
  });

  it('scores a complete KYC record that matches the NIN, and flags one that does not', async () => {
    const matching = await t.userWithToken('borrower');
    await t.services.users.saveKyc(matching.user.id, {
      dateOfBirth: '1988-04-12',
      gender: 'Female',
      address: 'Plot 12, Ntinda, Kampala',
      nationalId: 'CF12345678901A',
    });
    const scored = await adminView((await apply(form(), matching.token)).json().id);
    // The same application as above with a matching KYC record: 64 + 5.
    expect(scored.credit_score).toBe(69);
    expect(scored.credit_reasons).toContain('KYC record complete and matching the application');

    const other = await t.userWithToken('borrower');
    await t.services.users.saveKyc(other.user.id, {
      dateOfBirth: '1990-01-30',
      gender: 'Female',
      address: 'Gulu Road, Lira',
      nationalId: 'CF99999999999Z',
    });
    const flagged = await adminView((await apply(form(), other.token)).json().id);
    expect(flagged.credit_score).toBe(64);
    expect(flagged.credit_reasons).toContain(
      'The NIN on the application differs from the one in the KYC record',
    );
  });

  it.each([
    ['an amount below the range', { amount_requested: 349_999 }, 'amount_requested'],
    ['an amount above the range', { amount_requested: 3_000_001 }, 'amount_requested'],
    ['a fraction of a shilling', { amount_requested: '1000000.50' }, 'amount_requested'],
    ['a malformed NIN', { nin: 'CX12345678901A' }, 'nin'],
    ['a NIN of 13 characters', { nin: 'CM1234567890A' }, 'nin'],
    ['a term of 0 months', { loan_term: 0 }, 'loan_term'],
    ['an unknown loan type', { loan_type: 999_999 }, 'loan_type'],
    ['a missing business name', { business_name: '' }, 'business_name'],
  ])('answers 400 for %s', async (_label, overrides, field) => {
    const res = await apply(form(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toHaveProperty(field);
  });

  it('answers 403 to an admin or a lender', async () => {
    expect((await apply(form(), admin.token)).statusCode).toBe(403);
    expect((await apply(form(), (await t.userWithToken('lender')).token)).statusCode).toBe(403);
  });

  it('answers 400 when the loan type is inactive', async () => {
    const inactive = await t.services.loanTypes.create({
      loan_type_name: 'Retired Product',
      min_amount: 100_000,
      max_amount: 900_000,
      interest_rate: 250,
      interest_type: 'FLAT',
      appraisal_time: '2 days',
      status: 'INACTIVE',
    });
    const res = await apply(form({ loan_type: inactive.id, amount_requested: 500_000 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.loan_type).toEqual(['This loan type is not on offer']);
  });
});

describe('approving and rejecting', () => {
  it('approves a pending application with the default note, keeping who and when', async () => {
    const id = (await applyAsNewBorrower()).json().id;
    const res = await decide(id, 'approve');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'APPROVED',
      admin_notes: 'Application approved by admin',
      decided_by: admin.id,
      decided_at: expect.any(String),
    });
  });

  it('rejects a pending application with the admin’s own note', async () => {
    const id = (await applyAsNewBorrower()).json().id;
    const res = await decide(id, 'reject', { admin_notes: 'Income could not be verified' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED', admin_notes: 'Income could not be verified' });
    const empty = await decide((await applyAsNewBorrower()).json().id, 'reject', { admin_notes: '' });
    expect(empty.json().admin_notes).toBe('Application rejected by admin');
  });

  it('shows the borrower a rejection reason only when the admin chose to share it', async () => {
    const applicant = await t.userWithToken('borrower');
    const ownView = async (id: number) =>
      (
        await t.app.inject({ url: `/api/loans/applications/${id}/`, headers: bearer(applicant.token) })
      ).json();
    const kept = (await apply(form(), applicant.token)).json().id;
    await decide(kept, 'reject', { admin_notes: 'Owner seemed evasive about the second shop' });
    expect(await ownView(kept)).toMatchObject({ status: 'REJECTED', decision_reason: null });
    expect(JSON.stringify(await ownView(kept))).not.toContain('evasive');

    // A rejected application is no longer open: the same borrower applies again.
    const shared = (await apply(form(), applicant.token)).json().id;
    await decide(shared, 'reject', {
      admin_notes: 'Monthly income is too low for this amount: try a smaller loan',
      share_with_applicant: true,
    });
    const seen = await ownView(shared);
    expect(seen.decision_reason).toBe('Monthly income is too low for this amount: try a smaller loan');
    expect(seen).not.toHaveProperty('decided_by_name');
    const mine = (
      await t.app.inject({ url: '/api/loans/my-applications/', headers: bearer(applicant.token) })
    ).json();
    expect(mine.results.find((a: { id: number }) => a.id === shared).decision_reason).toMatch(/too low/);
    expect(mine.results.every((a: object) => !('credit_score' in a) && !('admin_notes' in a))).toBe(true);
    // The admin still reads everything.
    expect(await adminView(kept)).toMatchObject({
      admin_notes: 'Owner seemed evasive about the second shop',
    });
  });

  it.each([
    ['approve', 'APPROVED', 'approve'],
    ['reject', 'APPROVED', 'reject'],
    ['approve', 'REJECTED', 'reject'],
    ['reject', 'REJECTED', 'approve'],
  ] as const)('answers 409 to %s once the application is %s', async (first, _state, second) => {
    const id = (await applyAsNewBorrower()).json().id;
    expect((await decide(id, first === 'approve' ? 'approve' : 'reject')).statusCode).toBe(200);
    const res = await decide(id, second);
    expect(res.statusCode).toBe(409);
  });

  it('answers 409 to approve or reject once disbursed, and 404 for an unknown application', async () => {
    const id = (await applyAsNewBorrower()).json().id;
    await decide(id, 'approve');
    await t.services.db.transaction((tx) =>
      t.services.loans.createLoanFromApplication(tx, {
        applicationId: id,
        disbursedAt: new Date(),
        platformTransactionId: null,
      }),
    );
    expect((await decide(id, 'approve')).statusCode).toBe(409);
    expect((await decide(id, 'reject')).statusCode).toBe(409);
    const after = (
      await t.app.inject({ url: `/api/loans/applications/${id}/`, headers: bearer(admin.token) })
    ).json();
    expect(after.approved_loan).toEqual(expect.any(Number));
    expect((await decide(999_999, 'approve')).statusCode).toBe(404);
  });

  it('lets only one of two concurrent decisions through', async () => {
    const id = (await applyAsNewBorrower()).json().id;
    const results = await Promise.all([decide(id, 'approve'), decide(id, 'reject')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('GET /api/loans/applications/ and statistics', () => {
  it('filters by status, orders from the fixed list, and refuses other orderings', async () => {
    const pending = await t.app.inject({
      url: '/api/loans/applications/?status=PENDING&page_size=100',
      headers: bearer(admin.token),
    });
    expect(pending.statusCode).toBe(200);
    expect(pending.json().results.every((a: { status: string }) => a.status === 'PENDING')).toBe(true);
    const all = await t.app.inject({
      url: '/api/loans/applications/?status=&page_size=100',
      headers: bearer(admin.token),
    });
    const dates = all.json().results.map((a: { created_at: string }) => a.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const byAmount = await t.app.inject({
      url: '/api/loans/applications/?ordering=amount_requested',
      headers: bearer(admin.token),
    });
    expect(byAmount.statusCode).toBe(200);
    const bad = await t.app.inject({
      url: '/api/loans/applications/?ordering=nin',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('counts applications by status, equal to plain SQL', async () => {
    const res = await t.app.inject({
      url: '/api/loans/applications/statistics/',
      headers: bearer(admin.token),
    });
    const rows = await t.services.db.select({ status: applications.status }).from(applications);
    const countOf = (s: string) => rows.filter((r) => r.status === s).length;
    expect(res.json()).toEqual({
      total_applications: rows.length,
      pending_applications: countOf('PENDING'),
      approved_applications: countOf('APPROVED'),
      rejected_applications: countOf('REJECTED'),
    });
  });

  it('shows a borrower only their own applications', async () => {
    const other = await t.userWithToken('borrower');
    const theirs = (await apply(form(), other.token)).json().id;
    const mine = await t.app.inject({
      url: '/api/loans/my-applications/?page_size=100',
      headers: bearer(borrower.token),
    });
    expect(mine.json().results.every((a: { user: number }) => a.user === borrower.id)).toBe(true);
    const peek = await t.app.inject({
      url: `/api/loans/applications/${theirs}/`,
      headers: bearer(borrower.token),
    });
    expect(peek.statusCode).toBe(404);
    const [row] = await t.services.db.select().from(applications).where(eq(applications.id, theirs));
    expect(row?.userId).toBe(other.user.id);
  });
});
