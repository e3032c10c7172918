import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/ledger-audit.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ledgerDailyTotals, ledgerEntries, ledgerKindTotals, ledgerPostings } from '../../db/schema/index.ts';
import { selectRows } from '../../db/select-rows.ts';
import { type Journal, UnbalancedJournalError } from './ledger.service.ts';
import {
  INTEREST_INCOME,
  LOANS_RECEIVABLE,
  PLATFORM_CAPITAL,
  PLATFORM_WALLET,
  providerClearing,
  userWallet,
} from './ledger-accounts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  await expectLedgerBalanced(t.db.database.db);
});

let keySequence = 0;
const newKey = (label: string) => `test:${label}:${++keySequence}`;

function fund(amount: number, key = newKey('capital')) {
  return t.db.database.db.transaction((tx) =>
    t.services.ledger.postJournal(tx, {
      idempotencyKey: key,
      kind: 'CAPITAL',
      memo: 'Owners fund the platform',
      lines: [
        { account: PLATFORM_WALLET, amount },
        { account: PLATFORM_CAPITAL, amount: -amount },
      ],
    }),
  );
}

const balance = (code: Parameters<TestApp['services']['ledger']['balanceOf']>[1]) =>
  t.services.ledger.balanceOf(t.db.database.db, code);

describe('ledgerService.postJournal', () => {
  it('writes the entries and moves both running balances by the amount', async () => {
    const walletBefore = await balance(PLATFORM_WALLET);
    const { posting, isNew } = await fund(5_000_000);
    expect(isNew).toBe(true);
    const entries = await t.db.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(sql`${ledgerEntries.postingId} = ${posting.id}`);
    expect(entries.map((e) => e.amount).sort((a, b) => a - b)).toEqual([-5_000_000, 5_000_000]);
    expect(await balance(PLATFORM_WALLET)).toBe(walletBefore + 5_000_000);
  });

  it('posts once when the same idempotency key is posted twice, and answers the first posting', async () => {
    const key = newKey('twice');
    const before = await balance(PLATFORM_WALLET);
    const first = await fund(700_000, key);
    const second = await fund(700_000, key);
    expect(second.isNew).toBe(false);
    expect(second.posting.id).toBe(first.posting.id);
    expect(await balance(PLATFORM_WALLET)).toBe(before + 700_000);
  });

  it('posts once when the same idempotency key arrives from ten transactions at the same time', async () => {
    const key = newKey('race');
    const before = await balance(PLATFORM_WALLET);
    const results = await Promise.all(Array.from({ length: 10 }, () => fund(250_000, key)));
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.posting.id)).size).toBe(1);
    expect(await balance(PLATFORM_WALLET)).toBe(before + 250_000);
  });

  it('refuses a journal whose lines do not sum to zero and writes nothing', async () => {
    const before = await t.db.database.db.$count(ledgerPostings);
    await expect(
      t.db.database.db.transaction((tx) =>
        t.services.ledger.postJournal(tx, {
          idempotencyKey: newKey('unbalanced'),
          kind: 'CAPITAL',
          memo: 'wrong',
          lines: [
            { account: PLATFORM_WALLET, amount: 1000 },
            { account: PLATFORM_CAPITAL, amount: -999 },
          ],
        }),
      ),
    ).rejects.toThrow(UnbalancedJournalError);
    expect(await t.db.database.db.$count(ledgerPostings)).toBe(before);
  });

  it('refuses fractions of a shilling, zero lines and an account named twice', async () => {
    const attempt = (lines: { account: typeof PLATFORM_WALLET; amount: number }[]) =>
      t.db.database.db.transaction((tx) =>
        t.services.ledger.postJournal(tx, {
          idempotencyKey: newKey('bad'),
          kind: 'CAPITAL',
          memo: 'bad',
          lines,
        }),
      );
    await expect(attempt([{ account: PLATFORM_WALLET, amount: 0.5 }])).rejects.toThrow(
      UnbalancedJournalError,
    );
    await expect(
      attempt([
        { account: PLATFORM_WALLET, amount: 10 },
        { account: PLATFORM_WALLET, amount: -10 },
      ]),
    ).rejects.toThrow(UnbalancedJournalError);
  });

  it('splits a repayment over three accounts in one posting', async () => {
    await fund(1_000_000);
    const before = {
      wallet: await balance(PLATFORM_WALLET),
      receivable: await balance(LOANS_RECEIVABLE),
      income: await balance(INTEREST_INCOME),
    };
    await t.db.database.db.transaction((tx) =>
      t.services.ledger.postJournal(tx, {
        idempotencyKey: newKey('repayment'),
        kind: 'REPAYMENT',
        memo: 'Weekly installment',
        lines: [
          { account: PLATFORM_WALLET, amount: 120_000 },
          { account: LOANS_RECEIVABLE, amount: -100_000 },
          { account: INTEREST_INCOME, amount: -20_000 },
        ],
      }),
    );
    expect(await balance(PLATFORM_WALLET)).toBe(before.wallet + 120_000);
    expect(await balance(LOANS_RECEIVABLE)).toBe(before.receivable - 100_000);
    expect(await balance(INTEREST_INCOME)).toBe(before.income - 20_000);
  });

  it('opens a user wallet on first use and never lets it be overdrawn', async () => {
    const { user } = await t.userWithToken('lender');
    const wallet = userWallet(user.id);
    await t.db.database.db.transaction((tx) =>
      t.services.ledger.postJournal(tx, {
        idempotencyKey: newKey('deposit'),
        kind: 'DEPOSIT',
        memo: 'deposit',
        lines: [
          { account: PLATFORM_WALLET, amount: 300_000 },
          { account: wallet, amount: -300_000 },
        ],
      }),
    );
    expect(await balance(wallet)).toBe(-300_000);
    await expect(
      t.db.database.db.transaction((tx) =>
        t.services.ledger.postJournal(tx, {
          idempotencyKey: newKey('overdraw'),
          kind: 'WITHDRAWAL_RESERVE',
          memo: 'too much',
          lines: [
            { account: wallet, amount: 300_001 },
            { account: providerClearing('mtn'), amount: -300_001 },
          ],
        }),
      ),
    ).rejects.toThrow();
    expect(await balance(wallet)).toBe(-300_000);
  });

  it('opens a new wallet once when ten transactions post to it at the same time, and counts every posting', async () => {
    const { user } = await t.userWithToken('lender');
    const wallet = userWallet(user.id);
    // Each transaction finds the wallet missing; all but one meet the others' insert and must read
    // the wallet the winner opened instead of failing as an unknown account.
    await Promise.all(
      Array.from({ length: 10 }, () =>
        t.db.database.db.transaction((tx) =>
          t.services.ledger.postJournal(tx, {
            idempotencyKey: newKey('first-deposit'),
            kind: 'DEPOSIT',
            memo: 'deposit',
            lines: [
              { account: PLATFORM_WALLET, amount: 1_000 },
              { account: wallet, amount: -1_000 },
            ],
          }),
        ),
      ),
    );
    expect(await balance(wallet)).toBe(-10_000);
    const opened = await selectRows<{ n: number }>(
      t.db.database.db,
      sql`select count(*)::integer as n from ledger_accounts where code = ${wallet}`,
    );
    expect(opened[0]?.n).toBe(1);
  });

  it('keeps every running balance equal to the sum of its entries after a burst of concurrent postings', async () => {
    const lenders = await Promise.all([1, 2, 3].map(() => t.userWithToken('lender')));
    const accounts = [
      PLATFORM_CAPITAL,
      LOANS_RECEIVABLE,
      INTEREST_INCOME,
      providerClearing('mtn'),
      providerClearing('airtel'),
      ...lenders.map((l) => userWallet(l.user.id)),
    ] as const;
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const other = accounts[i % accounts.length] ?? PLATFORM_CAPITAL;
        // Credits only to user wallets, so none is ever overdrawn; the rest go both ways.
        const amount = (i % 7) * 1000 + 500;
        const sign = other.startsWith('USER_WALLET') || i % 2 === 0 ? 1 : -1;
        return t.db.database.db.transaction((tx) =>
          t.services.ledger.postJournal(tx, {
            idempotencyKey: newKey('burst'),
            kind: 'CAPITAL',
            memo: 'burst',
            lines: [
              { account: PLATFORM_WALLET, amount: sign * amount },
              { account: other, amount: -sign * amount },
            ],
          }),
        );
      }),
    );
    await expectLedgerBalanced(t.db.database.db);
  });
});

