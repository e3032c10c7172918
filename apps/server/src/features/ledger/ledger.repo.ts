import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedStatement } from '../../db/named-statement.ts';
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

const insertPostings = namedStatement<
  {
    id: string | number;
    idempotency_key: string;
    kind: string;
    memo: string;
    platform_transaction_id: number | null;
    reverses_posting_id: string | number | null;
    created_at: string | Date;
    accounts: { id: number; code: string }[] | null;
  },
  {
    keys: string[];
    kinds: string[];
    memos: string[];
    transactionIds: (number | null)[];
    reversesIds: (number | null)[];
    createdAts: string[];
    accountCodes: string[];
  }
>(
  'ledger.insert_postings',
  (
    v,
  ) => sql`insert into ${ledgerPostings} (idempotency_key, kind, memo, platform_transaction_id, reverses_posting_id, created_at)
      select * from unnest(${v.keys}::text[], ${v.kinds}::text[], ${v.memos}::text[],
        ${v.transactionIds}::integer[], ${v.reversesIds}::bigint[], ${v.createdAts}::timestamptz[])
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key, kind, memo, platform_transaction_id, reverses_posting_id, created_at,
        -- An uncorrelated subquery: PostgreSQL runs it once, whatever the number of rows.
        (select json_agg(json_build_object('id', a.id, 'code', a.code)) from ${ledgerAccounts} a
         where a.code = any(${v.accountCodes}::text[])) as accounts`,
);

/**
 * Inserts the postings whose idempotency keys are new, in one statement; answers the inserted rows
 * (a key that exists is left out: it already posted) and, when any was inserted, the ids of the
 * existing accounts among `accountCodes`, read by the same statement: the accounts its entries will
 * need, one round trip sooner (issue 20). Read without a lock, at the statement's snapshot, like a
 * plain SELECT of them. The values go as arrays: the statement's text, and so its cost to build, is
 * the same for one posting or a group's hundred (ADR 015).
 */
export async function insertPostingsOnce(
  db: DbOrTx,
  values: readonly (typeof ledgerPostings.$inferInsert)[],
  accountCodes: readonly string[],
): Promise<{ postings: PostingRow[]; accounts: { id: number; code: string }[] }> {
  const rows = await insertPostings(db, {
    keys: values.map((v) => v.idempotencyKey),
    kinds: values.map((v) => v.kind),
    memos: values.map((v) => v.memo),
    transactionIds: values.map((v) => v.platformTransactionId ?? null),
    reversesIds: values.map((v) => v.reversesPostingId ?? null),
    createdAts: values.map((v) => v.createdAt.toISOString()),
    accountCodes: [...accountCodes],
  });
  const [first] = rows;
  return {
    postings: rows.map((row) => ({
      id: Number(row.id),
      idempotencyKey: row.idempotency_key,
      kind: row.kind,
      memo: row.memo,
      platformTransactionId:
        row.platform_transaction_id === null ? null : Number(row.platform_transaction_id),
      reversesPostingId: row.reverses_posting_id === null ? null : Number(row.reverses_posting_id),
      createdAt: new Date(row.created_at),
    })),
    accounts: (first?.accounts ?? []).map((account) => ({ id: Number(account.id), code: account.code })),
  };
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
    // No target: a wallet is unique by its code and by its user_id, and two transactions opening it
    // at once may meet on either index first; a conflict on a target's other index would fail.
    .onConflictDoNothing();
}

/**
 * The ids of the accounts named, opening per-user ones on first use, in one statement and without
 * locking any: a posting locks its accounts in the statement that writes them (writePostings), so
 * the rows every settlement shares are held from that statement to the commit only (ADR 012). An
 * account another transaction opened after this statement's snapshot is not in the answer: the
 * caller reads those again.
 */
