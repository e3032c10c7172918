import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { loans, platformTransactions, platformTransactionTotals, users } from '../../db/schema/index.ts';

import type {
  NewTransactionRow,
  TransactionNeedingAttention,
  TransactionRow,
  TransactionStatus,
  TransactionType,
  TransactionWithUser,
} from './platform-transaction.ts';

/** Inserts the transaction unless its request key already made one; undefined means it did. */
export async function insertTransactionOnce(
  db: DbOrTx,
  values: NewTransactionRow,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .insert(platformTransactions)
    .values(values)
    .onConflictDoNothing({ target: platformTransactions.requestKey })
    .returning();
  return row;
}

export async function findTransactionByRequestKey(
  db: DbOrTx,
  requestKey: string,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.requestKey, requestKey))
    .limit(1);
  return row;
}

/** How people name the loan a payment was for (SL-2026-000041). */
export async function findLoanRef(db: DbOrTx, loanId: number): Promise<string | undefined> {
  const [row] = await db.select({ loanRef: loans.loanRef }).from(loans).where(eq(loans.id, loanId));
  return row?.loanRef;
}

export async function findTransactionById(db: DbOrTx, id: number): Promise<TransactionRow | undefined> {
  const [row] = await db.select().from(platformTransactions).where(eq(platformTransactions.id, id)).limit(1);
  return row;
}

// Every provider callback and every settlement runs these two: named statements, so PostgreSQL
// plans them once per connection instead of per call (issue 20: planning was a third of their cost).
const transactionByReference = preparedRead('payments.by_reference', (db) =>
  db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.referenceId, sql.placeholder('referenceId')))
    .limit(1),
);

export async function findTransactionByReference(
  db: DbOrTx,
  referenceId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await transactionByReference(db).execute({ referenceId });
  return row;
}

const transactionLocked = preparedRead('payments.lock', (db) =>
  db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.id, sql.placeholder('id')))
    .limit(1)
    .for('update'),
);

const transactionLockedByReference = preparedRead('payments.lock_by_reference', (db) =>
  db
    .select()
    .from(platformTransactions)
    .where(eq(platformTransactions.referenceId, sql.placeholder('referenceId')))
    .limit(1)
    .for('update'),
);

/** The payment with this reference, locked (a provider's callback names a payment by it). */
export async function lockTransactionByReference(
  db: DbOrTx,
  referenceId: string,
): Promise<TransactionRow | undefined> {
  const [row] = await transactionLockedByReference(db).execute({ referenceId });
  return row;
}

const transactionsLockedByReference = preparedRead('payments.lock_by_references', (db) =>
  db
    .select()
    .from(platformTransactions)
    .where(
      and(
        sql`${platformTransactions.referenceId} = any(${sql.placeholder('referenceIds')}::text[])`,
        sql`${platformTransactions.type} = any(${sql.placeholder('types')}::transaction_type[])`,
      ),
    )
    // In id order: the one order every transaction locks payments in.
    .orderBy(asc(platformTransactions.id))
    .for('update'),
);

/**
 * The payments of these types with these references, locked in id order (a group of provider
 * callbacks, ADR 015); a reference of another type, or of no payment, is not in the answer.
 */
export async function lockTransactionsByReference(
  db: DbOrTx,
  referenceIds: readonly string[],
  types: readonly TransactionType[],
): Promise<TransactionRow[]> {
  if (referenceIds.length === 0 || types.length === 0) return [];
  return transactionsLockedByReference(db).execute({ referenceIds: [...referenceIds], types: [...types] });
}

export async function lockTransaction(db: DbOrTx, id: number): Promise<TransactionRow | undefined> {
  const [row] = await transactionLocked(db).execute({ id });
  return row;
}

/**
 * Moves the status forward, guarded in SQL: the row changes only if it is still in one of `from`,
 * so a late or repeated event can never move a status backwards.
 */
export async function moveStatus(
  db: DbOrTx,
  id: number,
  from: readonly TransactionStatus[],
  to: TransactionStatus,
  set: Partial<NewTransactionRow>,
): Promise<TransactionRow | undefined> {
  const [row] = await db
    .update(platformTransactions)
    .set({ ...set, status: to })
    .where(and(eq(platformTransactions.id, id), inArray(platformTransactions.status, [...from])))
    .returning();
  return row;
}

