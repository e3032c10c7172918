import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../../../test/multipart.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog, listings } from '../../db/schema/index.ts';
import { samplePdf } from '../../seed/sample-files.ts';

let t: TestApp;
let limited: TestApp;
let dataDir: string;
let admin: { id: number; token: string };
let loanTypeId: number;
let limitedLoanTypeId: number;

const loanType = {
  loan_type_name: 'Working Capital',
  min_amount: 350_000,
  max_amount: 3_000_000,
  interest_rate: 280,
  interest_type: 'FLAT',
  appraisal_time: '24 hours',
  status: 'ACTIVE',
} as const;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sente-limits-'));
  t = await createTestApp({ config: { dataDir } });
  const a = await t.userWithToken('admin');
  admin = { id: a.user.id, token: a.token };
  loanTypeId = (await t.services.loanTypes.create(loanType)).id;
  limited = await createTestApp({
    config: { dataDir, applicationRateLimitPerHour: 3, documentUploadRateLimitPerHour: 4 },
  });
  limitedLoanTypeId = (await limited.services.loanTypes.create(loanType)).id;
});
afterAll(async () => {
  await t.close();
  await limited.close();
  await rm(dataDir, { recursive: true, force: true });
});

const form = (type = loanTypeId) => ({
  business_name: 'Mukasa Hardware',
  business_location: 'Kikuubo, Kampala',
  business_type: 'Hardware',
  amount_requested: '1000000.00',
  loan_term: 6,
  loan_type: type,
  loan_purpose: 'Cement and iron sheets for the rainy season',
  monthly_income: 2_500_000,
  nin: 'CM12345678901A',
});

function apply(token: string, app: TestApp = t, type = loanTypeId) {
  return app.app.inject({
    method: 'POST',
    url: '/api/loans/applications/',
    headers: bearer(token),
    payload: form(type),
  });
}

function decide(id: number, action: 'approve' | 'reject') {
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${id}/${action}/`,
    headers: bearer(admin.token),
    payload: {},
  });
}

function allow(userId: number, max: number, token = admin.token) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/auth/admin/users/${userId}/open-applications/`,
    headers: bearer(token),
    payload: { max_open_applications: max },
  });
}

describe('one open application per borrower', () => {
  it('answers 409 naming the pending application, and accepts a new one once it is rejected', async () => {
    const { token } = await t.userWithToken('borrower');
    const first = await apply(token);
    expect(first.statusCode).toBe(201);
    const second = await apply(token);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      code: 'OPEN_APPLICATION_EXISTS',
      error: `You already have an open application (#${first.json().id}, waiting for a decision). You can apply again once it is decided.`,
    });
    expect((await decide(first.json().id, 'reject')).statusCode).toBe(200);
    expect((await apply(token)).statusCode).toBe(201);
  });

  it('keeps an approved application open until it is paid out, even when its listing expired', async () => {
    const { user, token } = await t.userWithToken('borrower');
    const id = (await apply(token)).json().id;
    expect((await decide(id, 'approve')).statusCode).toBe(200);
    const refused = await apply(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toContain(`(#${id}, approved and not yet paid out)`);

    // Nobody bid and the window closed: the admin may still relist it or fund it, so it stays open.
    await t.services.db.update(listings).set({ status: 'EXPIRED' }).where(eq(listings.applicationId, id));
    expect((await apply(token)).statusCode).toBe(409);

    await t.services.db.transaction((tx) =>
      t.services.loans.createLoanFromApplication(tx, {
        applicationId: id,
        disbursedAt: new Date(),
        platformTransactionId: null,
      }),
    );
    const next = await apply(token);
    expect(next.statusCode).toBe(201);
    expect(next.json().user).toBe(user.id);
  });

  it('lets exactly one of 30 parallel applications through', async () => {
    const { user, token } = await t.userWithToken('borrower');
    const answers = await Promise.all(Array.from({ length: 30 }, () => apply(token)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    const mine = await t.services.applications.list({
      userId: user.id,
      ordering: '-created_at',
      limit: 100,
      offset: 0,
    });
    expect(mine.count).toBe(1);
  });

  it('lets a borrower an admin allowed more have that many open at once, audited', async () => {
    const { user, token } = await t.userWithToken('borrower');
    expect((await apply(token)).statusCode).toBe(201);
    const allowed = await allow(user.id, 2);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ id: user.id, max_open_applications: 2 });
    const answers = await Promise.all(Array.from({ length: 5 }, () => apply(token)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);

    const [row] = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, String(user.id))));
    expect(row).toMatchObject({
      actorId: admin.id,
      action: 'user.open_applications_allowed_changed',
      before: { max_open_applications: 1 },
      after: { max_open_applications: 2 },
    });
    expect((await allow(user.id, 1)).statusCode).toBe(200);
    expect((await apply(token)).statusCode).toBe(409);
  });

  it('refuses the allowance to non-admins and out of range, and 404 for an unknown user', async () => {
    const borrower = await t.userWithToken('borrower');
    expect((await allow(borrower.user.id, 2, borrower.token)).statusCode).toBe(403);
    expect((await allow(borrower.user.id, 0)).statusCode).toBe(400);
    expect((await allow(borrower.user.id, 11)).statusCode).toBe(400);
    expect((await allow(999_999, 2)).statusCode).toBe(404);
  });
});

describe('per-user rate limits', () => {
  it('answers 429 with Retry-After after APPLICATION_RATE_LIMIT_PER_HOUR tries, for that user only', async () => {
    const first = await limited.userWithToken('borrower');
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await apply(first.token, limited, limitedLoanTypeId)).statusCode);
    expect(statuses).toEqual([201, 409, 409]);
    const refused = await apply(first.token, limited, limitedLoanTypeId);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      error: 'Too many requests. Please wait a minute and try again.',
      code: 'RATE_LIMITED',
    });
    // Another borrower at the same address is not limited by it.
    const second = await limited.userWithToken('borrower');
    expect((await apply(second.token, limited, limitedLoanTypeId)).statusCode).toBe(201);
  });

  it('answers 429 with Retry-After after DOCUMENT_UPLOAD_RATE_LIMIT_PER_HOUR uploads', async () => {
    const { token } = await limited.userWithToken('borrower');
    const id = (await apply(token, limited, limitedLoanTypeId)).json().id;
    const send = () => {
      const { payload, headers } = multipartBody({ document_type: 'BANK_STATEMENTS' }, [
        { field: 'file', fileName: 'statement.pdf', contentType: 'application/pdf', bytes: samplePdf(['x']) },
      ]);
      return limited.app.inject({
        method: 'POST',
        url: `/api/loans/applications/${id}/documents/`,
        headers: { ...bearer(token), ...headers },
        payload,
      });
    };
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await send()).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 429]);
  });
});
