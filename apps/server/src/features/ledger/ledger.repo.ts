import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import {
  ledgerAccounts,
  ledgerDailyTotals,
  ledgerEntries,
  ledgerKindTotals,
  ledgerPostings,
} from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';

export type PostingRow = typeof ledgerPostings.$inferSelect;
export type AccountRow = typeof ledgerAccounts.$inferSelect;
export type EntryRow = typeof ledgerEntries.$inferSelect;

/** Inserts the posting unless its idempotency key exists; undefined means it already did. */
export async function insertPostingOnce(
  db: DbOrTx,
  values: typeof ledgerPostings.$inferInsert,
): Promise<PostingRow | undefined> {
  const [row] = await db
    .insert(ledgerPostings)
    .values(values)
    .onConflictDoNothing({ target: ledgerPostings.idempotencyKey })
    .returning();
  return row;
}

export async function findPostingByKey(db: DbOrTx, idempotencyKey: string): Promise<PostingRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.idempotencyKey, idempotencyKey))
    .limit(1);
  return row;
}

export async function findPostingById(db: DbOrTx, id: number): Promise<PostingRow | undefined> {
  const [row] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.id, id)).limit(1);
  return row;
}

export async function findPostingReversing(db: DbOrTx, postingId: number): Promise<PostingRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.reversesPostingId, postingId))
    .limit(1);
  return row;
}

export async function findPostingsOfTransaction(
  db: DbOrTx,
  platformTransactionId: number,
): Promise<PostingRow[]> {
  return db
    .select()
    .from(ledgerPostings)
    .where(eq(ledgerPostings.platformTransactionId, platformTransactionId))
    .orderBy(asc(ledgerPostings.id));
}

/**
 * Opens per-user liability accounts on first use, in one statement. Only the wallet carries user_id
 * (one per user); a lender's reserved and invested accounts are kept at or below zero by their own
 * constraint. Rows go in code order, so two transactions opening the same new accounts wait for
 * each other in one order and never deadlock.
 */
export async function openUserAccounts(
  db: DbOrTx,
  accounts: readonly { code: string; userId: number; name: string; isWallet: boolean }[],
): Promise<void> {
  if (accounts.length === 0) return;
  await db
    .insert(ledgerAccounts)
    .values(
      [...accounts]
        .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
        .map((account) => ({
          code: account.code,
          userId: account.isWallet ? account.userId : null,
          kind: 'liability' as const,
          name: account.name,
        })),
    )
    .onConflictDoNothing({ target: ledgerAccounts.code });
}

/** Locks the accounts in id order (the one order every transaction uses, so none deadlock). */
export async function lockAccountsByCode(db: DbOrTx, codes: readonly string[]): Promise<AccountRow[]> {
  if (codes.length === 0) return [];
  return db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...codes]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

export async function insertEntries(db: DbOrTx, rows: (typeof ledgerEntries.$inferInsert)[]): Promise<void> {
  await db.insert(ledgerEntries).values(rows);
}

/**
 * Adds each delta to its account's running balance in one statement (the accounts are locked
 * already; a settlement holds the platform's rows meanwhile, so every round trip saved shortens
 * that hold). The balance constraints are checked on every row as before.
 */