const completeMany = namedStatement<
  { id: number },
  { ids: number[]; providerReferences: (string | null)[]; at: string }
>(
  'payments.complete_many',
  (v) => sql`update ${platformTransactions} as t set status = 'COMPLETED',
      provider_reference = coalesce(v.provider_reference, t.provider_reference),
      completed_at = ${v.at}::timestamptz, updated_at = ${v.at}::timestamptz, next_poll_at = null
    from unnest(${v.ids}::integer[], ${v.providerReferences}::text[]) as v(id, provider_reference)
    where t.id = v.id and t.status in ('PENDING', 'PROCESSING')
    returning t.id`,
);

/**
 * Marks open payments COMPLETED at `at`, each with its provider's reference (or the one it has), in
 * one statement guarded as moveStatus is; answers the ids it moved.
 */
export async function completeTransactions(
  db: DbOrTx,
  completions: readonly { id: number; providerReference: string | null }[],
  at: Date,
): Promise<number[]> {
  if (completions.length === 0) return [];
  const rows = await completeMany(db, {
    ids: completions.map((c) => c.id),
    providerReferences: completions.map((c) => c.providerReference),
    at: at.toISOString(),
  });
  return rows.map((row) => row.id);
}

export async function updateTransaction(
  db: DbOrTx,
  id: number,
  set: Partial<NewTransactionRow>,
): Promise<void> {
  await db.update(platformTransactions).set(set).where(eq(platformTransactions.id, id));
}

/**
 * Keeps the per-(type, status) counts and amounts in step with an insert or a status move, in one
 * statement: the rows are sharded (migration 0033), this transaction adds to its backend's slot, so
 * concurrent moves of the same type do not queue on one row. Rows go in enum order, so two
 * transactions that do meet on a slot wait in one order.
 */
export async function shiftTotals(
  db: DbOrTx,
  type: TransactionType,
  from: TransactionStatus | null,
  to: TransactionStatus,
  amount: number,
): Promise<void> {
  await shiftAllTotals(db, [{ type, from, to, amount }]);
}

// The rows are netted per type and status, so no two of them meet on one key.
const shiftTotalsStatement = namedStatement<
  never,
  { types: string[]; statuses: string[]; counts: number[]; amounts: number[] }
>(
  'payments.shift_totals',
  (v) => sql`insert into ${platformTransactionTotals} as t (type, status, slot, count, amount)
    select v.type, v.status, counter_slot(), v.count, v.amount
    from unnest(${v.types}::transaction_type[], ${v.statuses}::transaction_status[],
      ${v.counts}::bigint[], ${v.amounts}::bigint[]) as v(type, status, count, amount)
    on conflict (type, status, slot) do update set count = t.count + excluded.count, amount = t.amount + excluded.amount`,
);

const STATUS_ORDER: readonly TransactionStatus[] = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'];

/** shiftTotals for several payments' moves, netted per type and status, in one statement. */
export async function shiftAllTotals(
  db: DbOrTx,
  moves: readonly {
    type: TransactionType;
    from: TransactionStatus | null;
    to: TransactionStatus;
    amount: number;
  }[],
): Promise<void> {
  const sums = new Map<
    string,
    { type: TransactionType; status: TransactionStatus; count: number; amount: number }
  >();
  const add = (type: TransactionType, status: TransactionStatus, count: number, amount: number) => {
    const key = `${type}|${status}`;
    const sum = sums.get(key) ?? { type, status, count: 0, amount: 0 };
    sums.set(key, { ...sum, count: sum.count + count, amount: sum.amount + amount });
  };
  for (const move of moves) {
    if (move.from) add(move.type, move.from, -1, -move.amount);
    add(move.type, move.to, 1, move.amount);
  }
  // In key order, so two transactions that meet on a totals row wait in one order.
  const rows = [...sums.values()].sort((a, b) =>
    a.type === b.type
      ? STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status)
      : a.type < b.type
        ? -1
        : 1,
  );
  if (rows.length === 0) return;
  await shiftTotalsStatement(db, {
    types: rows.map((row) => row.type),
    statuses: rows.map((row) => row.status),
    counts: rows.map((row) => row.count),
    amounts: rows.map((row) => row.amount),
  });
}

