import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { selectRows } from '../../db/select-rows.ts';

let t: TestApp;
let adminToken: string;
let borrowerId: number;
let lenderId: number;

const EXPORT = '/api/wallet/admin/all-transactions/export/';

function get(url: string, token = adminToken) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** The CSV's records (RFC 4180: quoted cells may hold commas, quotes and line breaks), after the byte-order mark. */
function linesOf(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let isQuoted = false;
  const text = body.slice(1);
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (isQuoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else cell += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return records;
}

/**
 * Payments written straight into the table (the export only reads it): `count` rows of one type,
 * `step_us` microseconds apart going back from `newest`, so many share one millisecond.
 */
async function insertPayments(input: {
  count: number;
  userId: number;
  type: 'DISBURSEMENT' | 'WITHDRAWAL' | 'REPAYMENT' | 'DEPOSIT';
  status: 'COMPLETED' | 'FAILED';
  newest: string;
  stepMicroseconds: number;
  amount: number;
  tag: string;
}) {
  const direction = input.type === 'DISBURSEMENT' || input.type === 'WITHDRAWAL' ? 'CREDIT' : 'DEBIT';
  await t.db.database.db.execute(sql`
    insert into platform_transactions
      (reference_id, request_key, user_id, type, direction, amount, status, provider, phone_number,
       description, category, created_at, updated_at, completed_at)
    select ${input.tag} || '-' || n, ${input.tag} || ':' || n, ${input.userId}, ${input.type},
           ${direction}, ${input.amount}, ${input.status}, 'mtn', '+256772123456',
           ${`${input.type} test`}, 'test',
           ${input.newest}::timestamptz - make_interval(secs => n * ${input.stepMicroseconds} / 1000000.0),
           now(), now()
    from generate_series(0, ${input.count - 1}) as n`);
}

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await t.userWithToken('admin')).token;
  borrowerId = (await t.userWithToken('borrower', { name: 'Nakâto Sarah', email: 'nakato@example.ug' })).user
    .id;
  lenderId = (await t.userWithToken('lender', { name: 'Okello, James', email: 'okello@example.ug' })).user.id;
  // 1,100 repayments 7 µs apart (about 140 to a millisecond) on 2026-03-10 in Kampala: three pages.
  await insertPayments({
    count: 1100,
    userId: borrowerId,
    type: 'REPAYMENT',
    status: 'COMPLETED',
    newest: '2026-03-10T12:00:00Z',
    stepMicroseconds: 7,
    amount: 67_385,
    tag: 'rep',
  });
  // A payout at 23:59:59.999999 on 9 March in Kampala and a failed withdrawal at 00:00 on 11 March.
  await insertPayments({
    count: 1,
    userId: borrowerId,
    type: 'DISBURSEMENT',
    status: 'COMPLETED',
    newest: '2026-03-09T20:59:59.999999Z',
    stepMicroseconds: 1,
    amount: 2_000_000,
    tag: 'pay',
  });
  await insertPayments({
    count: 1,
    userId: lenderId,
    type: 'WITHDRAWAL',
    status: 'FAILED',
    newest: '2026-03-10T21:00:00Z',
    stepMicroseconds: 1,
    amount: 500_000,
    tag: 'wdr',
  });
  await insertPayments({
    count: 2,
    userId: lenderId,
    type: 'DEPOSIT',
    status: 'COMPLETED',
    newest: '2026-03-11T08:00:00Z',
    stepMicroseconds: 1000,
    amount: 1_000_000,
    tag: 'dep',
  });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/wallet/admin/all-transactions/export/', () => {
  it('streams every transaction once, newest first, across keyset pages that split a millisecond', async () => {
    const res = await get(EXPORT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions-all.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [header, ...rows] = linesOf(res.body);
    expect(header).toEqual([
      'Transaction ID',
      'Created At',
      'Completed At',
      'User',
      'Email',
      'Type',
      'Direction',
      'Amount (UGX)',
      'Status',
      'Loan',
      'Provider',
      'Provider Reference',
      'Phone',
      'Description',
    ]);
    const references = rows.map((row) => row[0]);
    expect(references).toHaveLength(1104);
    expect(new Set(references).size).toBe(1104);
    const [expected] = await selectRows<{ ids: string[] }>(
      t.db.database.db,
      sql`select array_agg(reference_id order by created_at desc, id desc) as ids from platform_transactions`,
    );
    expect(references).toEqual(expected?.ids);
  });

  it('signs amounts from the platform side as plain numbers and writes times as ISO in Kampala time', async () => {
    const res = await get(`${EXPORT}?from=2026-03-09&to=2026-03-09`);
    const [, payout] = linesOf(res.body);
    expect(payout?.slice(1, 10)).toEqual([
      '2026-03-09T23:59:59+03:00',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/),
      'Nakâto Sarah',
      'nakato@example.ug',
      'DISBURSEMENT',
      'OUT',
      '-2000000',
      'COMPLETED',
      '',
    ]);
    const deposits = linesOf((await get(`${EXPORT}?type=DEPOSIT`)).body).slice(1);
    expect(deposits.map((row) => [row[6], row[7]])).toEqual([
      ['IN', '1000000'],
      ['IN', '1000000'],
    ]);
    const repayment = linesOf((await get(`${EXPORT}?type=REPAYMENT&from=2026-03-10&to=2026-03-10`)).body)[1];
    expect(repayment?.slice(6, 8)).toEqual(['IN', '67385']);
  });

  it('keeps both days of the range in Kampala time and nothing outside it', async () => {
    const countOf = async (query: string) => linesOf((await get(`${EXPORT}?${query}`)).body).length - 1;
    expect(await countOf('from=2026-03-10&to=2026-03-10')).toBe(1100);
    expect(await countOf('from=2026-03-09&to=2026-03-10')).toBe(1101);
    expect(await countOf('from=2026-03-11')).toBe(3);
    expect(await countOf('to=2026-03-09')).toBe(1);
    expect(await countOf('from=2026-03-12')).toBe(0);
    const named = await get(`${EXPORT}?from=2026-03-09&to=2026-03-10`);
    expect(named.headers['content-disposition']).toBe(
      'attachment; filename="transactions-2026-03-09-2026-03-10.csv"',
    );
  });

  it('exports exactly what the list filters match: status, type, user and search', async () => {
    const cases: [string, number][] = [
      ['status=FAILED', 1],
      ['type=withdrawals', 1],
      [`user=${lenderId}`, 3],
      ['search=okello', 3],
      // rep-10, rep-100…rep-109 and rep-1000…rep-1099 start with it.
      ['search=rep-10', 111],
      ['search=okello&type=DEPOSIT&status=COMPLETED', 2],
    ];
    for (const [query, count] of cases) {
      const exported = linesOf((await get(`${EXPORT}?${query}`)).body).slice(1);
      expect(exported.length, query).toBe(count);
    }
    // A search counts its rows, so the list's total must agree with the export.
    const list = await get('/api/wallet/admin/all-transactions/?search=rep-10');
    expect(list.json().pagination.total_count).toBe(111);
    const quoted = linesOf((await get(`${EXPORT}?search=okello&type=DEPOSIT`)).body)[1];
    expect(quoted?.slice(3, 5)).toEqual(['Okello, James', 'okello@example.ug']);
  });

  it('answers 400 to an impossible date, a range that ends before it starts, or an unknown status', async () => {
    for (const query of [
      'from=2026-02-30',
      'from=2026-03-10&to=2026-03-09',
      'to=10-03-2026',
      'status=LOST',
    ]) {
      const res = await get(`${EXPORT}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('answers 403 to a borrower', async () => {
    const borrower = await t.userWithToken('borrower');
    expect((await get(EXPORT, borrower.token)).statusCode).toBe(403);
  });
});
