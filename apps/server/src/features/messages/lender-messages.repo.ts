import { and, eq, exists, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerPostings,
  loans,
  participations,
  users,
} from '../../db/schema/index.ts';

/** The lenders of the given loans, with what each is still owed in principal on it. */
export async function lenderSharesOfLoans(db: DbOrTx, loanIds: readonly number[]) {
  if (loanIds.length === 0) return [];
  return db
    .select({
      loanId: participations.loanId,
      loanRef: loans.loanRef,
      lenderId: sql<number>`${participations.lenderId}`.mapWith(Number),
      name: users.name,
      outstanding:
        sql<number>`(${participations.principalShare} - ${participations.principalRepaid})::bigint`.mapWith(
          Number,
        ),
    })
    .from(participations)
    .innerJoin(loans, eq(loans.id, participations.loanId))
    .innerJoin(users, eq(users.id, participations.lenderId))
    .where(and(inArray(participations.loanId, [...loanIds]), isNotNull(participations.lenderId)))
    .orderBy(participations.loanId, participations.lenderId);
}

/**
 * Per lender: the repayment shares its wallet received in [from, to), counted and summed (net of the
 * fee). Read from the day's REPAYMENT_SHARE postings (ledger_postings_kind_created_idx) and their
 * lines by posting: a line's time is its posting's, and selected by the lines' own time the
 * daily job read every line of the ledger (125 million at scale 1000, docs/scale.md).
 */
export async function repaymentSharesReceived(db: DbOrTx, range: { from: Date; to: Date }) {
  return (
    db
      .select({
        lenderId: users.id,
        name: users.name,
        repayments: sql<number>`count(distinct ${ledgerPostings.id})::int`.mapWith(Number),
        amount: sql<number>`(-sum(${ledgerEntries.amount}))::bigint`.mapWith(Number),
      })
      .from(ledgerPostings)
      .innerJoin(ledgerEntries, eq(ledgerEntries.postingId, ledgerPostings.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      // Only a wallet has its user (ledger_accounts.user_id); the lender's other accounts do not.
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .where(
        and(
          eq(ledgerPostings.kind, 'REPAYMENT_SHARE'),
          gte(ledgerPostings.createdAt, range.from),
          lt(ledgerPostings.createdAt, range.to),
          sql`${ledgerAccounts.code} like 'USER_WALLET:%'`,
        ),
      )
      .groupBy(users.id, users.name)
      .orderBy(users.id)
  );
}

/**
 * Lenders with any entry on their wallet, reserved or invested account in [from, to): for each
 * lender, its three accounts by code and one look into each account's lines of the month
 * (ledger_entries_account_created_idx). Selected by the lines' time and joined to their accounts,
 * the monthly job read every line of the ledger.
 */
export async function lendersWithActivity(db: DbOrTx, range: { from: Date; to: Date }) {
  const codes = sql`array['USER_WALLET:' || ${users.id}, 'LENDER_RESERVED:' || ${users.id}, 'LENDER_INVESTED:' || ${users.id}]`;
  const movedInRange = db
    .select({ one: sql`1` })
    .from(ledgerAccounts)
    .innerJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .where(
      and(
        sql`${ledgerAccounts.code} = any(${codes})`,
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
      ),
    );
  return db
    .select({ lenderId: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'lender'), exists(movedInRange)))
    .orderBy(users.id);
}

/**
 * Lenders' entries summed per account and per kind of what caused them, in [from, to); a reversal
 * counts as the kind it reverses (a failed withdrawal gives back under WITHDRAWAL_RESERVE), so each
 * figure is net. Also each account's balance before `from`: its balance now less its lines since.
 * Each account's lines are summed on their own (a lateral aggregate over
 * ledger_entries_account_created_idx): joined as one set, 1,500 accounts of a statement batch were
 * planned as a scan of every line of the ledger (3.7 s at scale 100, docs/scale.md "The message jobs
 * in batches").
 */
export async function lenderLedgerMonth(
  db: DbOrTx,
  codes: readonly string[],
  range: { from: Date; to: Date },
) {
  const reversed = alias(ledgerPostings, 'reversed');
  const kind = sql<string>`coalesce(${reversed.kind}, ${ledgerPostings.kind})`;
  const accountMonth = db
    .select({
      kind: kind.as('posting_kind'),
      amount: sql<number>`sum(${ledgerEntries.amount})::bigint`.as('net'),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .leftJoin(reversed, eq(reversed.id, ledgerPostings.reversesPostingId))
    .where(
      and(
        eq(ledgerEntries.accountId, ledgerAccounts.id),
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
      ),
    )
    .groupBy(kind)
    .as('account_month');
  const [moves, opening] = await Promise.all([
    db
      .select({
        code: ledgerAccounts.code,
        kind: accountMonth.kind,
        amount: sql<number>`${accountMonth.amount}`.mapWith(Number),
      })
      .from(ledgerAccounts)
      .crossJoinLateral(accountMonth)
      .where(inArray(ledgerAccounts.code, [...codes])),
    // The balance less what came after `from`, in one statement (one snapshot): summing every line
    // before `from` read a lender's whole history, 15,000 lines for a busy wallet at scale 1000.
    db
      .select({
        code: ledgerAccounts.code,
        amount: sql<number>`(${ledgerAccounts.balance} - coalesce((${db
          .select({ since: sql`sum(${ledgerEntries.amount})` })
          .from(ledgerEntries)
          .where(
            and(eq(ledgerEntries.accountId, ledgerAccounts.id), gte(ledgerEntries.createdAt, range.from)),
          )}), 0))::bigint`.mapWith(Number),
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.code, [...codes])),
  ]);
  return { moves, opening };
}