/** Open payments whose next look is due, oldest due first. */
export async function findDuePayments(db: DbOrTx, now: Date, limit: number): Promise<TransactionRow[]> {
  return db
    .select()
    .from(platformTransactions)
    .where(
      and(
        inArray(platformTransactions.status, ['PENDING', 'PROCESSING']),
        lte(platformTransactions.nextPollAt, now),
      ),
    )
    .orderBy(asc(platformTransactions.nextPollAt))
    .limit(limit);
}

export async function findTransactionWithUser(
  db: DbOrTx,
  id: number,
): Promise<TransactionWithUser | undefined> {
  const [row] = await db
    .select({
      transaction: platformTransactions,
      userName: users.name,
      userEmail: users.email,
      loanRef: loans.loanRef,
    })
    .from(platformTransactions)
    .innerJoin(users, eq(users.id, platformTransactions.userId))
    .leftJoin(loans, eq(loans.id, platformTransactions.loanId))
    .where(eq(platformTransactions.id, id))
    .limit(1);
  return row
    ? { ...row.transaction, userName: row.userName, userEmail: row.userEmail, loanRef: row.loanRef }
    : undefined;
}

/** Repayments of a loan still on their way (PENDING or PROCESSING): money the borrower already sent. */
export async function sumOpenRepayments(db: DbOrTx, loanId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${platformTransactions.amount}), 0)::bigint`.mapWith(Number) })
    .from(platformTransactions)
    .where(
      and(
        eq(platformTransactions.loanId, loanId),
        eq(platformTransactions.type, 'REPAYMENT'),
        inArray(platformTransactions.status, ['PENDING', 'PROCESSING']),
      ),
    );
  return row?.total ?? 0;
}

/**
 * What a user's payments of these types since `since` add up to; failed ones moved nothing and do
 * not count. Served by the (user_id, created_at) index.
 */
export async function userPaymentsSince(
  db: DbOrTx,
  input: { userId: number; types: TransactionType[]; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${platformTransactions.amount}), 0)::bigint`.mapWith(Number) })
    .from(platformTransactions)
    .where(
      and(
        eq(platformTransactions.userId, input.userId),
        inArray(platformTransactions.type, input.types),
        gte(platformTransactions.createdAt, input.since),
        ne(platformTransactions.status, 'FAILED'),
      ),
    );
  return row?.total ?? 0;
}

/** How many of a user's payments of these types are still open (PENDING or PROCESSING), of any day. */
export async function countOpenUserPayments(
  db: DbOrTx,
  input: { userId: number; types: TransactionType[] },
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(platformTransactions)
    .where(
      and(
        eq(platformTransactions.userId, input.userId),
        inArray(platformTransactions.type, input.types),
        inArray(platformTransactions.status, ['PENDING', 'PROCESSING']),
      ),
    );
  return row?.n ?? 0;
}

/** Payments whose money waits in suspense, newest first (the partial attention index serves it). */
export async function findTransactionsNeedingAttention(
  db: DbOrTx,
  page: { limit: number; offset: number },
): Promise<{ rows: TransactionNeedingAttention[]; count: number }> {
  const flagged = isNotNull(platformTransactions.attentionAt);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        transaction: platformTransactions,
        userName: users.name,
        userEmail: users.email,
        loanRef: loans.loanRef,
      })
      .from(platformTransactions)
      .innerJoin(users, eq(users.id, platformTransactions.userId))
      .leftJoin(loans, eq(loans.id, platformTransactions.loanId))
      .where(flagged)
      .orderBy(desc(platformTransactions.attentionAt), desc(platformTransactions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ count: count() }).from(platformTransactions).where(flagged),
  ]);
  return {
    count: total?.count ?? 0,
    rows: rows.map((row) => ({
      ...row.transaction,
      userName: row.userName,
      userEmail: row.userEmail,
      loanRef: row.loanRef,
      attentionReason: row.transaction.attentionReason ?? '',
      attentionAt: row.transaction.attentionAt ?? row.transaction.updatedAt,
    })),
  };
}

/** Withdrawals on their way: out of their wallets already, not yet out of the float. */
export async function sumOpenWithdrawals(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${platformTransactions.amount}), 0)::bigint`.mapWith(Number) })
    .from(platformTransactions)
    .where(
      and(
        eq(platformTransactions.type, 'WITHDRAWAL'),
        inArray(platformTransactions.status, ['PENDING', 'PROCESSING']),
      ),
    );
  return row?.total ?? 0;
}
