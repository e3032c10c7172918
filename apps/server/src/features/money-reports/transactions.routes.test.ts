import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import {
  failNextPrompts,
  idempotencyKey,
  settleOpenPayments,
  timeOutNextPrompts,
} from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { selectRows } from '../../db/select-rows.ts';
import {
  LOANS_RECEIVABLE,
  PLATFORM_CAPITAL,
  PLATFORM_WALLET,
  providerClearing,
} from '../ledger/ledger-accounts.ts';

// Thursday 5 March 2026, 00:30 in Kampala (21:30 UTC the day before): the week began on Monday 2 March.
const clock = fixedClock(new Date('2026-03-04T21:30:00Z'));
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp({ clock });
  adminToken = (await t.userWithToken('admin')).token;
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

function get(url: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(adminToken) });
}

async function post(kind: 'DISBURSEMENT' | 'REPAYMENT' | 'CAPITAL', amount: number, postedAt: string) {
  const lines =
    kind === 'DISBURSEMENT'
      ? [
          { account: LOANS_RECEIVABLE, amount },
          { account: providerClearing('mtn'), amount: -amount },
        ]
      : kind === 'REPAYMENT'
        ? [
            { account: PLATFORM_WALLET, amount },
            { account: LOANS_RECEIVABLE, amount: -amount },
          ]
        : [
            { account: PLATFORM_WALLET, amount },
            { account: PLATFORM_CAPITAL, amount: -amount },
          ];
  await transaction(t.db.database.db, (tx) =>
    t.services.ledger.postJournal(tx, {
      idempotencyKey: idempotencyKey(kind),
      kind,
      memo: kind,
      lines: lines as never,
      postedAt: new Date(postedAt),
    }),
  );
}

async function sqlSum(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ total: string | null }>(t.db.database.db, query);
  return Number(row?.total ?? 0);
}

describe('GET /api/wallet/admin/financial-stats/', () => {
  it('answers today, this week (from Monday) and this month in Kampala time, equal to plain SQL over the entries', async () => {
    await post('CAPITAL', 50_000_000, '2026-01-10T09:00:00Z');
    await post('DISBURSEMENT', 1_000_000, '2026-02-27T09:00:00Z'); // last month
    await post('DISBURSEMENT', 2_000_000, '2026-03-01T09:00:00Z'); // this month, last week (Sunday)
    await post('DISBURSEMENT', 3_000_000, '2026-03-02T08:00:00Z'); // Monday: this week
    await post('DISBURSEMENT', 4_000_000, '2026-03-04T20:59:00Z'); // 23:59 Wednesday in Kampala: not today
    await post('DISBURSEMENT', 5_000_000, '2026-03-04T21:10:00Z'); // 00:10 Thursday in Kampala: today
    await post('REPAYMENT', 250_000, '2026-03-04T21:20:00Z'); // today
    await post('REPAYMENT', 100_000, '2026-02-20T09:00:00Z'); // last month

    const res = await get('/api/wallet/admin/financial-stats/');
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    expect(stats).toMatchObject({
      total_disbursements: '15000000.00',
      total_repayments: '350000.00',
      disbursements: { today: '5000000.00', this_week: '12000000.00', this_month: '14000000.00' },
      repayments: { today: '250000.00', this_week: '250000.00', this_month: '250000.00' },
    });

    const wallet = await sqlSum(sql`
      select sum(e.amount) as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where a.code = 'PLATFORM_WALLET'`);
    expect(stats.platform_wallet_balance).toBe(`${wallet}.00`);
    const disbursedSince = (from: string) =>
      sqlSum(sql`
        select sum(e.amount) as total from ledger_entries e
        join ledger_postings p on p.id = e.posting_id join ledger_accounts a on a.id = e.account_id
        where p.kind = 'DISBURSEMENT' and a.code = 'LOANS_RECEIVABLE'
          and e.created_at >= (${from}::timestamp at time zone 'Africa/Kampala')`);
    expect(stats.total_disbursements).toBe(`${await disbursedSince('1970-01-01')}.00`);
    expect(stats.disbursements.today).toBe(`${await disbursedSince('2026-03-05')}.00`);
    expect(stats.disbursements.this_week).toBe(`${await disbursedSince('2026-03-02')}.00`);
    expect(stats.disbursements.this_month).toBe(`${await disbursedSince('2026-03-01')}.00`);
    const repaid = await sqlSum(sql`
      select sum(e.amount) as total from ledger_entries e
      join ledger_postings p on p.id = e.posting_id join ledger_accounts a on a.id = e.account_id
      where p.kind = 'REPAYMENT' and a.code = 'PLATFORM_WALLET'`);
    expect(stats.total_repayments).toBe(`${repaid}.00`);
  });
});

