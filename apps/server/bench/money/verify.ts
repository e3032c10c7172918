/**
 * What `bench:money` proves after driving money through the app: every payment it settled was
 * settled exactly once, the ledger still sums to zero, and the loans agree with their
 * participations and the lenders' invested accounts with their outstanding principal. A benchmark
 * that got fast by settling twice, or by losing a posting under load, must fail here, not report a
 * number (`test/money-bench-verify.test.ts` proves that it does). Plain SQL through the app's
 * database handle, so it runs on PostgreSQL and PGlite alike.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client.ts';
import { selectRows } from '../../src/db/select-rows.ts';

export interface MoneyProblems {
  /** Payments that are not COMPLETED (or do not exist). */
  readonly notCompleted: number[];
  /** Payments with other than one settlement posting or other than one allocated repayment. */
  readonly settledOtherThanOnce: { paymentId: number; postings: number; repayments: number }[];
  /** Payments whose money went to suspense instead of the loan. */
  readonly inSuspense: number[];
  /** The sum of every entry in the ledger: 0. */
  readonly ledgerTotal: number;
  /** Postings of these payments whose lines do not sum to zero. */
  readonly unbalancedPostings: number[];
  /** Accounts these payments touched whose running balance is not the sum of their entries. */
  readonly driftedAccounts: string[];
  /** Loans whose principal or interest paid differs from the sums over their participations. */
  readonly loansNotMatchingParticipations: number[];
  /** Lenders of these loans whose LENDER_INVESTED is not minus their principal outstanding. */
  readonly investedNotMatching: string[];
}

const list = (ids: readonly number[]): SQL =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Checks the settled payments and their loans; `ids` must not be empty. */
export async function verifySettlements(
  db: DbOrTx,
  input: { paymentIds: readonly number[]; loanIds: readonly number[] },
): Promise<MoneyProblems> {
  const payments = list(input.paymentIds);
  const loans = list(input.loanIds);
  const notCompleted = await selectRows<{ id: number }>(
    db,
    sql`select id from platform_transactions where id in (${payments}) and status <> 'COMPLETED'`,
  );
  const settled = await selectRows<{ id: number; postings: number; repayments: number }>(
    db,
    sql`select p.id,
          (select count(*)::int from ledger_postings lp
            where lp.platform_transaction_id = p.id and lp.kind in ('REPAYMENT', 'OVERPAYMENT', 'SUSPENSE')) as postings,
          (select count(*)::int from loan_repayments r where r.platform_transaction_id = p.id) as repayments
        from platform_transactions p where p.id in (${payments})`,
  );
  const inSuspense = await selectRows<{ id: number }>(
    db,
    sql`select id from platform_transactions where id in (${payments}) and attention_reason is not null`,
  );
  const [total] = await selectRows<{ total: string | null }>(
    db,
    sql`select sum(amount)::text as total from ledger_entries`,
  );
  const unbalanced = await selectRows<{ id: number }>(
    db,
    sql`select lp.id from ledger_postings lp join ledger_entries e on e.posting_id = lp.id
        where lp.platform_transaction_id in (${payments})
        group by lp.id having sum(e.amount) <> 0 or count(*) < 2`,
  );
  const drifted = await selectRows<{ code: string }>(
    db,
    sql`select a.code from ledger_accounts a
        where a.id in (select e.account_id from ledger_entries e join ledger_postings lp on lp.id = e.posting_id
                       where lp.platform_transaction_id in (${payments}))
          and a.balance <> (select coalesce(sum(e.amount), 0) from ledger_entries e where e.account_id = a.id)`,
  );
  const mismatched = await selectRows<{ id: number }>(
    db,
    sql`select l.id from loans l
        join (select loan_id, sum(principal_repaid) as principal, sum(interest_paid) as interest
              from participations group by loan_id) s on s.loan_id = l.id
        where l.id in (${loans}) and (s.principal <> l.principal_paid or s.interest <> l.interest_paid)
        union all
        select l.id from loans l where l.id in (${loans})
          and not exists (select 1 from participations p where p.loan_id = l.id)`,
  );
  const invested = await selectRows<{ code: string }>(
    db,
    sql`select 'LENDER_INVESTED:' || o.lender_id as code
        from (select lender_id, sum(principal_share - principal_repaid) as outstanding
              from participations
              where lender_id in (select lender_id from participations where loan_id in (${loans}) and lender_id is not null)
              group by lender_id) o
        left join ledger_accounts a on a.code = 'LENDER_INVESTED:' || o.lender_id
        where coalesce(a.balance, 0) <> -o.outstanding`,
  );
  const found = new Set(settled.map((r) => Number(r.id)));
  return {
    notCompleted: [
      ...notCompleted.map((r) => Number(r.id)),
      ...input.paymentIds.filter((id) => !found.has(id)),
    ],
    settledOtherThanOnce: settled
      .filter((r) => Number(r.postings) !== 1 || Number(r.repayments) !== 1)
      .map((r) => ({
        paymentId: Number(r.id),
        postings: Number(r.postings),
        repayments: Number(r.repayments),
      })),
    inSuspense: inSuspense.map((r) => Number(r.id)),
    ledgerTotal: Number(total?.total ?? 0),
    unbalancedPostings: unbalanced.map((r) => Number(r.id)),
    driftedAccounts: drifted.map((r) => r.code),
    loansNotMatchingParticipations: mismatched.map((r) => Number(r.id)),
    investedNotMatching: invested.map((r) => r.code),
  };
}

