import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { repaymentShares } from '../../db/schema/index.ts';

/** A repayment waiting for its lenders' shares (ADR 016). */
export interface RepaymentToShare {
  readonly paymentId: number;
  readonly loanId: number;
  readonly principal: number;
  readonly interest: number;
  readonly paidAt: Date;
}

export interface DueShare {
  readonly id: number;
  readonly loanId: number;
  readonly principal: number;
  readonly interest: number;
}

const insertShares = namedStatement<
  never,
  { paymentIds: number[]; loanIds: number[]; principals: number[]; interests: number[]; paidAts: string[] }
>(
  'marketplace.queue_repayment_shares',
  (v) => sql`
    insert into ${repaymentShares} (platform_transaction_id, loan_id, principal, interest, paid_at)
    select * from unnest(${v.paymentIds}::integer[], ${v.loanIds}::integer[], ${v.principals}::bigint[],
      ${v.interests}::bigint[], ${v.paidAts}::timestamptz[])`,
);

/** A settlement's repayments, one statement for a group of them, in their order. */
export async function queueRepaymentShares(tx: Tx, repayments: readonly RepaymentToShare[]): Promise<void> {
  if (repayments.length === 0) return;
  await insertShares(tx, {
    paymentIds: repayments.map((r) => r.paymentId),
    loanIds: repayments.map((r) => r.loanId),
    principals: repayments.map((r) => r.principal),
    interests: repayments.map((r) => r.interest),
    paidAts: repayments.map((r) => r.paidAt.toISOString()),
  });
}

/**
 * One credit run at a time, across every replica: a loan's second repayment is split on what its
 * first left each participation, so two runs must never split the same loan's repayments at once.
 * Held to the run's commit.
 */
export async function takeCreditRunLock(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('marketplace.repayment-shares', 0))`);
}

const dueShares = namedStatement<
  { id: number; loan_id: number; principal: string; interest: string },
  { limit: number }
>(
  'marketplace.due_repayment_shares',
  (v) => sql`
    select id, loan_id, principal, interest from ${repaymentShares}
    where credited_at is null and held_reason is null order by id limit ${v.limit}`,
);

/** The oldest repayments still to share, in the order they were settled (by the credit run's lock). */
export async function dueRepaymentShares(tx: Tx, limit: number): Promise<DueShare[]> {
  const rows = await dueShares(tx, { limit });
  return rows.map((row) => ({
    id: Number(row.id),
    loanId: Number(row.loan_id),
    principal: Number(row.principal),
    interest: Number(row.interest),
  }));
}

const markShared = namedStatement<never, { ids: number[]; at: string; postingId: number | null }>(
  'marketplace.mark_repayment_shares_credited',
  (v) => sql`
    update ${repaymentShares} set credited_at = ${v.at}::timestamptz, posting_id = ${v.postingId}::bigint
    where id = any(${v.ids}::integer[]) and credited_at is null`,
);

export async function markRepaymentSharesCredited(
  tx: Tx,
  ids: readonly number[],
  at: Date,
  postingId: number | null,
): Promise<void> {
  await markShared(tx, { ids: [...ids], at: at.toISOString(), postingId });
}

/** Takes a repayment out of the queue, with why: its payment is flagged for an admin. */
export async function holdRepaymentShare(
  tx: Tx,
  id: number,
  reason: string,
): Promise<{ paymentId: number; loanId: number; amount: number } | undefined> {
  const [row] = await tx
    .update(repaymentShares)
    .set({ heldReason: reason.slice(0, 500) })
    .where(sql`${repaymentShares.id} = ${id} and ${repaymentShares.creditedAt} is null`)
    .returning();
  return (
    row && { paymentId: row.platformTransactionId, loanId: row.loanId, amount: row.principal + row.interest }
  );
}