describe('ledgerService.postJournals', () => {
  it('posts a repayment and its shares as one unit: each posting its own entries, an account in both moved by the net, once per key', async () => {
    const lender = userWallet((await t.userWithToken('lender')).user.id);
    const before = await t.services.ledger.balancesOf(t.db.database.db, [
      PLATFORM_WALLET,
      LOANS_RECEIVABLE,
      INTEREST_INCOME,
    ]);
    const repaymentKey = newKey('batch-repayment');
    const sharesKey = newKey('batch-shares');
    const journals: Journal[] = [
      {
        idempotencyKey: repaymentKey,
        kind: 'REPAYMENT',
        memo: 'principal 100,000, interest 20,000',
        lines: [
          { account: PLATFORM_WALLET, amount: 120_000 },
          { account: LOANS_RECEIVABLE, amount: -100_000 },
          { account: INTEREST_INCOME, amount: -20_000 },
        ],
      },
      {
        idempotencyKey: sharesKey,
        kind: 'REPAYMENT_SHARE',
        memo: 'interest passed to the lender',
        lines: [
          { account: INTEREST_INCOME, amount: 18_000 },
          { account: lender, amount: -18_000 },
        ],
      },
    ];
    const post = () => t.db.database.db.transaction((tx) => t.services.ledger.postJournals(tx, journals));
    const first = await post();
    expect(first.map((p) => p.isNew)).toEqual([true, true]);
    const again = await post();
    expect(again.map((p) => p.isNew)).toEqual([false, false]);
    expect(again.map((p) => p.posting.id)).toEqual(first.map((p) => p.posting.id));

    const entriesOf = async (postingId: number) =>
      (await t.services.ledger.entriesOf(t.db.database.db, postingId)).map((e) => [e.account, e.amount]);
    expect(await entriesOf(first[0]?.posting.id ?? 0)).toEqual(
      expect.arrayContaining([
        [PLATFORM_WALLET, 120_000],
        [LOANS_RECEIVABLE, -100_000],
        [INTEREST_INCOME, -20_000],
      ]),
    );
    expect(await entriesOf(first[1]?.posting.id ?? 0)).toEqual(
      expect.arrayContaining([
        [INTEREST_INCOME, 18_000],
        [lender, -18_000],
      ]),
    );
    expect(await balance(PLATFORM_WALLET)).toBe((before.get(PLATFORM_WALLET) ?? 0) + 120_000);
    expect(await balance(LOANS_RECEIVABLE)).toBe((before.get(LOANS_RECEIVABLE) ?? 0) - 100_000);
    // −20,000 from the repayment, +18,000 from the shares: the fee stays.
    expect(await balance(INTEREST_INCOME)).toBe((before.get(INTEREST_INCOME) ?? 0) - 2_000);
    expect(await balance(lender)).toBe(-18_000);
  });

  it('writes nothing of either posting when one of them would overdraw a wallet', async () => {
    const wallet = userWallet((await t.userWithToken('lender')).user.id);
    const before = await balance(PLATFORM_WALLET);
    const key = newKey('batch-overdraw');
    await expect(
      t.db.database.db.transaction((tx) =>
        t.services.ledger.postJournals(tx, [
          {
            idempotencyKey: `${key}:a`,
            kind: 'CAPITAL',
            memo: 'in',
            lines: [
              { account: PLATFORM_WALLET, amount: 1_000 },
              { account: PLATFORM_CAPITAL, amount: -1_000 },
            ],
          },
          {
            idempotencyKey: `${key}:b`,
            kind: 'WITHDRAWAL',
            memo: 'more than the wallet holds',
            lines: [
              { account: wallet, amount: 5_000 },
              { account: PLATFORM_WALLET, amount: -5_000 },
            ],
          },
        ]),
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'ledger_accounts_user_wallet_not_overdrawn' } });
    expect(await balance(PLATFORM_WALLET)).toBe(before);
    const postings = await t.db.database.db
      .select()
      .from(ledgerPostings)
      .where(sql`${ledgerPostings.idempotencyKey} like ${`${key}:%`}`);
    expect(postings).toEqual([]);
  });
});

