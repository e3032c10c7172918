import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type PostgresTestDatabase } from '../../test/test-db.ts';
import { silentProgress } from '../seed/scale/progress.ts';
import { seedAtScale } from '../seed/scale/scale-seed.ts';

/** The counters as the triggers left them (summed over their slots), and as counting the rows gives them. */
const COMPARE = `
  select 'users' as what, s::text as key,
         (select open_count from user_status_counts where status = s) as kept,
         (select count(*) from users where status = s and deleted_at is null) as counted
    from unnest(enum_range(null::user_status)) s
  union all
  select 'applications', s::text, (select count from application_status_counts where status = s),
         (select count(*) from applications where status = s)
    from unnest(enum_range(null::application_status)) s
  union all
  select 'loans ' || f, s::text,
         (select case f when 'count' then sum(count) when 'amount' then sum(amount) when 'payable' then sum(total_payable)
                        when 'payments' then sum(total_payments) else sum(repayment_count) end from loan_status_totals where status = s),
         (select case f when 'count' then count(*) when 'amount' then sum(amount) when 'payable' then sum(total_payable)
                        when 'payments' then sum(total_payments) else sum(repayment_count) end from loans where status = s)
    from unnest(enum_range(null::loan_status)) s, unnest(array['count', 'amount', 'payable', 'payments', 'repayments']) f
  union all
  select 'repayments on ' || d::text, 'on time / late',
         (select sum(on_time) * 1000000 + sum(late) from repayment_daily_counts where day = d),
         (select count(*) filter (where days_late_at_payment = 0) * 1000000 + count(*) filter (where days_late_at_payment > 0)
            from loan_repayments where ((paid_at at time zone 'UTC') + interval '3 hours')::date = d)
    from (select distinct ((paid_at at time zone 'UTC') + interval '3 hours')::date as d from loan_repayments) days
  union all
  select 'unpaid installments due', d::text,
         (select sum(count) from unpaid_installment_counts where due_date = d),
         (select count(*) from loan_installments where due_date = d
            and (principal_paid < principal_due or interest_paid < interest_due))
    from (select due_date as d from loan_installments union select due_date from unpaid_installment_counts) days
  union all
  select 'loans in arrears since', d::text,
         (select sum(count) from arrears_counts where oldest_unpaid_due_date = d),
         (select count(*) from loans where oldest_unpaid_due_date = d and status <> 'FULLY_PAID')
    from (select oldest_unpaid_due_date as d from loans where oldest_unpaid_due_date is not null
          union select oldest_unpaid_due_date from arrears_counts) days
  union all
  select 'ledger posted of all time', k,
         (select sum(amount) * 1000000 + sum(postings) from ledger_kind_totals where kind = k),
         (select sum(amount) * 1000000 + sum(postings) from ledger_daily_totals where kind = k)
    from (select kind as k from ledger_daily_totals union select kind from ledger_kind_totals) kinds
  union all
  select 'listings', s::text, (select sum(count) from listing_status_counts where status = s),
         (select count(*) from listings where status = s)
    from unnest(enum_range(null::listing_status)) s
  union all
  select 'bids ' || f, s::text,
         (select case f when 'count' then sum(count) else sum(amount) end from bid_status_totals where status = s),
         (select case f when 'count' then count(*) else sum(amount) end from bids where status = s)
    from unnest(enum_range(null::bid_status)) s, unnest(array['count', 'amount']) f
  union all
  select 'live or accepted bids of lender', coalesce(k.lender_id, c.lender_id)::text, k.count, c.count
    from lender_active_bids k
    full join (select lender_id, count(*) as count from bids where status in ('LIVE', 'ACCEPTED') group by lender_id) c
      on c.lender_id = k.lender_id
  union all
  select 'offers ' || f, s::text,
         (select case f when 'count' then sum(count) when 'amount' then sum(amount) else sum(rate_amount) end
            from offer_status_totals where status = s),
         (select case f when 'count' then count(*) when 'amount' then sum(amount) else sum(rate_bp::bigint * amount) end
            from offers where status = s)
    from unnest(enum_range(null::offer_status)) s, unnest(array['count', 'amount', 'rate']) f
  union all
  select 'lent on', d::text, (select sum(amount) from lent_daily_totals where day = d),
         (select sum(principal_share) from participations
           where lender_id is not null and ((created_at at time zone 'UTC') + interval '3 hours')::date = d)
    from (select ((created_at at time zone 'UTC') + interval '3 hours')::date as d from participations
          union select day from lent_daily_totals) days
  union all
  select 'lender cash flows of account ' || coalesce(k.account_id, c.account_id), coalesce(k.day, c.day)::text,
         k.amount, c.amount
    from lender_cash_flow_days k
    full join (
      select e.account_id, ((e.created_at at time zone 'UTC') + interval '3 hours')::date as day, sum(e.amount) as amount
        from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_postings p on p.id = e.posting_id
       where (a.code like 'LENDER\\_INVESTED:%' and p.kind <> 'REPAYMENT_SHARE')
          or (a.code like 'USER\\_WALLET:%' and p.kind = 'REPAYMENT_SHARE')
       group by 1, 2) c on c.account_id = k.account_id and c.day = k.day
  union all
  select 'lender cash flows of a month gone by, account ' || coalesce(m.account_id, d.account_id), coalesce(m.day, d.day)::text,
         m.amount, d.amount
    from (select account_id, u.day, u.amount from lender_cash_flow_months,
                 unnest(days, amounts) u (day, amount)
           where date_trunc('month', u.day) = month) m
    full join (select account_id, day, amount from lender_cash_flow_days
                where day < (select before from lender_cash_flow_compaction)) d
      on d.account_id = m.account_id and d.day = m.day
  union all
  select 'open lenders', case when v then 'verified' else 'not verified' end,
         (select sum(count) from lender_counts where verified = v),
         (select count(*) from users u left join lender_profiles lp on lp.user_id = u.id
           where u.role = 'lender' and u.deleted_at is null and (lp.verified_at is not null) = v)
    from unnest(array[true, false]) v
  union all
  select 'shares whose copy of their loan''s status is not the loan''s', 'shares',
         (select count(*) from participations p join loans l on l.id = p.loan_id where p.loan_status <> l.status), 0
  union all
  select 'audit log rows of action', coalesce(k.action, c.action), k.count, c.count
    from (select action, sum(count) as count from audit_action_counts group by action) k
    full join (select action, count(*) as count from audit_log group by action) c on c.action = k.action
  union all
  select 'rows holding the word, in ' || coalesce(k.list, c.list), coalesce(k.word, c.word), k.holders, c.holders
    from search_word_counts k
    full join (
      select list, word, count(*) as holders
        from (select distinct list, id, m[1] as word
                from (select 'users' as list, id, search_text from users where deleted_at is null
                      union all select 'applications', application_id, search_text from application_search_texts
                      union all select 'loans', loan_id, search_text from loan_search_texts) texts,
                     regexp_matches(search_text, '(?<![a-z0-9])[a-z]{2,}(?![a-z0-9])', 'g') m) words
       group by list, word) c on c.list = k.list and c.word = k.word`;