export async function addToBalances(
  db: DbOrTx,
  deltas: readonly { accountId: number; amount: number }[],
): Promise<void> {
  if (deltas.length === 0) return;
  const values = sql.join(
    deltas.map((d) => sql`(${d.accountId}::integer, ${d.amount}::bigint)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${ledgerAccounts} set balance = ${ledgerAccounts.balance} + v.delta
    from (values ${values}) as v(id, delta)
    where ${ledgerAccounts.id} = v.id`);
}

export async function addToDailyTotal(
  db: DbOrTx,
  kind: string,
  day: string,
  amount: number,
  postings: number,
) {
  await db
    .insert(ledgerDailyTotals)
    .values({ kind, day, amount, postings })
    .onConflictDoUpdate({
      target: [ledgerDailyTotals.kind, ledgerDailyTotals.day],
      set: {
        amount: sql`${ledgerDailyTotals.amount} + excluded.amount`,
        postings: sql`${ledgerDailyTotals.postings} + excluded.postings`,
      },
    });
  await db
    .insert(ledgerKindTotals)
    .values({ kind, amount, postings })
    .onConflictDoUpdate({
      target: ledgerKindTotals.kind,
      set: {
        amount: sql`${ledgerKindTotals.amount} + excluded.amount`,
        postings: sql`${ledgerKindTotals.postings} + excluded.postings`,
      },
    });
}

export async function findEntriesOfPosting(
  db: DbOrTx,
  postingId: number,
): Promise<{ accountId: number; code: string; amount: number }[]> {
  return db
    .select({ accountId: ledgerEntries.accountId, code: ledgerAccounts.code, amount: ledgerEntries.amount })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.postingId, postingId))
    .orderBy(asc(ledgerEntries.id));
}

const accountByCode = preparedRead('ledger.account_by_code', (db) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, sql.placeholder('code')))
    .limit(1),
);

export async function findAccountByCode(db: DbOrTx, code: string): Promise<AccountRow | undefined> {
  const [row] = await accountByCode(db).execute({ code });
  return row;
}

/** The running balances of the accounts that exist among `codes` (one query, however many). */
export async function findBalancesByCodes(
  db: DbOrTx,
  codes: readonly string[],
): Promise<{ code: string; balance: number }[]> {
  if (codes.length === 0) return [];
  return db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, [...codes]));
}

/** Gross amount per kind between two Kampala dates (inclusive start, exclusive end when given). */
export async function sumDailyTotals(
  db: DbOrTx,
  kinds: readonly string[],
  fromDay?: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      kind: ledgerDailyTotals.kind,
      amount: sql<string>`coalesce(sum(${ledgerDailyTotals.amount}), 0)`,
    })
    .from(ledgerDailyTotals)
    .where(
      and(
        inArray(ledgerDailyTotals.kind, [...kinds]),
        fromDay ? sql`${ledgerDailyTotals.day} >= ${fromDay}` : undefined,
      ),
    )
    .groupBy(ledgerDailyTotals.kind);
  return new Map(rows.map((r) => [r.kind, Number(r.amount)]));
}

export interface LedgerDiscrepancies {
  readonly unbalancedPostings: { postingId: number; total: number }[];
  readonly driftedAccounts: { code: string; balance: number; entries: number }[];
}

/** An audit of the whole ledger: postings that do not sum to zero, running balances that drifted. */
export async function findLedgerDiscrepancies(db: DbOrTx): Promise<LedgerDiscrepancies> {
  const unbalanced = await selectRows<{ posting_id: string; total: string }>(
    db,
    sql`
    select p.id as posting_id, coalesce(sum(e.amount), 0) as total
    from ledger_postings p left join ledger_entries e on e.posting_id = p.id
    group by p.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  );
  const drifted = await selectRows<{ code: string; balance: string; entries: string }>(
    db,
    sql`
    select a.code, a.balance, coalesce(sum(e.amount), 0) as entries
    from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  );
  return {
    unbalancedPostings: unbalanced.map((r) => ({ postingId: Number(r.posting_id), total: Number(r.total) })),
    driftedAccounts: drifted.map((r) => ({
      code: r.code,
      balance: Number(r.balance),
      entries: Number(r.entries),
    })),
  };
}

/**
 * What the float holds for others: users' wallets, lenders' reserved money and unmatched money in
 * suspense (all liabilities, so their balances are ≤ 0; the answer is positive).
 */
export async function sumHeldForOthers(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ held: sql<number>`coalesce(-sum(${ledgerAccounts.balance}), 0)::bigint`.mapWith(Number) })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.code} like 'USER\_WALLET:%' or ${ledgerAccounts.code} like 'LENDER\_RESERVED:%' or ${ledgerAccounts.code} = 'SUSPENSE'`,
    );
  return row?.held ?? 0;
}
