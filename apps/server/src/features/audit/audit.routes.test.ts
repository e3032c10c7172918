import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { selectRows } from '../../db/select-rows.ts';

// 10:00 on 5 March 2026 in Kampala.
const clock = fixedClock(new Date('2026-03-05T07:00:00Z'));
let t: TestApp;
let admin: { user: { id: number; email: string; name: string }; token: string };
let other: { user: { id: number; email: string; name: string }; token: string };

interface Entry {
  id: number;
  at: string;
  actor: { id: number; name: string; email: string } | null;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

function as(
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'idempotency-key': idempotencyKey('audit') },
    ...(payload ? { payload } : {}),
  });
}

async function entries(query = ''): Promise<Entry[]> {
  const res = await as(admin.token, 'GET', `/api/audit/?page_size=100${query}`);
  expect(res.statusCode).toBe(200);
  return res.json().results;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await t.userWithToken('admin', { name: 'Opio Grace', email: 'opio@sente.test' });
  other = await t.userWithToken('admin', { name: 'Kato Brian', email: 'kato@sente.test' });
  const borrower = await t.services.users.createUser({
    email: 'nakato@example.ug',
    password: TEST_PASSWORD,
    name: 'Nakato Sarah',
    role: 'borrower',
    phoneNumber: '0772123456',
  });
  const type = await insertLoanType(t.db.database.db, { minAmount: 100_000, maxAmount: 10_000_000 });
  const pending = (status: 'PENDING') =>
    insertApplication(t.db.database.db, { userId: borrower.id, loanTypeId: type.id, status });

  // Yesterday (4 March), by the other admin: a sign-in and capital.
  clock.set(new Date('2026-03-04T09:00:00Z'));
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        payload: { email: 'kato@sente.test', password: TEST_PASSWORD },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await as(other.token, 'POST', '/api/wallet/admin/capital/', { amount: 20_000_000, reference: 'BANK-1' }))
      .statusCode,
  ).toBe(201);

  // Today, by the first admin: every other kind of write.
  clock.set(new Date('2026-03-05T07:00:00Z'));
  const toApprove = await pending('PENDING');
  const toReject = await pending('PENDING');
  expect(
    (await as(admin.token, 'POST', `/api/loans/applications/${toApprove.id}/approve/`, {})).statusCode,
  ).toBe(200);
  expect(
    (
      await as(admin.token, 'POST', `/api/loans/applications/${toReject.id}/reject/`, {
        admin_notes: 'Income does not cover the installment',
      })
    ).statusCode,
  ).toBe(200);
  const disbursed = await as(admin.token, 'POST', `/api/loans/applications/${toApprove.id}/disburse/`);
  expect([201, 202]).toContain(disbursed.statusCode);
  expect(
    (await as(admin.token, 'PATCH', `/api/auth/admin/users/${borrower.id}/`, { name: 'Nakato S.' }))
      .statusCode,
  ).toBe(200);
  expect(
    (await as(admin.token, 'PATCH', `/api/auth/admin/users/${borrower.id}/toggle-status/`)).statusCode,
  ).toBe(200);
  expect(
    (await as(admin.token, 'POST', `/api/auth/admin/users/${borrower.id}/reset-password/`)).statusCode,
  ).toBe(201);
  const loanType = {
    loan_type_name: 'Boda Boda',
    min_amount: '500000',
    max_amount: '3000000',
    interest_rate: '2.50',
    interest_type: 'FLAT',
    appraisal_time: '24 hours',
    status: 'ACTIVE',
  };
  const created = await as(admin.token, 'POST', '/api/loans/loan-types/', loanType);
  expect(created.statusCode).toBe(201);
  const typeId = created.json().id;
  expect(
    (await as(admin.token, 'PUT', `/api/loans/loan-types/${typeId}/`, { ...loanType, status: 'INACTIVE' }))
      .statusCode,
  ).toBe(200);
  expect((await as(admin.token, 'DELETE', `/api/loans/loan-types/${typeId}/`)).statusCode).toBe(204);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/audit/', () => {
  it('records every admin write with who, when, what and the fields before and after', async () => {
    const all = await entries();
    const byAction = (action: string) => all.find((e) => e.action === action);
    expect(byAction('user.signed_in')).toMatchObject({
      actor: { id: other.user.id, name: 'Kato Brian', email: 'kato@sente.test' },
      after: { method: 'password' },
      at: '2026-03-04T09:00:00.000Z',
    });
    expect(byAction('capital.paid_in')).toMatchObject({
      actor: { id: other.user.id },
      after: { amount: 20_000_000, reference: 'BANK-1' },
    });
    expect(byAction('application.approved')).toMatchObject({
      actor: { id: admin.user.id, name: 'Opio Grace' },
      entity_type: 'application',
      before: { status: 'PENDING' },
      after: { status: 'APPROVED' },
    });
    expect(byAction('application.rejected')).toMatchObject({
      after: { status: 'REJECTED', admin_notes: 'Income does not cover the installment' },
    });
    expect(byAction('application.disbursed')).toMatchObject({
      before: { status: 'APPROVED', approved_loan: null },
      after: { amount: 1_000_000, funded_by: 'platform', payout_reference: expect.any(String) },
    });
    expect(byAction('user.updated')).toMatchObject({
      before: { name: 'Nakato Sarah' },
      after: { name: 'Nakato S.' },
    });
    expect(byAction('user.status_changed')).toMatchObject({
      before: { status: 'Active' },
      after: { status: 'Inactive' },
    });
    expect(byAction('user.password_reset_link_issued')?.actor?.id).toBe(admin.user.id);
    expect(byAction('loan_type.created')?.after).toMatchObject({
      loan_type_name: 'Boda Boda',
      status: 'ACTIVE',
    });
    expect(byAction('loan_type.updated')).toMatchObject({
      before: { status: 'ACTIVE' },
      after: { status: 'INACTIVE' },
    });
    expect(byAction('loan_type.deleted')?.before).toMatchObject({
      loan_type_name: 'Boda Boda',
      status: 'INACTIVE',
    });
    // No secret ever reaches the log.
    expect(JSON.stringify(all)).not.toMatch(/token|password_hash|correct-horse/i);
    // Newest first.
    const times = all.map((e) => `${e.at}#${String(e.id).padStart(9, '0')}`);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('filters by admin, by action and by Kampala date range, and pages with a count', async () => {
    const byOther = await entries(`&admin=${other.user.id}`);
    expect(byOther.map((e) => e.action).sort()).toEqual(['capital.paid_in', 'user.signed_in']);
    const approvals = await entries('&action=application.approved');
    expect(approvals).toHaveLength(1);
    const yesterday = await entries('&from=2026-03-04&to=2026-03-04');
    expect(yesterday.map((e) => e.action).sort()).toEqual(['capital.paid_in', 'user.signed_in']);
    const today = await entries('&from=2026-03-05');
    expect(today.every((e) => e.actor?.id === admin.user.id)).toBe(true);
    const page = await as(admin.token, 'GET', '/api/audit/?page_size=2&page=2');
    expect(page.json()).toMatchObject({ count: yesterday.length + today.length });
    expect(page.json().results).toHaveLength(2);
    // One action counted from the running counts, an admin's rows counted from the rows.
    const countOf = async (query: string) =>
      (await as(admin.token, 'GET', `/api/audit/?${query}`)).json().count;
    expect(await countOf('action=application.approved')).toBe(1);
    expect(await countOf('action=no.such_action')).toBe(0);
    expect(await countOf(`admin=${other.user.id}`)).toBe(2);
    expect(await countOf(`admin=${other.user.id}&action=capital.paid_in`)).toBe(1);
  });

  it('answers 400 to a range that ends before it starts or an impossible date, and 403 to a borrower', async () => {
    expect((await as(admin.token, 'GET', '/api/audit/?from=2026-03-05&to=2026-03-04')).statusCode).toBe(400);
    expect((await as(admin.token, 'GET', '/api/audit/?from=2026-02-30')).statusCode).toBe(400);
    expect((await as(admin.token, 'GET', '/api/audit/?admin=abc')).statusCode).toBe(400);
    const borrower = await t.userWithToken('borrower');
    expect((await as(borrower.token, 'GET', '/api/audit/')).statusCode).toBe(403);
  });
});

describe('GET /api/audit/export/', () => {
  it('streams every matching entry as CSV with the before and after as JSON', async () => {
    const res = await as(admin.token, 'GET', '/api/audit/export/?action=loan_type.updated');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit-log-all.csv"');
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('ID,At,Admin,Admin Email,Action,Action Label,Entity,Entity ID,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(
      ',2026-03-05T10:00:00+03:00,Opio Grace,opio@sente.test,loan_type.updated,Loan type edited,',
    );
    expect(lines[1]).toContain('"{""status"":""ACTIVE""}","{""status"":""INACTIVE""}"');
    const all = await as(admin.token, 'GET', '/api/audit/export/?from=2026-03-04&to=2026-03-05');
    const [{ n } = { n: 0 }] = await selectRows<{ n: number }>(
      t.db.database.db,
      sql`select count(*)::int as n from audit_log`,
    );
    expect(all.body.slice(1).trimEnd().split('\r\n')).toHaveLength(n + 1);
  });
});

describe('GET /api/audit/admins/', () => {
  it('lists the admins for the filter', async () => {
    const res = await as(admin.token, 'GET', '/api/audit/admins/');
    expect(res.json().results.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining(['Kato Brian', 'Opio Grace']),
    );
  });
});