describe('the running counters behind the statistics', () => {
  let db: PostgresTestDatabase;
  let client: pg.Client;

  beforeAll(async () => {
    db = await createPostgresDatabase();
    await seedAtScale(
      { kind: 'postgres', url: db.url },
      {
        scale: 0.1,
        seed: 3,
        today: '2026-06-15',
        password: 'counter-test-password',
        progress: silentProgress,
      },
    );
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  async function mismatches() {
    const { rows } = await client.query(COMPARE);
    return rows.filter((r) => Number(r.kept ?? 0) !== Number(r.counted ?? 0));
  }

  it('match the rows after the bulk seed', async () => {
    // The seed copied the lenders' cash flows of the months before its today (2026-06-15) into month
    // rows, so the comparison covers them.
    const { rows } = await client.query(
      `select before::text, (select count(*) from lender_cash_flow_months)::int as months from lender_cash_flow_compaction`,
    );
    expect(rows[0]?.before).toBe('2026-06-01');
    expect(rows[0]?.months).toBeGreaterThan(0);
    // The recount rebuilds the days and, from them, the months copied so far: the same rows again.
    await client.query('select recount_counter_lender_cash_flows()');
    const { rows: again } = await client.query('select count(*)::int as months from lender_cash_flow_months');
    expect(again[0]?.months).toBe(rows[0]?.months);
    expect(await mismatches()).toEqual([]);
  });

  it('follow inserts, updates of many rows at once, closed accounts and deletes', async () => {
    await client.query('begin');
    await client.query(`update users set status = 'Inactive' where id % 7 = 0`);
    await client.query(`update users set deleted_at = now() where id % 11 = 0`);
    await client.query(
      `insert into users (name, email, username, password_hash) values ('Nakato Sarah', 'n@x.ug', 'nx', 'x')`,
    );
    await client.query(`update applications set status = 'REJECTED' where status = 'PENDING' and id % 2 = 0`);
    // Renamed people (their applications' and loans' texts follow), a business renamed, a sign-in.
    await client.query(`update users set name = 'Kansiime Okello-Nakato ' || id where id % 17 = 0`);
    await client.query(
      `update applications set business_name = business_name || ' Traders' where id % 19 = 0`,
    );
    await client.query(`update users set updated_at = now() where id % 5 = 0`);
    // Lenders: borrowers made lenders, verifications withdrawn and given, a profile made, one removed.
    await client.query(
      `update users set role = 'lender' where id in (select id from users where role = 'borrower' order by id limit 3)`,
    );
    await client.query(`update lender_profiles set verified_at = null where user_id % 3 = 0`);
    await client.query(
      `update lender_profiles set verified_at = now() where verified_at is null and user_id % 5 = 0`,
    );
    await client.query(
      `insert into lender_profiles (user_id, verified_at, updated_at)
       select id, now(), now() from users u where role = 'lender'
          and not exists (select 1 from lender_profiles lp where lp.user_id = u.id) order by id limit 2`,
    );
    await client.query(
      `delete from lender_profiles where user_id = (select min(user_id) from lender_profiles where verified_at is not null)`,
    );
    await client.query(
      `update loans set status = case when status = 'ACTIVE' then 'OVERDUE'::loan_status else status end,
                        total_payments = total_payments + 0, repayment_count = repayment_count + 1 where id % 3 = 0`,
    );
    // Arrears move: paid up to a later installment, settled in full, fallen behind afresh.
    await client.query(
      `update loans set oldest_unpaid_due_date = oldest_unpaid_due_date + 7 where id % 4 = 1 and oldest_unpaid_due_date is not null`,
    );
    await client.query(
      `update loans set status = 'FULLY_PAID', oldest_unpaid_due_date = null where id % 10 = 7`,
    );
    await client.query(
      // Only loans opened before that day: a loan's installments fall due after it opens (a check).
      `update loans set oldest_unpaid_due_date = date '2026-06-01'
        where id % 10 = 3 and status <> 'FULLY_PAID' and opening_date < timestamptz '2026-05-31 00:00+03'`,
    );
    await client.query(
      `insert into loan_repayments (loan_id, amount, principal, interest, paid_at, payment_mode, remaining_balance_after, days_late_at_payment)
       select id, 1000, 1000, 0, timestamptz '2026-06-14 10:00:00+03', 'Airtel Money', 0, id % 2 from loans where id % 5 = 0`,
    );
    // Installments paid, partly paid, paid back (a reversal) and newly scheduled.
    await client.query(
      `update loan_installments set principal_paid = principal_due, interest_paid = interest_due where id % 4 = 0`,
    );
    await client.query(`update loan_installments set interest_paid = 0 where id % 6 = 0`);
    await client.query(
      `insert into loan_installments (loan_id, number, due_date, principal_due, interest_due)
       select id, 1000, date '2026-07-01', 5000, 500 from loans where id % 9 = 0`,
    );
    await client.query(
      'delete from loan_status_history where loan_id in (select id from loans where id % 13 = 0)',
    );
    await client.query(
      `delete from loan_repayments where loan_id in (select id from loans where id % 13 = 0)`,
    );
    await client.query(
      `delete from loan_installments where loan_id in (select id from loans where id % 13 = 0)`,
    );
    await client.query(
      `delete from participations where loan_id in (select id from loans where id % 13 = 0)`,
    );
    await client.query(
      `update applications set approved_loan_id = null where approved_loan_id in (select id from loans where id % 13 = 0)`,
    );
    await client.query(
      `update platform_transactions set loan_id = null where loan_id in (select id from loans where id % 13 = 0)`,
    );
    await client.query(`delete from loans where id % 13 = 0`);
    // The marketplace: listings closed, bids withdrawn, raised and placed anew, offers declined, and
    // bids and offers nothing refers to deleted.
    await client.query(
      `update listings set status = 'EXPIRED' where status in ('OPEN', 'OFFERED') and id % 2 = 0`,
    );
    await client.query(`update bids set status = 'WITHDRAWN' where status = 'LIVE' and id % 3 = 0`);
    await client.query(`update bids set amount = amount + 1000 where id % 5 = 0`);
    await client.query(
      `insert into bids (listing_id, lender_id, round, amount, rate_bp, status, created_at, updated_at)
       select listing_id, lender_id, round, 50000, rate_bp, 'RELEASED', now(), now() from bids where id % 4 = 0`,
    );
    await client.query(`update offers set status = 'DECLINED' where status = 'OPEN' and id % 2 = 0`);
    await client.query(`update offers set amount = amount + 1000 where status = 'ACCEPTED' and id % 3 = 0`);
    await client.query(
      `delete from bids where id % 7 = 0 and id not in (select bid_id from offer_fills)
         and id not in (select bid_id from participations where bid_id is not null)`,
    );
    await client.query(
      `delete from offers where id % 7 = 0 and id not in (select offer_id from offer_fills)`,
    );
    // Participations: shares changed, some moved to the day before, and repayments recorded (which
    // must not move the days' totals); those of the deleted loans went above.
    await client.query(`update participations set principal_share = principal_share + 1000 where id % 5 = 0`);
    await client.query(
      `update participations set created_at = created_at - interval '1 day' where id % 6 = 0`,
    );
    await client.query(`update participations set principal_repaid = principal_repaid where id % 2 = 0`);
    // A share's copy of its loan's status cannot be written wrong, on insert or by an update.
    await client.query(
      `insert into participations (loan_id, lender_id, bid_id, rate_bp, principal_share, created_at, loan_status)
       select l.id, null, null, 1000, 1000, now(), 'DEFAULT' from loans l
        where l.id % 23 = 1 and not exists (select 1 from participations p where p.loan_id = l.id and p.lender_id is null)`,
    );
    await client.query(`update participations set loan_status = 'DEFAULT' where id % 8 = 0`);
    // A lender's money: a payout lent out at 23:30 and a repayment's share at 00:30 the next Kampala
    // day (still the same UTC date), and lines the return does not count: a share's principal back
    // on the invested account, and a deposit into the wallet.
    const { rows: lender } = await client.query(
      `select w.id as wallet, i.id as invested from ledger_accounts w
         join ledger_accounts i on i.code = 'LENDER_INVESTED:' || substr(w.code, 13)
        where w.code like 'USER\\_WALLET:%' order by w.id limit 1`,
    );
    const { wallet, invested } = lender[0];
    const platform = `(select id from ledger_accounts where code = 'PLATFORM_WALLET')`;
    const posted = async (key: string, kind: string, at: string, lines: string) => {
      const { rows } = await client.query(
        `insert into ledger_postings (idempotency_key, kind, memo, created_at)
         values ($1, $2, 'counters test', $3) returning id`,
        [key, kind, at],
      );
      await client.query(
        `insert into ledger_entries (posting_id, account_id, amount, created_at)
         select $1, account_id, amount, $2 from (values ${lines}) as v(account_id, amount)`,
        [rows[0].id, at],
      );
    };
    await posted(
      'counters-payout',
      'PAYOUT',
      '2026-06-14 23:30+03',
      `(${invested}, -50000), (${platform}, 50000)`,
    );
    await posted(
      'counters-share',
      'REPAYMENT_SHARE',
      '2026-06-15 00:30+03',
      `(${wallet}, -7000), (${invested}, 6000), (${platform}, 1000)`,
    );
    await posted(
      'counters-deposit',
      'DEPOSIT',
      '2026-06-15 00:40+03',
      `(${wallet}, -3000), (${platform}, 3000)`,
    );
    // The audit log: rows written, one's action changed and one deleted (neither is done, but
    // the count must survive them).
    await client.query(
      `insert into audit_log (action, entity_type, entity_id)
       select case when n % 3 = 0 then 'user.update' else 'auth.login' end, 'user', n::text from generate_series(1, 40) n`,
    );
    await client.query(
      `update audit_log set action = 'loan.disburse' where id = (select min(id) from audit_log)`,
    );
    await client.query(`delete from audit_log where id = (select max(id) from audit_log)`);
    await client.query('commit');
    const left = (await mismatches()).filter((r) => !String(r.what).startsWith('repayments'));
    expect(left).toEqual([]);
  });

  it('let two open transactions on different connections pay installments of the same due date without waiting for each other, and still sum right', async () => {
    // Two backends whose pids fall in different slots (counter_slot(): pid mod 64).
    const connections: pg.Client[] = [];
    const slotOf = async (c: pg.Client) => Number((await c.query('select counter_slot() as s')).rows[0].s);
    const slots = new Set<number>();
    while (connections.length < 2) {
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      const slot = await slotOf(c);
      if (slots.has(slot)) await c.end();
      else {
        slots.add(slot);
        connections.push(c);
      }
    }
    const [first, second] = connections as [pg.Client, pg.Client];
    try {
      const { rows } = await client.query(
        `select due_date::text as d from loan_installments where principal_paid < principal_due
         group by due_date having count(*) >= 2 order by due_date limit 1`,
      );
      const day = rows[0].d as string;
      const [a, b] = (
        await client.query(
          `select id from loan_installments where due_date = $1 and principal_paid < principal_due order by id limit 2`,
          [day],
        )
      ).rows.map((r) => Number(r.id));
      await first.query('begin');
      await first.query(
        'update loan_installments set principal_paid = principal_due, interest_paid = interest_due where id = $1',
        [a],
      );
      // Before slots this waited for `first` on the due date's one counter row: the lock timeout
      // turns such a wait into an error instead of a hang.
      await second.query('begin');
      await second.query(`set local lock_timeout = '10s'`);
      await second.query(
        'update loan_installments set principal_paid = principal_due, interest_paid = interest_due where id = $1',
        [b],
      );
      await second.query('commit');
      await first.query('commit');
      const written = await client.query(
        'select count(*)::int as n from unpaid_installment_counts where due_date = $1 and slot = any($2)',
        [day, [...slots]],
      );
      expect(written.rows[0].n).toBe(2);
      // (The repayments the test before deleted stay counted: that counter follows inserts only.)
      expect((await mismatches()).filter((r) => !String(r.what).startsWith('repayments'))).toEqual([]);
    } finally {
      await Promise.all(connections.map((c) => c.end()));
    }
  });
});