describe('GET /api/wallet/admin/all-transactions/', () => {
  let namedLender: { user: { id: number; email: string }; token: string };
  const references: string[] = [];

  beforeAll(async () => {
    namedLender = await t.userWithToken('lender', {
      name: 'Achieng Florence',
      email: 'achieng.florence@example.ug',
    });
    const other = await t.userWithToken('lender', { name: 'Ssebunya Paul', email: 'ssebunya@example.ug' });
    // 25 deposits by one lender (more than a page), 3 by another, one that fails, one still pending.
    for (const [lender, count] of [
      [namedLender, 25],
      [other, 3],
    ] as const) {
      for (let i = 0; i < count; i++) {
        clock.advance(1000);
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/wallet/deposit/',
          headers: { ...bearer(lender.token), 'idempotency-key': idempotencyKey() },
          payload: { amount: 10_000 + i, phone_number: '0772123456' },
        });
        references.push(res.json().reference_id);
      }
    }
    await failNextPrompts(t, '0772123456');
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(other.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: 99_000, phone_number: '0772123456' },
    });
    await settleOpenPayments(t);
    await timeOutNextPrompts(t, '0772123456', 3600);
    await t.app.inject({
      method: 'POST',
      url: '/api/wallet/deposit/',
      headers: { ...bearer(other.token), 'idempotency-key': idempotencyKey() },
      payload: { amount: 77_000, phone_number: '0772123456' },
    });
  });

  it('pages 20 at a time, newest first, with a summary of everything', async () => {
    const res = await get('/api/wallet/admin/all-transactions/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.transactions).toHaveLength(20);
    expect(body.pagination).toEqual({
      total_count: 30,
      has_next: true,
      has_previous: false,
      page: 1,
      page_size: 20,
      total_pages: 2,
    });
    expect(body.summary).toEqual({
      total_transactions: 30,
      successful_transactions: 28,
      pending_transactions: 1,
      processing_transactions: 1,
      failed_transactions: 1,
      total_amount: `${25 * 10_000 + 300 + 3 * 10_000 + 3 + 77_000}.00`,
    });
    expect(body.transactions[0]).toMatchObject({
      amount: '77000.00',
      status: 'PROCESSING',
      user_name: 'Ssebunya Paul',
    });
    expect(body.transactions[0].date).toBe('2026-03-05');
    const second = await get('/api/wallet/admin/all-transactions/?page=2');
    expect(second.json().transactions).toHaveLength(10);
    expect(second.json().pagination.has_next).toBe(false);
  });

  it('makes the summary follow the status and type filters', async () => {
    const failed = await get('/api/wallet/admin/all-transactions/?status=FAILED');
    expect(failed.json().summary).toMatchObject({
      total_transactions: 1,
      failed_transactions: 1,
      total_amount: '0.00',
    });
    expect(failed.json().transactions[0].failure_reason).toBeTruthy();
    const withdrawals = await get('/api/wallet/admin/all-transactions/?type=withdrawals&status=');
    expect(withdrawals.json().summary.total_transactions).toBe(0);
    expect(withdrawals.json().transactions).toEqual([]);
  });

  it('searches across all pages by user name, email, the start or end of a reference, and type', async () => {
    const byName = await get('/api/wallet/admin/all-transactions/?search=achieng');
    expect(byName.json().pagination.total_count).toBe(25);
    expect(byName.json().summary.total_transactions).toBe(25);
    const byEmail = await get('/api/wallet/admin/all-transactions/?search=ssebunya@example');
    expect(byEmail.json().pagination.total_count).toBe(5);
    const reference = references[3] ?? '';
    const byStart = await get(`/api/wallet/admin/all-transactions/?search=${reference.slice(0, 13)}`);
    expect(byStart.json().transactions.map((x: { reference_id: string }) => x.reference_id)).toEqual([
      reference,
    ]);
    const byEnd = await get(
      `/api/wallet/admin/all-transactions/?search=${reference.slice(-8).toUpperCase()}`,
    );
    expect(byEnd.json().transactions.map((x: { reference_id: string }) => x.reference_id)).toContain(
      reference,
    );
    const byType = await get('/api/wallet/admin/all-transactions/?search=deposit&status=COMPLETED');
    expect(byType.json().summary.total_transactions).toBe(28);
    const wildcard = await get('/api/wallet/admin/all-transactions/?search=%25');
    expect(wildcard.json().pagination.total_count).toBe(0);
  });

  it('orders by amount when asked, and answers 400 to an unknown status', async () => {
    const res = await get('/api/wallet/admin/all-transactions/?ordering=-amount&page_size=1');
    expect(res.json().transactions[0].amount).toBe('99000.00');
    const bad = await get('/api/wallet/admin/all-transactions/?status=LOST');
    expect(bad.statusCode).toBe(400);
  });
});
