import { and, gte, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { ledgerDailyTotals, ledgerKindTotals } from '../../db/schema/index.ts';

/**
 * Gross posted per ledger kind and Kampala week (weeks start on Monday, as date_trunc's ISO weeks do)
 * from `fromDay` on: one row per kind and week that has any posting.
 */
export async function sumPostedPerWeek(
  db: DbOrTx,
  kinds: readonly string[],
  fromDay: string,
): Promise<Array<{ kind: string; weekStart: string; amount: number }>> {
  const t = ledgerDailyTotals;
  const weekStart = sql<string>`to_char(date_trunc('week', ${t.day}::timestamp), 'YYYY-MM-DD')`;
  return db
    .select({
      kind: t.kind,
      weekStart,
      amount: sql<number>`coalesce(sum(${t.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(t)
    .where(and(inArray(t.kind, [...kinds]), sql`${t.day} >= ${fromDay}`))
    .groupBy(t.kind, weekStart);
}

const kindTotals = preparedRead('money_reports.posted_kind_totals', (db) =>
  db
    .select({
      kind: ledgerKindTotals.kind,
      amount: sql<number>`sum(${ledgerKindTotals.amount})::bigint`.mapWith(Number),
    })
    .from(ledgerKindTotals)
    .where(sql`${ledgerKindTotals.kind} = any(${sql.placeholder('kinds')})`)
    .groupBy(ledgerKindTotals.kind),
);

const postedSince = preparedRead('money_reports.posted_since', (db) => {
  const t = ledgerDailyTotals;
  const sumSince = (day: string) =>
    sql<number>`coalesce(sum(${t.amount}) filter (where ${t.day} >= ${sql.placeholder(day)}), 0)::bigint`.mapWith(
      Number,
    );
  return db
    .select({
      kind: t.kind,
      today: sumSince('today'),
      week: sumSince('weekStart'),
      month: sumSince('monthStart'),
    })
    .from(t)
    .where(and(sql`${t.kind} = any(${sql.placeholder('kinds')})`, gte(t.day, sql.placeholder('from'))))
    .groupBy(t.kind);
});

/**
 * Gross posted per ledger kind: all time (the running totals per kind), and since each of the given
 * Kampala dates (the daily totals of the current month and week only).
 */
export async function sumPostedSince(
  db: DbOrTx,
  kinds: readonly string[],
  since: { today: string; weekStart: string; monthStart: string },
): Promise<Map<string, { total: number; today: number; week: number; month: number }>> {
  const from = since.weekStart < since.monthStart ? since.weekStart : since.monthStart;
  const [totals, windows] = await Promise.all([
    kindTotals(db).execute({ kinds }),
    postedSince(db).execute({ kinds, from, ...since }),
  ]);
  return new Map(
    kinds.map((kind) => {
      const window = windows.find((w) => w.kind === kind);
      return [
        kind,
        {
          total: totals.find((row) => row.kind === kind)?.amount ?? 0,
          today: window?.today ?? 0,
          week: window?.week ?? 0,
          month: window?.month ?? 0,
        },
      ];
    }),
  );
}
