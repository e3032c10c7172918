import { and, asc, count, desc, eq, gte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  bidStatusTotals,
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  lenderActiveBids,
  lenderCashFlowCompaction,
  lenderCashFlowDays,
  lenderCashFlowMonths,
  lentDailyTotals,
  listingStatusCounts,
  loans,
  offerStatusTotals,
  participations,
} from '../../db/schema/index.ts';
import { lenderInvested, userWallet } from '../ledger/ledger-accounts.ts';

export type LoanStatus = (typeof loans.$inferSelect)['status'];

/**
 * A lender's participations summed, and counted by their loan's status, from the status each share
 * carries (migration 0054): no loan is read. With a loan lookup per share this was 2.1 ms of SQL for
 * the lender in the most loans at scale 100, 0.5 ms without (docs/scale.md "A share knows its loan's
 * status").
 */
export async function participationTotals(db: DbOrTx, lenderId: number) {
  const rows = await db
    .select({
      status: participations.loanStatus,
      loans: count(),
      share: sql<number>`coalesce(sum(${participations.principalShare}), 0)::bigint`.mapWith(Number),
      principalRepaid: sql<number>`coalesce(sum(${participations.principalRepaid}), 0)::bigint`.mapWith(
        Number,
      ),
      interestPaid: sql<number>`coalesce(sum(${participations.interestPaid}), 0)::bigint`.mapWith(Number),
      feesPaid: sql<number>`coalesce(sum(${participations.feesPaid}), 0)::bigint`.mapWith(Number),
    })
    .from(participations)
    .where(eq(participations.lenderId, lenderId))
    .groupBy(participations.loanStatus);
  return rows;
}

export interface ParticipationView {
  readonly id: number;
  readonly loanId: number;
  readonly loanRef: string;
  readonly status: LoanStatus;
  readonly rateBp: number;
  readonly principalShare: number;
  readonly principalRepaid: number;
  readonly interestPaid: number;
  readonly feesPaid: number;
  readonly nextDueDate: string | null;
}