/** One line per kind of problem found; empty when the money is right. */
export function describeProblems(found: MoneyProblems): string[] {
  const lines: string[] = [];
  const some = (ids: readonly (number | string)[]) =>
    `${ids.length} (${ids.slice(0, 5).join(', ')}${ids.length > 5 ? ', …' : ''})`;
  if (found.notCompleted.length) lines.push(`payments not COMPLETED: ${some(found.notCompleted)}`);
  if (found.settledOtherThanOnce.length)
    lines.push(
      `payments not settled exactly once: ${some(found.settledOtherThanOnce.map((r) => `${r.paymentId}: ${r.postings} postings, ${r.repayments} repayments`))}`,
    );
  if (found.inSuspense.length) lines.push(`payments in suspense: ${some(found.inSuspense)}`);
  if (found.ledgerTotal !== 0) lines.push(`the ledger sums to ${found.ledgerTotal}, not 0`);
  if (found.unbalancedPostings.length) lines.push(`unbalanced postings: ${some(found.unbalancedPostings)}`);
  if (found.driftedAccounts.length)
    lines.push(`balances that differ from their entries: ${some(found.driftedAccounts)}`);
  if (found.loansNotMatchingParticipations.length)
    lines.push(`loans that differ from their participations: ${some(found.loansNotMatchingParticipations)}`);
  if (found.investedNotMatching.length)
    lines.push(
      `invested accounts that differ from the principal outstanding: ${some(found.investedNotMatching)}`,
    );
  return lines;
}

/** Applications disbursed other than exactly once: loans, completed payouts and settlement postings per application. */
export async function verifyDisbursements(
  db: DbOrTx,
  applicationIds: readonly number[],
): Promise<{ applicationId: number; loans: number; payouts: number; postings: number; open: number }[]> {
  const rows = await selectRows<{
    id: number;
    loans: number;
    payouts: number;
    postings: number;
    open: number;
  }>(
    db,
    // The payouts first (one pass over the disbursements), then per application.
    sql`with payouts as materialized (
          select id, application_id, status from platform_transactions
          where type = 'DISBURSEMENT' and application_id in (${list(applicationIds)}))
        select a.id,
          (select count(*)::int from loans l where l.application_id = a.id) as loans,
          (select count(*)::int from payouts p where p.application_id = a.id and p.status = 'COMPLETED') as payouts,
          (select count(*)::int from payouts p join ledger_postings lp on lp.platform_transaction_id = p.id
            where p.application_id = a.id and lp.kind = 'DISBURSEMENT') as postings,
          (select count(*)::int from payouts p
            where p.application_id = a.id and p.status in ('PENDING', 'PROCESSING')) as open
        from applications a where a.id in (${list(applicationIds)})`,
  );
  const seen = new Set(rows.map((r) => Number(r.id)));
  return [
    ...rows
      .map((r) => ({
        applicationId: Number(r.id),
        loans: Number(r.loans),
        payouts: Number(r.payouts),
        postings: Number(r.postings),
        open: Number(r.open),
      }))
      .filter((r) => r.loans !== 1 || r.payouts !== 1 || r.postings !== 1 || r.open !== 0),
    ...applicationIds
      .filter((id) => !seen.has(id))
      .map((id) => ({ applicationId: id, loans: 0, payouts: 0, postings: 0, open: 0 })),
  ];
}
