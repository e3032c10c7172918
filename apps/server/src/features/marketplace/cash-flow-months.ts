import { addDays, kampalaDate } from '@sente/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * A month's cash flows are copied into its month rows (migration 0057) from the third day of the next
 * month on: by then no transaction that dated a line in it is still open, and the day rows, which the
 * copy replaces for reading, can no longer change.
 */
const DAYS_BEFORE_A_MONTH_IS_COPIED = 2;

/** The first day the month rows will not hold, as of `now`: the Kampala month of two days ago. */
export function cashFlowMonthsEndAt(now: Date): string {
  return `${addDays(kampalaDate(now), -DAYS_BEFORE_A_MONTH_IS_COPIED).slice(0, 8)}01`;
}

/**
 * Copies the lenders' cash flows of every whole month before `cashFlowMonthsEndAt(now)` not yet copied
 * into their month rows, in one statement (`compact_lender_cash_flows`, which holds the one row that
 * says where the months end, so two runs take turns). Answers the month rows written: 0 on every day
 * but the first run of a month.
 */
export async function copyLenderCashFlowMonths(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db
    .select({
      written: sql<number>`compact_lender_cash_flows(${cashFlowMonthsEndAt(now)}::date)`.mapWith(Number),
    })
    .from(sql`(values (0)) as one (x)`);
  return row?.written ?? 0;
}
