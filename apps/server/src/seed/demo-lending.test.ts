import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { seedDemoData } from './demo-seed.ts';

let t: TestApp;
let dataDir: string;
let admin: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sente-seed-'));
  t = await createTestApp({ config: { dataDir } });
  admin = (await t.userWithToken('admin')).token;
  await seedDemoData(t.services);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function rows<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.services.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

describe('the demo seed', () => {
  it('offers the public products as loan types', async () => {
    const res = await t.app.inject({ url: '/api/public/loan-types/' });
    const names = res.json().results.map((x: { loan_type_name: string }) => x.loan_type_name);
    expect(names).toEqual(
      expect.arrayContaining(['Working Capital Loans', 'Equipment Financing', 'Business Term Loan']),
    );
    const term = res
      .json()
      .results.find((x: { loan_type_name: string }) => x.loan_type_name === 'Business Term Loan');
    expect(term).toMatchObject({ min_amount: '1000000.00', max_amount: '5000000.00' });
  });

  it('has applications in all three states, each with documents that open', async () => {
    const stats = (
      await t.app.inject({ url: '/api/loans/applications/statistics/', headers: bearer(admin) })
    ).json();
    expect(stats.pending_applications).toBeGreaterThan(0);
    expect(stats.approved_applications).toBeGreaterThan(0);
    expect(stats.rejected_applications).toBeGreaterThan(0);
    const list = (await t.app.inject({ url: '/api/loans/applications/', headers: bearer(admin) })).json();
    const docs = (
      await t.app.inject({
        url: `/api/loans/applications/${list.results[0].id}/documents/`,
        headers: bearer(admin),
      })
    ).json().documents;
    expect(docs.length).toBeGreaterThan(0);
    for (const doc of docs) expect((await t.app.inject({ url: doc.file })).statusCode).toBe(200);
  });

  it('has loans in every status, with repayments that add up', async () => {
    const statuses = await rows<{ status: string }>(sql`select distinct status from loans order by status`);
    expect(statuses.map((s) => s.status).sort()).toEqual(['ACTIVE', 'DEFAULT', 'FULLY_PAID', 'OVERDUE']);
    const mismatched = await rows(sql`
      select l.id from loans l left join loan_repayments r on r.loan_id = l.id
      group by l.id
      having l.total_payments <> coalesce(sum(r.amount), 0) or l.repayment_count <> count(r.id)`);
    expect(mismatched).toEqual([]);
    const [approvedWaiting] = await rows<{ n: number }>(
      sql`select count(*)::int as n from applications where status = 'APPROVED' and approved_loan_id is null`,
    );
    expect(approvedWaiting?.n).toBeGreaterThan(0);
  });
});