export async function listParticipationsOfLender(
  db: DbOrTx,
  lenderId: number,
  status: LoanStatus | undefined,
  paging: { limit: number; offset: number },
): Promise<{ rows: ParticipationView[]; count: number }> {
  // One status walks its own index (lender, status, newest first) and counts from it alone.
  const where = and(
    eq(participations.lenderId, lenderId),
    status ? eq(participations.loanStatus, status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: participations.id,
        loanId: loans.id,
        loanRef: loans.loanRef,
        status: participations.loanStatus,
        rateBp: participations.rateBp,
        principalShare: participations.principalShare,
        principalRepaid: participations.principalRepaid,
        interestPaid: participations.interestPaid,
        feesPaid: participations.feesPaid,
        nextDueDate: loans.oldestUnpaidDueDate,
      })
      .from(participations)
      .innerJoin(loans, eq(loans.id, participations.loanId))
      .where(where)
      .orderBy(desc(participations.createdAt), desc(participations.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ n: count() }).from(participations).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

/**
 * A lender's cash flows per Kampala day, oldest first, from the running totals of migration 0052:
 * money lent out, given back by a failed payout, and repayments' shares paid into its wallet, each
 * day's netted (negative: paid out by the lender). Whole months gone by come from their month rows
 * (migration 0057: a few dozen rows side by side), the days since from the day rows; one statement,
 * so both sides are read in one snapshot of where the months end.
 */
const cashFlowDays = preparedRead('marketplace.lender_cash_flow_days', (db) => {
  // Lending credits the invested account (negative): money out. A share credits the wallet
  // (negative): money in.
  const signed = (amount: SQL) =>
    sql`case when ${ledgerAccounts.code} = ${sql.placeholder('invested')} then ${amount} else -${amount} end`;
  const theLendersAccounts = sql`${ledgerAccounts.code} in (${sql.placeholder('invested')}, ${sql.placeholder('wallet')})`;
  return db
    .select({
      day: sql<string>`flows.day::text`,
      amount: sql<number>`sum(flows.amount)::bigint`.mapWith(Number),
    })
    .from(
      sql`(
        select month_days.day, ${signed(sql`month_days.amount`)} as amount
          from ${ledgerAccounts}
          join ${lenderCashFlowMonths} on ${lenderCashFlowMonths.accountId} = ${ledgerAccounts.id}
          cross join lateral unnest(${lenderCashFlowMonths.days}, ${lenderCashFlowMonths.amounts}) as month_days (day, amount)
         where ${theLendersAccounts}
        union all
        select ${lenderCashFlowDays.day}, ${signed(sql`${lenderCashFlowDays.amount}`)}
          from ${ledgerAccounts}
          join ${lenderCashFlowDays} on ${lenderCashFlowDays.accountId} = ${ledgerAccounts.id}
         where ${theLendersAccounts}
           and ${lenderCashFlowDays.day} >= (select ${lenderCashFlowCompaction.before} from ${lenderCashFlowCompaction})
      ) as flows`,
    )
    .groupBy(sql`flows.day`)
    .orderBy(sql`flows.day`);
});

export async function lenderCashFlowsByDay(
  db: DbOrTx,
  lenderId: number,
): Promise<{ day: string; amount: number }[]> {
  const rows = await cashFlowDays(db).execute({
    invested: lenderInvested(lenderId),
    wallet: userWallet(lenderId),
  });
  return rows.filter((row) => row.amount !== 0);
}

/**
 * A lender's money as the ledger saw it move, oldest first: what it lent out (entries on its
 * invested account from payouts and their reversals) and what repayments paid into its wallet.
 */
export async function lenderCashFlows(
  db: DbOrTx,
  lenderId: number,
  range: { from?: Date | undefined; to?: Date | undefined } = {},
): Promise<{ at: Date; kind: string; memo: string; amount: number; account: string }[]> {
  const conditions: SQL[] = [
    sql`(
      (${ledgerAccounts.code} = ${lenderInvested(lenderId)} and ${ledgerPostings.kind} <> 'REPAYMENT_SHARE')
      or (${ledgerAccounts.code} = ${userWallet(lenderId)} and ${ledgerPostings.kind} = 'REPAYMENT_SHARE')
    )`,
  ];
  if (range.from) conditions.push(gte(ledgerEntries.createdAt, range.from));
  if (range.to) conditions.push(sql`${ledgerEntries.createdAt} < ${range.to}`);
  const rows = await db
    .select({
      at: ledgerEntries.createdAt,
      kind: ledgerPostings.kind,
      memo: ledgerPostings.memo,
      amount: ledgerEntries.amount,
      account: ledgerAccounts.code,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .where(and(...conditions))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  return rows;
}

/** Σ of a running total's `column` over its rows `where` selects, as a scalar subquery. */
const summed = (column: PgColumn, where: SQL) =>
  sql<number>`(select coalesce(sum(${column}), 0) from ${column.table} where ${where})::bigint`.mapWith(
    Number,
  );

/**
 * The back-office's marketplace figures in one statement, built and planned once (a named
 * statement), from running totals (migrations 0050 and 0051). As five statements planned per
 * request, one of them reading a month of participations, it answered 349 requests a second at
 * scale 100 (docs/scale.md, "The marketplace and back-office lists measured").
 */
const figures = preparedRead('marketplace.figures', (db) =>
  db
    .select({
      openListings: summed(listingStatusCounts.count, sql`${listingStatusCounts.status} = 'OPEN'`),
      amountBid: summed(bidStatusTotals.amount, sql`${bidStatusTotals.status} = 'LIVE'`),
      fundedThisMonth: summed(
        lentDailyTotals.amount,
        sql`${lentDailyTotals.day} >= ${sql.placeholder('firstDay')}`,
      ),
      activeLenders: sql<number>`(select count(*) from ${lenderActiveBids} where ${lenderActiveBids.count} > 0)::int`,
      clearingWeighted: summed(offerStatusTotals.rateAmount, sql`${offerStatusTotals.status} = 'ACCEPTED'`),
      clearingAmount: summed(offerStatusTotals.amount, sql`${offerStatusTotals.status} = 'ACCEPTED'`),
    })
    .from(sql`(values (0)) as one (x)`),
);

/** The back-office's marketplace figures from `firstDay` (a Kampala date) on: no whole table is read. */
export async function marketplaceFigures(db: DbOrTx, firstDay: string) {
  const [row] = await figures(db).execute({ firstDay });
  return {
    openListings: row?.openListings ?? 0,
    amountBid: row?.amountBid ?? 0,
    fundedThisMonth: row?.fundedThisMonth ?? 0,
    activeLenders: row?.activeLenders ?? 0,
    /** Amount-weighted rate of accepted offers, basis points; null before the first. */
    averageClearingRateBp:
      row && row.clearingAmount > 0 ? Math.round(row.clearingWeighted / row.clearingAmount) : null,
  };
}
