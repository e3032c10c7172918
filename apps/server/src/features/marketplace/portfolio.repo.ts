import { and, asc, count, desc, eq, gt, gte, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  bidStatusTotals,
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  lenderActiveBids,
  listingStatusCounts,
  loans,
  offerStatusTotals,
  participations,
} from '../../db/schema/index.ts';
import { lenderInvested, userWallet } from '../ledger/ledger-accounts.ts';

export type LoanStatus = (typeof loans.$inferSelect)['status'];

/** A lender's participations summed, and counted by their loan's status. */
export async function participationTotals(db: DbOrTx, lenderId: number) {
  const rows = await db
    .select({
      status: loans.status,
      loans: count(),
      share: sql<number>`coalesce(sum(${participations.principalShare}), 0)::bigint`.mapWith(Number),
      principalRepaid: sql<number>`coalesce(sum(${participations.principalRepaid}), 0)::bigint`.mapWith(
        Number,
      ),
      interestPaid: sql<number>`coalesce(sum(${participations.interestPaid}), 0)::bigint`.mapWith(Number),
      feesPaid: sql<number>`coalesce(sum(${participations.feesPaid}), 0)::bigint`.mapWith(Number),
    })
    .from(participations)
    .innerJoin(loans, eq(loans.id, participations.loanId))
    .where(eq(participations.lenderId, lenderId))
    .groupBy(loans.status);
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
  const where = and(eq(participations.lenderId, lenderId), status ? eq(loans.status, status) : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: participations.id,
        loanId: loans.id,
        loanRef: loans.loanRef,
        status: loans.status,
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
    db
      .select({ n: count() })
      .from(participations)
      .innerJoin(loans, eq(loans.id, participations.loanId))
      .where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
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

/**
 * The back-office's marketplace figures, from the running totals (migration 0050) and the month's
 * participations by their index: no whole table is read.
 */
export async function marketplaceFigures(db: DbOrTx, monthStart: Date) {
  const [[open], [bid], [funded], [lenders], [clearing]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${listingStatusCounts.count}), 0)::bigint`.mapWith(Number) })
      .from(listingStatusCounts)
      .where(eq(listingStatusCounts.status, 'OPEN')),
    db
      .select({ amount: sql<number>`coalesce(sum(${bidStatusTotals.amount}), 0)::bigint`.mapWith(Number) })
      .from(bidStatusTotals)
      .where(eq(bidStatusTotals.status, 'LIVE')),
    db
      .select({
        amount: sql<number>`coalesce(sum(${participations.principalShare}), 0)::bigint`.mapWith(Number),
      })
      .from(participations)
      .where(and(isNotNull(participations.lenderId), gte(participations.createdAt, monthStart))),
    db.select({ n: count() }).from(lenderActiveBids).where(gt(lenderActiveBids.count, 0)),
    db
      .select({
        weighted: sql<number>`coalesce(sum(${offerStatusTotals.rateAmount}), 0)::bigint`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${offerStatusTotals.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(offerStatusTotals)
      .where(eq(offerStatusTotals.status, 'ACCEPTED')),
  ]);
  return {
    openListings: open?.n ?? 0,
    amountBid: bid?.amount ?? 0,
    fundedThisMonth: funded?.amount ?? 0,
    activeLenders: lenders?.n ?? 0,
    /** Amount-weighted rate of accepted offers, basis points; null before the first. */
    averageClearingRateBp:
      clearing && clearing.amount > 0 ? Math.round(clearing.weighted / clearing.amount) : null,
  };
}
