import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../../test/test-db.ts';
import { silentProgress } from './progress.ts';
import { seedAtScale } from './scale-seed.ts';

async function count(client: pg.Client, text: string): Promise<number> {
  return Number((await client.query(text)).rows[0]?.n);
}

describe('seed --scale, the money', () => {
  let db: PostgresTestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createPostgresDatabase();
    await seedAtScale(
      { kind: 'postgres', url: db.url },
      { scale: 0.3, seed: 5, today: '2026-06-15', password: 'scale-test-password', progress: silentProgress },
    );
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  it('balances every posting, each with at least two lines', async () => {
    expect(
      await count(
        client,
        `select count(*) as n from (select posting_id from ledger_entries group by posting_id
           having sum(amount) <> 0 or count(*) < 2) x`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from ledger_postings p where not exists (select 1 from ledger_entries e where e.posting_id = p.id)`,
      ),
    ).toBe(0);
  });

  it('keeps every account balance equal to the sum of its entries, and the books at zero', async () => {
    expect(
      await count(
        client,
        `select count(*) as n from ledger_accounts a
         where a.balance <> coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id), 0)`,
      ),
    ).toBe(0);
    expect(await count(client, 'select sum(balance) as n from ledger_accounts')).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from ledger_accounts where user_id is not null and balance > 0`,
      ),
    ).toBe(0);
  });

  it('holds in loans receivable the principal still owed, and in interest income the interest paid', async () => {
    const [row] = (
      await client.query(
        `select (select balance from ledger_accounts where code = 'LOANS_RECEIVABLE') as receivable,
                (select sum(amount - principal_paid) from loans) as owed,
                (select -balance from ledger_accounts where code = 'INTEREST_INCOME') as income,
                (select sum(interest_paid) from loans) as interest,
                (select sum(balance) from ledger_accounts where code like 'PROVIDER_CLEARING:%') as clearing,
                (select coalesce(sum(amount), 0) from platform_transactions
                  where type in ('DISBURSEMENT', 'WITHDRAWAL') and status in ('PENDING', 'PROCESSING')) as in_flight`,
      )
    ).rows as Record<string, string>[];
    expect(row?.receivable).toBe(row?.owed);
    expect(row?.income).toBe(row?.interest);
    expect(row?.clearing).toBe(row?.in_flight);
  });

  it('gives every loan participations whose sums equal the loan, and what lenders lent equals their accounts', async () => {
    expect(
      await count(
        client,
        `select count(*) as n from loans l
          left join (select loan_id, sum(principal_share) share, sum(principal_repaid) repaid, sum(interest_paid) interest
                       from participations group by loan_id) p on p.loan_id = l.id
          where p.loan_id is null or p.share <> l.amount or p.repaid <> l.principal_paid or p.interest <> l.interest_paid`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from (select lender_id, sum(principal_share - principal_repaid) outstanding
                                      from participations where lender_id is not null group by lender_id) p
          left join ledger_accounts a on a.code = 'LENDER_INVESTED:' || p.lender_id
          where coalesce(-a.balance, 0) <> p.outstanding`,
      ),
    ).toBe(0);
  });

  it('ties every repayment and every loan to the completed transaction that moved its money', async () => {
    expect(
      await count(
        client,
        `select count(*) as n from loan_repayments r left join platform_transactions t on t.id = r.platform_transaction_id
         where t.id is null or t.type <> 'REPAYMENT' or t.status <> 'COMPLETED' or t.loan_id <> r.loan_id or t.amount <> r.amount`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from loans l left join platform_transactions t on t.id = l.disbursement_transaction_id
         where t.id is null or t.type <> 'DISBURSEMENT' or t.status <> 'COMPLETED' or t.loan_id <> l.id
            or t.amount <> l.amount or t.application_id <> l.application_id`,
      ),
    ).toBe(0);
  });

  it('posts for completed transactions, reverses failed payouts and posts nothing for failed collections', async () => {
    // Net effect per transaction and account: failed ones leave nothing behind.
    expect(
      await count(
        client,
        `select count(*) as n from (select t.id from platform_transactions t join ledger_postings p on p.platform_transaction_id = t.id
           join ledger_entries e on e.posting_id = p.id where t.status = 'FAILED' group by t.id, e.account_id having sum(e.amount) <> 0) x`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from platform_transactions t where t.status = 'COMPLETED'
           and not exists (select 1 from ledger_postings p where p.platform_transaction_id = t.id and p.kind = t.type::text)`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from platform_transactions t where t.type in ('REPAYMENT', 'DEPOSIT') and t.status <> 'COMPLETED'
           and exists (select 1 from ledger_postings p where p.platform_transaction_id = t.id)`,
      ),
    ).toBe(0);
  });

  it('has every transaction type and status', async () => {
    const types = (
      await client.query('select distinct type::text as v from platform_transactions order by 1')
    ).rows;
    expect(types.map((r) => r.v)).toEqual(['DEPOSIT', 'DISBURSEMENT', 'REPAYMENT', 'WITHDRAWAL']);
    const statuses = (
      await client.query('select distinct status::text as v from platform_transactions order by 1')
    ).rows;
    expect(statuses.map((r) => r.v)).toEqual(['COMPLETED', 'FAILED', 'PENDING', 'PROCESSING']);
  });

  it('keeps the counters the financial screens read equal to the rows', async () => {
    expect(
      await count(
        client,
        `select count(*) as n from platform_transaction_totals c full join
           (select type, status, count(*) as n, sum(amount) as total from platform_transactions group by 1, 2) s
           on s.type = c.type and s.status = c.status
         where coalesce(c.count, 0) <> coalesce(s.n, 0) or coalesce(c.amount, 0) <> coalesce(s.total, 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from (select kind, sum(postings) as p from ledger_daily_totals group by kind) d
         full join (select p.kind, count(*) - count(*) filter (where p.id in (select reverses_posting_id from ledger_postings)) as p
                    from ledger_postings p where p.kind <> 'REVERSAL' group by p.kind) s on s.kind = d.kind
         where coalesce(d.p, 0) <> coalesce(s.p, 0)`,
      ),
    ).toBe(0);
  });
});
