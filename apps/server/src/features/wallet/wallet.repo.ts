import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { platformTransactions as pt } from '../../db/schema/index.ts';
import type { TransactionType } from '../payments/platform-transaction.ts';

/** One user's completed totals and open withdrawals, by type (their rows only, through the user index). */
export async function userTotals(
  db: DbOrTx,
  userId: number,
): Promise<{ completed: Map<TransactionType, number>; openWithdrawals: number; count: number }> {
  const rows = await db
    .select({
      type: pt.type,
      completed:
        sql<number>`coalesce(sum(${pt.amount}) filter (where ${pt.status} = 'COMPLETED'), 0)::bigint`.mapWith(
          Number,
        ),
      open: sql<number>`coalesce(sum(${pt.amount}) filter (where ${pt.status} in ('PENDING', 'PROCESSING')), 0)::bigint`.mapWith(
        Number,
      ),
      count: sql<number>`count(*)::bigint`.mapWith(Number),
    })
    .from(pt)
    .where(eq(pt.userId, userId))
    .groupBy(pt.type);
  return {
    completed: new Map(rows.map((r) => [r.type, r.completed])),
    openWithdrawals: rows.find((r) => r.type === 'WITHDRAWAL')?.open ?? 0,
    count: rows.reduce((sum, r) => sum + r.count, 0),
  };
}
