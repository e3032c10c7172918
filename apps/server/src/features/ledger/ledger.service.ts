import { kampalaDate, type Ugx, ugx } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import {
  findAccountByCode,
  findBalancesByCodes,
  findEntriesOfPosting,
  findPostingById,
  findPostingByKey,
  findPostingsOfTransaction,
  insertPostingsOnce,
  lockAccountsByCode,
  openAndFindAccountIds,
  openUserAccounts,
  type PostingRow,
  sumHeldForOthers,
  writePostings,
} from './ledger.repo.ts';
import { type AccountCode, type PostingKind, perUserAccount } from './ledger-accounts.ts';

export interface JournalLine {
  readonly account: AccountCode;
  /** Whole UGX: debit positive, credit negative. */
  readonly amount: number;
}

export interface Journal {
  /** The same key twice posts once and answers the first posting. */
  readonly idempotencyKey: string;
  readonly kind: PostingKind;
  readonly memo: string;
  readonly platformTransactionId?: number | null;
  readonly lines: readonly JournalLine[];
  /** Defaults to the clock; the demo seed back-dates its history. */
  readonly postedAt?: Date;
}

export interface Posted {
  readonly posting: PostingRow;
  /** False when the key had already posted: nothing new happened. */
  readonly isNew: boolean;
}

/** A journal that cannot be posted is a bug in the caller, never a user error. */
export class UnbalancedJournalError extends Error {}

function checkJournal(journal: Journal): void {
  const { lines } = journal;
  if (lines.length < 2) throw new UnbalancedJournalError('A posting needs at least two lines');
  const seen = new Set<string>();
  let total = 0;
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount === 0) {
      throw new UnbalancedJournalError(`Line amounts are non-zero whole shillings: ${line.amount}`);
    }
    if (seen.has(line.account)) throw new UnbalancedJournalError(`Account ${line.account} appears twice`);
    seen.add(line.account);
    total += line.amount;
  }
  if (total !== 0)
    throw new UnbalancedJournalError(`Posting ${journal.idempotencyKey} sums to ${total}, not 0`);
}

/** Gross value of a posting: the sum of its debits. */
function grossOf(lines: readonly { amount: number }[]): number {
  return lines.reduce((sum, line) => sum + (line.amount > 0 ? line.amount : 0), 0);
}