export async function openAndFindAccountIds(
  db: DbOrTx,
  codes: readonly string[],
  toOpen: readonly { code: string; userId: number; name: string; isWallet: boolean }[],
): Promise<{ id: number; code: string }[]> {
  if (codes.length === 0) return [];
  const existing = sql`select ${ledgerAccounts.id} as id, ${ledgerAccounts.code} as code from ${ledgerAccounts}
    where ${inArray(ledgerAccounts.code, [...codes])}`;
  if (toOpen.length === 0) return selectRows<{ id: number; code: string }>(db, existing);
  const values = [...toOpen]
    .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
    .map(
      (account) =>
        sql`(${account.code}, ${account.isWallet ? account.userId : null}::integer, 'liability', ${account.name})`,
    );
  // Rows go in code order, so two transactions opening the same new accounts wait in one order.
  // The statement's snapshot does not see the rows its insert makes: they come from `opened`.
  // Any conflict, not only the code's: a wallet is also unique by user_id (openUserAccounts).
  return selectRows<{ id: number; code: string }>(
    db,
    sql`with opened as (
      insert into ${ledgerAccounts} (code, user_id, kind, name) values ${sql.join(values, sql`, `)}
      on conflict do nothing returning id, code)
    select id, code from opened union all ${existing}`,
  );
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

export interface PostingWrites {
  /** The new postings' lines. */
  readonly entries: readonly { postingId: number; accountId: number; amount: number; createdAt: Date }[];
  /** Every account the entries name: locked by the write, in id order. */
  readonly accountIds: readonly number[];
  /** The net change of each account's running balance. */
  readonly deltas: readonly { accountId: number; amount: number }[];
  /** Gross and number of postings per kind and Kampala day (a reversal's are negative). */
  readonly totals: readonly { kind: string; day: string; amount: number; postings: number }[];
}

// Every value goes in arrays (unnest): the text is the same whatever the number of lines.
// Every account the postings name is locked in `locked`, in id order (the one order every
// transaction uses), and the balances are added only to locked rows: the lock, the write and so
// the hold of the rows every settlement shares start in this statement (ADR 012). The totals are
// written only once every account is locked (their rows wait for `locked`, an init plan run
// before their first row), so the shared rows are always taken in one order: accounts, then
// totals.
const writePostingsStatement = namedStatement<
  { locked: number },
  {
    entryPostingIds: number[];
    entryAccountIds: number[];
    entryAmounts: number[];
    entryCreatedAts: string[];
    accountIds: number[];
    deltaAccountIds: number[];
    deltaAmounts: number[];
    dailyKinds: string[];
    dailyDays: string[];
    dailyAmounts: number[];
    dailyPostings: number[];
    kinds: string[];
    kindAmounts: number[];
    kindPostings: number[];
  }
>(
  'ledger.write_postings',
  (v) => sql`with entries as (
      insert into ${ledgerEntries} (posting_id, account_id, amount, created_at)
      select * from unnest(${v.entryPostingIds}::bigint[], ${v.entryAccountIds}::integer[],
        ${v.entryAmounts}::bigint[], ${v.entryCreatedAts}::timestamptz[])),
    locked as materialized (
      select ${ledgerAccounts.id} as id from ${ledgerAccounts}
      where ${ledgerAccounts.id} = any(${v.accountIds}::integer[])
      order by ${ledgerAccounts.id} for update),
    balances as (
      update ${ledgerAccounts} as a set balance = a.balance + v.delta
      from unnest(${v.deltaAccountIds}::integer[], ${v.deltaAmounts}::bigint[]) as v(id, delta)
      join locked as l on l.id = v.id
      where a.id = v.id),
    daily as (
      insert into ${ledgerDailyTotals} as t (kind, day, slot, amount, postings)
      select v.kind, v.day, counter_slot(), v.amount, v.postings
      from unnest(${v.dailyKinds}::text[], ${v.dailyDays}::date[], ${v.dailyAmounts}::bigint[],
        ${v.dailyPostings}::integer[]) as v(kind, day, amount, postings)
      where (select count(*) from locked) > 0
      on conflict (kind, day, slot) do update set amount = t.amount + excluded.amount, postings = t.postings + excluded.postings),
    kind_totals as (
      insert into ${ledgerKindTotals} as k (kind, slot, amount, postings)
      select v.kind, counter_slot(), v.amount, v.postings
      from unnest(${v.kinds}::text[], ${v.kindAmounts}::bigint[], ${v.kindPostings}::bigint[])
        as v(kind, amount, postings)
      where (select count(*) from locked) > 0
      on conflict (kind, slot) do update set amount = k.amount + excluded.amount, postings = k.postings + excluded.postings)
    select count(*)::integer as locked from locked`,
);

/**
 * Writes what new postings add, in one statement and so one round trip: their entries, the running
 * balances, and the daily and all-time totals per kind (sharded: this backend's slot,
 * migration 0033). The caller holds the accounts' locks, taken in id order; every platform-wide row
 * a settlement writes is written here, just before its commit, so it holds them for a round trip
 * or two instead of its whole transaction (ADR 012). The balance constraints are checked on each
 * account's row as before, on the balance the postings leave it.
 */
export async function writePostings(db: DbOrTx, writes: PostingWrites): Promise<void> {
  const { entries } = writes;
  const deltas = writes.deltas.filter((d) => d.amount !== 0);
  const kinds = new Map<string, { amount: number; postings: number }>();
  for (const t of writes.totals) {
    const sum = kinds.get(t.kind) ?? { amount: 0, postings: 0 };
    kinds.set(t.kind, { amount: sum.amount + t.amount, postings: sum.postings + t.postings });
  }
  const [row] = await writePostingsStatement(db, {
    entryPostingIds: entries.map((e) => e.postingId),
    entryAccountIds: entries.map((e) => e.accountId),
    entryAmounts: entries.map((e) => e.amount),
    entryCreatedAts: entries.map((e) => e.createdAt.toISOString()),
    accountIds: [...writes.accountIds],
    deltaAccountIds: deltas.map((d) => d.accountId),
    deltaAmounts: deltas.map((d) => d.amount),
    dailyKinds: writes.totals.map((t) => t.kind),
    dailyDays: writes.totals.map((t) => t.day),
    dailyAmounts: writes.totals.map((t) => t.amount),
    dailyPostings: writes.totals.map((t) => t.postings),
    kinds: [...kinds.keys()],
    kindAmounts: [...kinds.values()].map((t) => t.amount),
    kindPostings: [...kinds.values()].map((t) => t.postings),
  });
  if ((row?.locked ?? 0) !== writes.accountIds.length) {
    throw new Error(
      `Ledger accounts vanished before their postings were written: ${writes.accountIds.join(', ')}`,
    );
  }
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

/**
 * Balances by code, one named statement whatever the number of codes: `in ($1 … $60)` was a new
 * statement text per page size, parsed and planned on every request (docs/scale.md, "A share knows
 * its loan's status").
 */
const balancesByCodes = preparedRead('ledger.balances_by_codes', (db) =>
  db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(sql`${ledgerAccounts.code} = any(${sql.placeholder('codes')}::text[])`),
);

/** The running balances of the accounts that exist among `codes` (one query, however many). */
export async function findBalancesByCodes(
  db: DbOrTx,
  codes: readonly string[],
): Promise<{ code: string; balance: number }[]> {
  if (codes.length === 0) return [];
  return balancesByCodes(db).execute({ codes: [...codes] });
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
