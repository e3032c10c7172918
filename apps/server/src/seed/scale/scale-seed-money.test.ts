import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../../test/test-db.ts';
import type { Sink, Value } from './bulk-sink.ts';
import { Prng } from './prng.ts';
import { silentProgress } from './progress.ts';
import { MONEY_TABLES, moneyWriter } from './scale-money.ts';
import type { Person } from './scale-people.ts';
import { seedAtScale } from './scale-seed.ts';
import { Ids } from './tables.ts';

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
      { scale: 1, seed: 5, today: '2026-06-15', password: 'scale-test-password', progress: silentProgress },
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

  it('holds in loans receivable the principal still owed, in interest income the interest of platform-funded shares, in fee income the fees', async () => {
    const [row] = (
      await client.query(
        `select (select balance from ledger_accounts where code = 'LOANS_RECEIVABLE') as receivable,
                (select sum(amount - principal_paid) from loans) as owed,
                (select -balance from ledger_accounts where code = 'INTEREST_INCOME') as income,
                (select sum(interest_paid) from participations where lender_id is null) as interest,
                (select -balance from ledger_accounts where code = 'FEE_INCOME') as fee_income,
                (select sum(fees_paid) from participations) as fees,
                (select sum(balance) from ledger_accounts where code like 'PROVIDER_CLEARING:%') as clearing,
                (select coalesce(sum(amount), 0) from platform_transactions
                  where type in ('DISBURSEMENT', 'WITHDRAWAL') and status in ('PENDING', 'PROCESSING')) as in_flight`,
      )
    ).rows as Record<string, string>[];
    expect(row?.receivable).toBe(row?.owed);
    expect(row?.income).toBe(row?.interest);
    expect(Number(row?.fees)).toBeGreaterThan(0);
    expect(row?.fee_income).toBe(row?.fees);
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

  it("funds loans by 1 to 8 lenders or by the platform alone, at the accepted offer's terms", async () => {
    const [shape] = (
      await client.query(
        `select count(*) filter (where lenders = 0)::int as platform,
                count(*) filter (where lenders > 0)::int as by_lenders,
                count(*) filter (where lenders > 1)::int as shared,
                max(parts)::int as most, min(parts)::int as fewest,
                count(*) filter (where lenders > 0 and lenders <> parts)::int as mixed
           from (select loan_id, count(*) as parts, count(lender_id) as lenders from participations group by loan_id) x`,
      )
    ).rows as Record<string, number>[];
    expect(shape?.platform).toBeGreaterThan(0);
    expect(shape?.by_lenders).toBeGreaterThan(0);
    expect(shape?.shared).toBeGreaterThan(0);
    expect(shape?.fewest).toBe(1);
    expect(shape?.most).toBeLessThanOrEqual(8);
    expect(shape?.mixed).toBe(0);
    // A lender-funded loan is the accepted offer: its amount, its rate, its fills, a DISBURSED listing.
    expect(
      await count(
        client,
        `select count(*) as n from loans l
           join (select distinct loan_id from participations where lender_id is not null) p on p.loan_id = l.id
           left join listings li on li.application_id = l.application_id
           left join offers o on o.listing_id = li.id and o.status = 'ACCEPTED'
          where li.status is distinct from 'DISBURSED' or o.amount <> l.amount
             or round(l.interest_rate * 100)::int <> o.rate_bp or o.term_weeks <> l.term_weeks
             or o.weekly_repayment <> l.weekly_repayment or o.total_payable <> l.total_payable
             or exists (select 1 from participations x where x.loan_id = l.id and not exists
                          (select 1 from offer_fills f where f.offer_id = o.id and f.bid_id = x.bid_id
                             and f.lender_id = x.lender_id and f.amount = x.principal_share))`,
      ),
    ).toBe(0);
    // Every lender's fee is its share of the interest times the fee, within a shilling per repayment.
    expect(
      await count(
        client,
        `select count(*) as n from participations where lender_id is not null
           and (fees_paid > interest_paid or abs(fees_paid - interest_paid * 0.10) > 1 + (select max(repayment_count) from loans))`,
      ),
    ).toBe(0);
  });

  it('reserves for each lender exactly its live bids and the accepted bids of listings not yet paid out', async () => {
    expect(
      await count(
        client,
        `select count(*) as n from ledger_accounts a
          left join (
            select lender_id, sum(amount) as held from (
              select b.lender_id, b.amount from bids b where b.status = 'LIVE'
              union all
              select f.lender_id, f.amount from offer_fills f join offers o on o.id = f.offer_id
                join listings l on l.id = o.listing_id where o.status = 'ACCEPTED' and l.status = 'FUNDED') h
             group by lender_id) r on a.code = 'LENDER_RESERVED:' || r.lender_id
          where a.code like 'LENDER_RESERVED:%' and -a.balance <> coalesce(r.held, 0)`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from ledger_accounts where code like 'LENDER_%' and balance > 0`,
      ),
    ).toBe(0);
  });

  it('has listings in every state, each with the bids and offers that state implies', async () => {
    const states = (
      await client.query(`select status::text as v, count(*)::int as n from listings group by 1 order by 1`)
    ).rows as { v: string; n: number }[];
    expect(states.map((r) => r.v)).toEqual(
      expect.arrayContaining(['DISBURSED', 'EXPIRED', 'OFFERED', 'OPEN']),
    );
    expect(
      await count(
        client,
        `select count(*) as n from listings l
          where (l.status = 'OPEN' and (l.closed_at is not null
                   or exists (select 1 from offers o where o.listing_id = l.id)
                   or exists (select 1 from bids b where b.listing_id = l.id and b.status <> 'LIVE')))
             or (l.status = 'OFFERED' and not exists (select 1 from offers o where o.listing_id = l.id and o.status = 'OPEN'))
             or (l.status in ('FUNDED', 'DISBURSED')
                 and not exists (select 1 from offers o where o.listing_id = l.id and o.status = 'ACCEPTED'))
             or (l.status = 'EXPIRED' and exists (select 1 from bids b where b.listing_id = l.id and b.status in ('LIVE', 'ACCEPTED')))
             or (l.status <> 'OPEN' and l.closed_at is null)
             or (select status::text from applications a where a.id = l.application_id) <> 'APPROVED'
             or (l.status = 'DISBURSED') <> exists (select 1 from loans x join participations p on p.loan_id = x.id
                                                     where x.application_id = l.application_id and p.lender_id is not null)`,
      ),
    ).toBe(0);
    expect(await count(client, `select count(*) as n from bids where automatic`)).toBeGreaterThan(0);
    expect(await count(client, `select count(*) as n from auto_invest_rules`)).toBeGreaterThan(0);
    expect(
      await count(client, `select count(*) as n from lender_profiles where verified_at is not null`),
    ).toBeGreaterThan(0);
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

  it('names an admin of the seed as who paid out every loan and asked for every payout, and nobody for what borrowers and lenders start', async () => {
    const [disbursed] = (
      await client.query(
        `select count(*)::int as loans,
                count(*) filter (where u.role = 'admin')::int as by_admin,
                count(*) filter (where t.requested_by_id = l.disbursed_by_id)::int as same_admin,
                count(distinct l.disbursed_by_id)::int as admins
         from loans l
         left join users u on u.id = l.disbursed_by_id
         left join platform_transactions t on t.id = l.disbursement_transaction_id`,
      )
    ).rows as { loans: number; by_admin: number; same_admin: number; admins: number }[];
    expect(disbursed?.loans).toBeGreaterThan(500);
    expect(disbursed?.by_admin).toBe(disbursed?.loans);
    expect(disbursed?.same_admin).toBe(disbursed?.loans);
    // Every admin of the seed pays some out, not one admin all of them.
    expect(disbursed?.admins).toBe(
      await count(client, `select count(*) as n from users where role = 'admin'`),
    );
    expect(
      await count(
        client,
        `select count(*) as n from platform_transactions t left join users u on u.id = t.requested_by_id
         where t.type = 'DISBURSEMENT' and (u.id is null or u.role <> 'admin')`,
      ),
    ).toBe(0);
    expect(
      await count(
        client,
        `select count(*) as n from platform_transactions where type <> 'DISBURSEMENT' and requested_by_id is not null`,
      ),
    ).toBe(0);
    // Payouts that made no loan (failed, or still on their way) name their admin too.
    expect(
      await count(
        client,
        `select count(*) as n from platform_transactions where type = 'DISBURSEMENT' and loan_id is null`,
      ),
    ).toBeGreaterThan(0);
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
    // Day by day and shilling by shilling, as the ledger service adds a posting to its day: the
    // gross of its positive lines, a reversal taken off the kind it reverses.
    expect(
      await count(
        client,
        `select count(*) as n from ledger_daily_totals d full join (
           select kind, day, sum(gross) as amount, sum(n) as postings from (
             select coalesce(r.kind, p.kind) as kind,
                    ((p.created_at at time zone 'UTC') + interval '3 hours')::date as day,
                    case when p.reverses_posting_id is null then e.gross else -e.gross end as gross,
                    case when p.reverses_posting_id is null then 1 else -1 end as n
               from ledger_postings p
               join (select posting_id, sum(amount) filter (where amount > 0) as gross
                       from ledger_entries group by posting_id) e on e.posting_id = p.id
               left join ledger_postings r on r.id = p.reverses_posting_id) x
           group by kind, day) s on s.kind = d.kind and s.day = d.day
         where d.kind is null or s.kind is null or d.amount <> s.amount or d.postings <> s.postings`,
      ),
    ).toBe(0);
    expect(await count(client, 'select count(*) as n from ledger_daily_totals')).toBeGreaterThan(100);
  });
});

describe('seed --scale, the payments’ request keys', () => {
  it('gives two deposits of one lender at one instant two request keys', () => {
    // A lender covering two bids made soon after its verification may deposit for both a minute
    // before it: at a million users that made two keys alike, and the seed failed on rebuilding the
    // unique index.
    const keys: Value[] = [];
    const sink: Sink = {
      add: (table, values) => {
        if (table === MONEY_TABLES.transactions)
          keys.push(values[table.columns.indexOf('request_key')] ?? null);
      },
      flush: async () => {},
      finish: async () => {},
      counts: new Map(),
    };
    const now = Date.parse('2026-06-15T09:00:00Z');
    const writer = moneyWriter(new Prng(7), sink, new Ids(), now, 0);
    const lender: Person = {
      id: 42,
      role: 'lender',
      name: 'Okot',
      surname: 'Denis',
      female: false,
      phone: '+256772000042',
      provider: 'mtn',
      district: { name: 'Gulu', areas: ['Layibi'] },
      registeredAt: now - 86_400_000,
      closedAt: null,
      searchText: 'okot denis +256772000042',
    };
    writer.fundingDeposit(lender, 500_000, now - 60_000);
    writer.fundingDeposit(lender, 750_000, now - 60_000);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(2);
  });
});
