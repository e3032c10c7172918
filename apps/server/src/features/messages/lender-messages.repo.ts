import { and, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
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

/** Per lender: the repayment shares its wallet received in [from, to), counted and summed (net of the fee). */
export async function repaymentSharesReceived(db: DbOrTx, range: { from: Date; to: Date }) {
  return db
    .select({
      lenderId: users.id,
      name: users.name,
      repayments: sql<number>`count(distinct ${ledgerPostings.id})::int`.mapWith(Number),
      amount: sql<number>`(-sum(${ledgerEntries.amount}))::bigint`.mapWith(Number),
    })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(users, sql`${users.id}::text = split_part(${ledgerAccounts.code}, ':', 2)`)
    .where(
      and(
        eq(ledgerPostings.kind, 'REPAYMENT_SHARE'),
        sql`${ledgerAccounts.code} like 'USER_WALLET:%'`,
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
      ),
    )
    .groupBy(users.id, users.name)
    .orderBy(users.id);
}

const LENDER_ACCOUNT = sql`(${ledgerAccounts.code} like 'USER_WALLET:%' or ${ledgerAccounts.code} like 'LENDER_%')`;

/** Lenders with any entry on their wallet, reserved or invested account in [from, to). */
export async function lendersWithActivity(db: DbOrTx, range: { from: Date; to: Date }) {
  const rows = await db
    .selectDistinct({ lenderId: users.id, name: users.name })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    // Compared as text: a platform account's suffix (PROVIDER_CLEARING:mtn) is no number.
    .innerJoin(users, sql`${users.id}::text = split_part(${ledgerAccounts.code}, ':', 2)`)
    .where(
      and(
        LENDER_ACCOUNT,
        eq(users.role, 'lender'),
        gte(ledgerEntries.createdAt, range.from),
        lt(ledgerEntries.createdAt, range.to),
      ),
    )
    .orderBy(users.id);
  return rows;
}

/**
 * A lender's entries summed per account and per kind of what caused them, in [from, to); a reversal
 * counts as the kind it reverses (a failed withdrawal gives back under WITHDRAWAL_RESERVE), so each
 * figure is net. Also each account's balance before `from`.
 */
export async function lenderLedgerMonth(
  db: DbOrTx,
  codes: readonly string[],
  range: { from: Date; to: Date },
) {
  const reversed = alias(ledgerPostings, 'reversed');
  const [moves, opening] = await Promise.all([
    db
      .select({
        code: ledgerAccounts.code,
        kind: sql<string>`coalesce(${reversed.kind}, ${ledgerPostings.kind})`,
        amount: sql<number>`sum(${ledgerEntries.amount})::bigint`.mapWith(Number),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerPostings, eq(ledgerPostings.id, ledgerEntries.postingId))
      .leftJoin(reversed, eq(reversed.id, ledgerPostings.reversesPostingId))
      .where(
        and(
          inArray(ledgerAccounts.code, [...codes]),
          gte(ledgerEntries.createdAt, range.from),
          lt(ledgerEntries.createdAt, range.to),
        ),
      )
      .groupBy(ledgerAccounts.code, sql`coalesce(${reversed.kind}, ${ledgerPostings.kind})`),
    db
      .select({
        code: ledgerAccounts.code,
        amount: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(and(inArray(ledgerAccounts.code, [...codes]), lt(ledgerEntries.createdAt, range.from)))
      .groupBy(ledgerAccounts.code),
  ]);
  return { moves, opening };
}