export function createLedgerService({ clock }: { clock: Clock }) {
  /**
   * Locks the accounts (opening user wallets on first use) in id order. Callers that must read a
   * balance before posting (a withdrawal) lock first; postJournal locks again, which is free.
   */
  async function lockAccounts(tx: Tx, codes: readonly AccountCode[]) {
    await openUserAccounts(
      tx,
      codes.flatMap((code) => {
        const account = perUserAccount(code);
        return account ? [{ code, ...account }] : [];
      }),
    );
    const rows = await lockAccountsByCode(tx, codes);
    const missing = codes.filter((code) => !rows.some((row) => row.code === code));
    if (missing.length > 0) throw new Error(`Unknown ledger accounts: ${missing.join(', ')}`);
    return rows;
  }

  /**
   * The ids of the accounts, opening user wallets on first use, without locking them: the write
   * locks them (writePostings). `found` are those already read (by the postings' insert); an
   * account opened by another transaction a moment ago is read again.
   */
  async function accountIds(
    tx: Tx,
    codes: readonly AccountCode[],
    found: readonly { id: number; code: string }[],
  ): Promise<Map<AccountCode, number>> {
    const idOf = new Map<AccountCode, number>();
    const note = (rows: { id: number; code: string }[]) => {
      for (const row of rows) idOf.set(row.code as AccountCode, Number(row.id));
    };
    // Opened only when missing: an insert that meets an existing account waits for whichever
    // transaction is writing that account (its unique check), which for a popular lender's wallet
    // is a queue of its own (bench:money's hot case).
    const wanted = new Set<string>(codes);
    note(found.filter((row) => wanted.has(row.code)));
    const toOpen = codes.flatMap((code) => {
      const account = idOf.has(code) ? null : perUserAccount(code);
      return account ? [{ code, ...account }] : [];
    });
    if (toOpen.length > 0) {
      note(
        await openAndFindAccountIds(
          tx,
          toOpen.map((account) => account.code),
          toOpen,
        ),
      );
      // Opened by another transaction after that statement's snapshot: visible to the next one.
      const unseen = toOpen.filter((account) => !idOf.has(account.code)).map((account) => account.code);
      if (unseen.length > 0) note(await openAndFindAccountIds(tx, unseen, []));
    }
    const missing = codes.filter((code) => !idOf.has(code));
    if (missing.length > 0) throw new Error(`Unknown ledger accounts: ${missing.join(', ')}`);
    return idOf;
  }

  /**
   * Posts journals as one unit: claims their keys and finds their existing accounts in one
   * statement (opening a user's account on its first use in one more), then locks every account they name (in id order) and writes entries, balances and
   * totals in one more (writePostings). A key that already posted answers its posting with isNew
   * false and writes nothing.
   */
  async function postAll(
    tx: Tx,
    items: readonly { journal: Journal; reverses: PostingRow | null }[],
  ): Promise<Posted[]> {
    for (const { journal } of items) checkJournal(journal);
    const now = clock.now();
    const postedAt = (journal: Journal) => journal.postedAt ?? now;
    // The keys are claimed first: a concurrent duplicate waits here, then finds the posting done.
    const { postings: inserted, accounts } = await insertPostingsOnce(
      tx,
      items.map(({ journal, reverses }) => ({
        idempotencyKey: journal.idempotencyKey,
        kind: journal.kind,
        memo: journal.memo,
        platformTransactionId: journal.platformTransactionId ?? null,
        reversesPostingId: reverses?.id ?? null,
        createdAt: postedAt(journal),
      })),
      [...new Set(items.flatMap(({ journal }) => journal.lines.map((line) => line.account)))],
    );
    const byKey = new Map(inserted.map((posting) => [posting.idempotencyKey, posting]));
    const results: Posted[] = [];
    for (const { journal } of items) {
      const posting = byKey.get(journal.idempotencyKey);
      if (posting) {
        results.push({ posting, isNew: true });
        continue;
      }
      const existing = await findPostingByKey(tx, journal.idempotencyKey);
      if (!existing) throw new Error(`Posting ${journal.idempotencyKey} vanished`);
      if (existing.kind !== journal.kind) {
        throw new Error(
          `Key ${journal.idempotencyKey} already posted a ${existing.kind}, not a ${journal.kind}`,
        );
      }
      results.push({ posting: existing, isNew: false });
    }
    const fresh = items.filter(({ journal }) => byKey.has(journal.idempotencyKey));
    if (fresh.length === 0) return results;

    const idOf = await accountIds(
      tx,
      [...new Set(fresh.flatMap(({ journal }) => journal.lines.map((line) => line.account)))],
      accounts,
    );
    const entries: { postingId: number; accountId: number; amount: number; createdAt: Date }[] = [];
    const deltas = new Map<number, number>();
    const totals = new Map<string, { kind: string; day: string; amount: number; postings: number }>();
    for (const { journal, reverses } of fresh) {
      const posting = byKey.get(journal.idempotencyKey) as PostingRow;
      const lines = journal.lines
        .map((line) => ({ accountId: idOf.get(line.account) ?? 0, amount: line.amount }))
        .sort((a, b) => a.accountId - b.accountId);
      for (const line of lines) {
        entries.push({ postingId: posting.id, ...line, createdAt: postedAt(journal) });
        deltas.set(line.accountId, (deltas.get(line.accountId) ?? 0) + line.amount);
      }
      // A reversal takes its gross off the kind it reverses, on the day of the reversal.
      const kind = reverses ? reverses.kind : journal.kind;
      const sign = reverses ? -1 : 1;
      const day = kampalaDate(postedAt(journal));
      const key = `${kind}|${day}`;
      const total = totals.get(key) ?? { kind, day, amount: 0, postings: 0 };
      totals.set(key, {
        ...total,
        amount: total.amount + sign * grossOf(lines),
        postings: total.postings + sign,
      });
    }
    await writePostings(tx, {
      accountIds: [...idOf.values()].sort((a, b) => a - b),
      entries,
      deltas: [...deltas]
        .map(([accountId, amount]) => ({ accountId, amount }))
        .sort((a, b) => a.accountId - b.accountId),
      // In key order, so two transactions that meet on a totals row wait in one order.
      totals: [...totals.values()].sort((a, b) =>
        a.kind === b.kind ? (a.day < b.day ? -1 : 1) : a.kind < b.kind ? -1 : 1,
      ),
    });
    return results;
  }

  async function post(tx: Tx, journal: Journal, reverses: PostingRow | null): Promise<Posted> {
    const [posted] = await postAll(tx, [{ journal, reverses }]);
    return posted as Posted;
  }

  return {
    lockAccounts,

    /**
     * Posts a balanced journal in the caller's transaction: the posting, its entries and the running
     * balances, all or nothing. The database checks the sum again at commit.
     */
    postJournal(tx: Tx, journal: Journal): Promise<Posted> {
      return post(tx, journal, null);
    },

    /**
     * Posts several journals as one unit of the caller's transaction (a settlement's repayment and
     * its shares): the same rules as postJournal for each, with the accounts of all of them locked
     * once and written in one statement. An account named by several is checked on the balance they
     * leave it together.
     */
    postJournals(tx: Tx, journals: readonly Journal[]): Promise<Posted[]> {
      return postAll(
        tx,
        journals.map((journal) => ({ journal, reverses: null })),
      );
    },

    /** Posts the mirror image of a posting (each line negated). A posting is reversed at most once. */
    async reverse(
      tx: Tx,
      input: { postingId: number; memo: string; platformTransactionId?: number | null },
    ): Promise<Posted> {
      const original = await findPostingById(tx, input.postingId);
      if (!original) throw new Error(`No posting ${input.postingId}`);
      const entries = await findEntriesOfPosting(tx, original.id);
      return post(
        tx,
        {
          idempotencyKey: `reversal:${original.id}`,
          kind: 'REVERSAL',
          memo: input.memo,
          platformTransactionId: input.platformTransactionId ?? original.platformTransactionId,
          lines: entries.map((entry) => ({ account: entry.code as AccountCode, amount: -entry.amount })),
        },
        original,
      );
    },

    /** Reverses every posting a platform transaction made (a failed payout gives its money back). */
    async reverseTransaction(
      tx: Tx,
      input: { platformTransactionId: number; memo: string },
    ): Promise<Posted[]> {
      const postings = await findPostingsOfTransaction(tx, input.platformTransactionId);
      const reversed: Posted[] = [];
      for (const posting of postings) {
        if (posting.kind === 'REVERSAL') continue;
        reversed.push(await this.reverse(tx, { postingId: posting.id, memo: input.memo }));
      }
      return reversed;
    },

    /** The lines of a posting: account code and signed amount. */
    async entriesOf(db: DbOrTx, postingId: number): Promise<{ account: string; amount: number }[]> {
      const entries = await findEntriesOfPosting(db, postingId);
      return entries.map((entry) => ({ account: entry.code, amount: entry.amount }));
    },

    postingsOf(db: DbOrTx, platformTransactionId: number): Promise<PostingRow[]> {
      return findPostingsOfTransaction(db, platformTransactionId);
    },

    /** An account never opened has nothing in it: 0. */
    async balanceOf(db: DbOrTx, account: AccountCode): Promise<Ugx> {
      return ugx((await findAccountByCode(db, account))?.balance ?? 0);
    },

    /** What the float holds for users and lenders (wallets, reservations) and in suspense. */
    heldForOthers(db: DbOrTx): Promise<number> {
      return sumHeldForOthers(db);
    },

    /** The balances of many accounts in one query; an account never opened reads 0. */
    async balancesOf(db: DbOrTx, accounts: readonly AccountCode[]): Promise<Map<AccountCode, Ugx>> {
      const rows = await findBalancesByCodes(db, accounts);
      const found = new Map(rows.map((row) => [row.code, row.balance]));
      return new Map(accounts.map((account) => [account, ugx(found.get(account) ?? 0)]));
    },
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
