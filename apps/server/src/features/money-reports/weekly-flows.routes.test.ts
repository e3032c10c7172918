import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { idempotencyKey } from '../../../test/money-helpers.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { transaction } from '../../db/retry-transaction.ts';
import type { JournalLine } from '../ledger/ledger.service.ts';
import {
  LOANS_RECEIVABLE,
  PLATFORM_CAPITAL,
  PLATFORM_WALLET,
  providerClearing,
} from '../ledger/ledger-accounts.ts';

// Thursday 5 March 2026, 00:30 in Kampala (21:30 UTC the day before): this week began on Monday 2 March.
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

function get(url: string, token = adminToken) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function post(kind: 'DISBURSEMENT' | 'REPAYMENT' | 'CAPITAL', amount: number, postedAt: string) {
  const lines: JournalLine[] =
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
      lines,
      postedAt: new Date(postedAt),
    }),
  );
}

describe('GET /api/wallet/admin/weekly-flows/', () => {
  it('answers 12 Kampala weeks from Monday, oldest first, with 0 for empty weeks and nothing older', async () => {
    await post('CAPITAL', 50_000_000, '2025-11-01T09:00:00Z');
    await post('DISBURSEMENT', 9_000_000, '2025-12-14T20:00:00Z'); // 23:00 Sunday 14 Dec in Kampala: before the first week
    await post('DISBURSEMENT', 1_000_000, '2025-12-14T21:30:00Z'); // 00:30 Monday 15 Dec in Kampala: the first week
    await post('DISBURSEMENT', 2_000_000, '2026-03-01T20:59:00Z'); // 23:59 Sunday 1 March in Kampala: last week
    await post('DISBURSEMENT', 3_000_000, '2026-03-01T21:01:00Z'); // 00:01 Monday 2 March in Kampala: this week
    await post('REPAYMENT', 250_000, '2026-03-04T21:20:00Z'); // today, Thursday
    await post('REPAYMENT', 100_000, '2026-02-20T09:00:00Z'); // week of Monday 16 February

    const res = await get('/api/wallet/admin/weekly-flows/');
    expect(res.statusCode).toBe(200);
    const body = res.json<{
      weeks: Array<{ week_start: string; disbursements: string; repayments: string }>;
    }>();
    expect(body.weeks).toHaveLength(12);
    expect(body.weeks.map((w) => w.week_start)).toEqual([
      '2025-12-15',
      '2025-12-22',
      '2025-12-29',
      '2026-01-05',
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
    ]);
    expect(body.weeks[0]).toEqual({
      week_start: '2025-12-15',
      disbursements: '1000000.00',
      repayments: '0.00',
    });
    expect(body.weeks[1]).toEqual({ week_start: '2025-12-22', disbursements: '0.00', repayments: '0.00' });
    expect(body.weeks[11]).toEqual({
      week_start: '2026-03-02',
      disbursements: '3000000.00',
      repayments: '250000.00',
    });
    expect(body.weeks.find((w) => w.week_start === '2026-02-16')).toMatchObject({ repayments: '100000.00' });
    expect(body.weeks.find((w) => w.week_start === '2026-02-23')).toMatchObject({
      disbursements: '2000000.00',
    });
  });

  it('ends with this week and honours ?weeks=', async () => {
    const res = await get('/api/wallet/admin/weekly-flows/?weeks=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().weeks).toEqual([
      { week_start: '2026-02-23', disbursements: '2000000.00', repayments: '0.00' },
      { week_start: '2026-03-02', disbursements: '3000000.00', repayments: '250000.00' },
    ]);
  });

  it('answers 400 for a number of weeks out of range, and 403 for a borrower', async () => {
    expect((await get('/api/wallet/admin/weekly-flows/?weeks=0')).statusCode).toBe(400);
    expect((await get('/api/wallet/admin/weekly-flows/?weeks=abc')).statusCode).toBe(400);
    const borrower = await t.userWithToken('borrower');
    expect((await get('/api/wallet/admin/weekly-flows/', borrower.token)).statusCode).toBe(403);
  });
});