describe('the database under the ledger', () => {
  /** Runs raw SQL in a transaction; answers the error it failed with, or null. */
  async function failureOf(query: ReturnType<typeof sql>): Promise<string | null> {
    try {
      await t.db.database.db.transaction(async (tx) => {
        await tx.execute(query);
      });
      return null;
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause;
      return cause?.message ?? String(error);
    }
  }

  const countOf = async (key: string) =>
    Number(
      (
        await selectRows<{ n: string }>(
          t.db.database.db,
          sql`select count(*) as n from ledger_postings where idempotency_key = ${key}`,
        )
      )[0]?.n,
    );

  it('refuses a posting whose entries were written around the service and do not balance, writing nothing', async () => {
    const failure = await failureOf(sql`
      with p as (insert into ledger_postings (idempotency_key, kind, memo, created_at)
                 values ('raw:unbalanced', 'CAPITAL', 'raw', now()) returning id)
      insert into ledger_entries (posting_id, account_id, amount, created_at)
      select p.id, a.id, 1000, now() from p, ledger_accounts a where a.code = 'PLATFORM_WALLET'`);
    expect(failure).toMatch(/does not balance: 1 entries summing to 1000/);
    expect(await countOf('raw:unbalanced')).toBe(0);
  });

  it('checks every posting one statement writes, not only the first', async () => {
    const failure = await failureOf(sql`
      with p as (insert into ledger_postings (idempotency_key, kind, memo, created_at)
                 values ('raw:even', 'CAPITAL', 'raw', now()), ('raw:odd', 'CAPITAL', 'raw', now())
                 returning id, idempotency_key as key),
           a as (select id, code from ledger_accounts where code in ('PLATFORM_WALLET', 'PLATFORM_CAPITAL'))
      insert into ledger_entries (posting_id, account_id, amount, created_at)
      select p.id, a.id,
             case when a.code = 'PLATFORM_WALLET' then 500 when p.key = 'raw:even' then -500 else -499 end, now()
      from p, a`);
    expect(failure).toMatch(/does not balance: 2 entries summing to 1/);
    expect(await countOf('raw:even')).toBe(0);
  });

  it('refuses a posting left with no entries at commit', async () => {
    const failure = await failureOf(sql`
      insert into ledger_postings (idempotency_key, kind, memo, created_at)
      values ('raw:empty', 'CAPITAL', 'raw', now())`);
    expect(failure).toMatch(/does not balance: 0 entries/);
    expect(await countOf('raw:empty')).toBe(0);
  });

  it('refuses an entry that names a posting or an account that does not exist', async () => {
    const { posting } = await fund(10_000);
    expect(
      await failureOf(sql`
        insert into ledger_entries (posting_id, account_id, amount, created_at)
        select ${posting.id}::bigint, a.id, 1, now() from ledger_accounts a where a.code = 'PLATFORM_WALLET'
        union all select ${posting.id}::bigint, 2147483647, -1, now()`),
    ).toMatch(/names account 2147483647, which does not exist/);
    expect(
      await failureOf(sql`
        insert into ledger_entries (posting_id, account_id, amount, created_at)
        select 9007199254740, a.id, v.amount, now()
        from ledger_accounts a, (values (1), (-1)) as v(amount) where a.code = 'PLATFORM_WALLET'`),
    ).toMatch(/names posting 9007199254740, which does not exist/);
  });

  it('refuses to delete a ledger account', async () => {
    expect(await failureOf(sql`delete from ledger_accounts where code = 'SUSPENSE'`)).toMatch(/append-only/);
  });

  it('refuses to change or delete a posted entry', async () => {
    const { posting } = await fund(10_000);
    await expect(
      t.db.database.db.execute(
        sql`update ledger_entries set amount = amount * 2 where posting_id = ${posting.id}`,
      ),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
    await expect(
      t.db.database.db.execute(sql`delete from ledger_postings where id = ${posting.id}`),
    ).rejects.toMatchObject({ cause: { message: expect.stringMatching(/append-only/) } });
  });
});

describe('ledgerService.reverse', () => {
  it('posts the mirror image once, restoring every balance, and nets the daily total', async () => {
    const before = await balance(PLATFORM_WALLET);
    const { posting } = await t.db.database.db.transaction((tx) =>
      t.services.ledger.postJournal(tx, {
        idempotencyKey: newKey('payout'),
        kind: 'DISBURSEMENT_RESERVE',
        memo: 'payout reserved',
        lines: [
          { account: providerClearing('mtn'), amount: 400_000 },
          { account: PLATFORM_WALLET, amount: -400_000 },
        ],
      }),
    );
    expect(await balance(PLATFORM_WALLET)).toBe(before - 400_000);
    const reverse = () =>
      t.db.database.db.transaction((tx) =>
        t.services.ledger.reverse(tx, { postingId: posting.id, memo: 'payout failed' }),
      );
    const first = await reverse();
    const second = await reverse();
    expect(first.isNew).toBe(true);
    expect(second.isNew).toBe(false);
    expect(first.posting.reversesPostingId).toBe(posting.id);
    expect(await balance(PLATFORM_WALLET)).toBe(before);
    const totals = await t.db.database.db
      .select()
      .from(ledgerDailyTotals)
      .where(sql`${ledgerDailyTotals.kind} = 'DISBURSEMENT_RESERVE'`);
    expect(totals.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    const allTime = await t.db.database.db
      .select()
      .from(ledgerKindTotals)
      .where(eq(ledgerKindTotals.kind, 'DISBURSEMENT_RESERVE'));
    // The all-time total follows the posting and its reversal like the daily totals do (summed
    // over the writers' slots).
    expect(allTime.reduce((sum, row) => sum + row.amount, 0)).toBe(0);
    expect(allTime.reduce((sum, row) => sum + row.postings, 0)).toBe(0);
  });
});
