import { DAY_MS } from '@sente/contract';
/**
 * The money side of the scale seed (docs/money.md flows): a platform transaction for every payout,
 * collection, deposit and withdrawal, and the balanced ledger postings the payment flows would have
 * made for it — reserve and settle for payouts, settle for collections, a reversal for a failed
 * payout. Postings list their lines by account id, as the ledger service does. Account balances,
 * per-day posting totals and per-(type, status) transaction totals are summed as each row is
 * written, by the same function that writes it, and each posting is checked to balance as it is
 * made; the seed's tests compare all three with sums over the rows.
 */

import { perUserAccount } from '../../features/ledger/ledger-accounts.ts';
import { loanDisbursementDescription } from '../../features/lending/settle-disbursement.ts';
import type { Sink, TableSpec } from './bulk-sink.ts';
import { dateOf, dayOf, isoInstant } from './calendar.ts';
import type { Prng } from './prng.ts';
import type { MoneyHooks } from './scale-lending.ts';
import type { LenderPart, MarketMoney } from './scale-marketplace.ts';
import type { Person } from './scale-people.ts';
import type { Ids } from './tables.ts';

const spec = (name: string, columns: string): TableSpec => ({ name, columns: columns.split(/,\s*/) });

export const MONEY_TABLES = {
  transactions: spec(
    'platform_transactions',
    'id, reference_id, request_key, user_id, type, direction, amount, status, provider, phone_number, provider_reference, failure_reason, loan_id, application_id, description, category, attempts, next_poll_at, created_at, updated_at, completed_at, failed_at, requested_by_id',
  ),
  accounts: spec('ledger_accounts', 'id, code, name, kind, user_id, balance, created_at'),
  postings: spec(
    'ledger_postings',
    'id, idempotency_key, kind, memo, platform_transaction_id, reverses_posting_id, created_at',
  ),
  entries: spec('ledger_entries', 'id, posting_id, account_id, amount, created_at'),
  dailyTotals: spec('ledger_daily_totals', 'kind, day, slot, amount, postings'),
} as const;

/** The platform's own accounts, as migrations 0006 (ledger rules), 0017 (suspense) and 0019 (fee income) create them: ids 1–8. */
const ACCOUNT = {
  PLATFORM_WALLET: 1,
  PLATFORM_CAPITAL: 2,
  LOANS_RECEIVABLE: 3,
  INTEREST_INCOME: 4,
  'PROVIDER_CLEARING:mtn': 5,
  'PROVIDER_CLEARING:airtel': 6,
  SUSPENSE: 7,
  FEE_INCOME: 8,
} as const;
const FIRST_WALLET_ID = 9;

const MINUTE = 60_000;
const MODE = { mtn: 'MTN Mobile Money', airtel: 'Airtel Money' } as const;
const PAYOUT_FAILURES = [
  'The receiving number is not registered for mobile money',
  'The provider timed out; nothing was sent',
] as const;
const COLLECTION_FAILURES = [
  "Not enough money on the payer's account",
  'The payer did not approve the request in time',
  'The payer rejected the request',
] as const;

type Line = readonly [accountId: number, amount: number];
type Status = 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED';

export interface MoneyWriter extends MoneyHooks, MarketMoney {
  lender(person: Person): void;
  /** The opening capital (posted first in time, written last), the user accounts and the daily totals. */
  finish(start: number): void;
  /**
   * After the load: the platform's own accounts' balances (their rows come from the migrations)
   * and the transactions' counters. Run after `finish`.
   */
  totalsSql(): string[];
}

/** A posting as a reversal names it: by id, and by kind, since a reversal's daily total is the kind it reverses. */
interface PostingRef {
  readonly id: number;
  readonly kind: string;
}

/**
 * `openPayments`: how many collections are still on their way at the seed's "now" (PENDING or
 * PROCESSING, nothing posted); kept small because the server's poller asks the provider about them.
 */
export function moneyWriter(rng: Prng, sink: Sink, ids: Ids, now: number, openPayments: number): MoneyWriter {
  const T = MONEY_TABLES;
  let openLeft = openPayments;
  const loansWithOpenPayment = new Set<number>();
  /** Per-user accounts (wallets and lenders' reserved and invested), opened on first use as the ledger does. */
  const userAccounts = new Map<string, { id: number; userId: number; wallet: boolean }>();
  let paidOut = 0;
  let nextAccount = FIRST_WALLET_ID;
  // What the ledger service keeps in each posting's transaction, summed here as the lines are
  // written rather than by three scans of the entries after the load (380 s at scale 1000): every
  // account's balance by id, gross posted per kind and Kampala day, and the transactions' counters.
  const balances: number[] = Array.from({ length: FIRST_WALLET_ID }, () => 0);
  const daily = new Map<string, Map<number, { amount: number; postings: number }>>();
  const transactionTotals = new Map<
    string,
    { type: string; status: string; count: number; amount: number }
  >();

  const uuid = () => {
    let hex = '';
    for (let i = 0; i < 32; i++) hex += ((rng.next() * 16) | 0).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20)}`;
  };
  const phoneOf = (person: Person) => person.phone ?? `+25677${String(person.id).padStart(7, '0')}`;
  const accountOf = (kind: 'USER_WALLET' | 'LENDER_RESERVED' | 'LENDER_INVESTED', userId: number) => {
    const code = `${kind}:${userId}`;
    let account = userAccounts.get(code);
    if (account === undefined) {
      account = { id: nextAccount++, userId, wallet: kind === 'USER_WALLET' };
      userAccounts.set(code, account);
      balances[account.id] = 0;
    }
    return account.id;
  };
  const walletOf = (userId: number) => accountOf('USER_WALLET', userId);
  const lenderLines = (lenders: readonly LenderPart[] | undefined): Line[] =>
    (lenders ?? []).flatMap(({ lenderId, amount }) => [
      [accountOf('LENDER_RESERVED', lenderId), amount],
      [accountOf('LENDER_INVESTED', lenderId), -amount],
    ]);

  function post(
    key: string,
    kind: string,
    memo: string,
    transactionId: number | null,
    at: number,
    lines: Line[],
    reverses: PostingRef | null = null,
  ): PostingRef {
    const id = ids.take(T.postings);
    const createdAt = isoInstant(at);
    sink.add(T.postings, [id, key, kind, memo, transactionId, reverses?.id ?? null, createdAt]);
    const sorted = [...lines].sort((a, b) => a[0] - b[0]);
    let sum = 0;
    let gross = 0;
    let written = 0;
    for (const [account, amount] of sorted) {
      if (amount === 0) continue;
      written += 1;
      sink.add(T.entries, [ids.take(T.entries), id, account, amount, createdAt]);
      balances[account] = (balances[account] as number) + amount;
      sum += amount;
      if (amount > 0) gross += amount;
    }
    // The balance trigger is off for the load, so the seed checks each posting as it makes it.
    if (sum !== 0 || written < 2) throw new Error(`seed bug: posting ${key} does not balance`);
    const totalKind = reverses?.kind ?? kind;
    let days = daily.get(totalKind);
    if (days === undefined) {
      days = new Map();
      daily.set(totalKind, days);
    }
    const day = dayOf(at);
    let total = days.get(day);
    if (total === undefined) {
      total = { amount: 0, postings: 0 };
      days.set(day, total);
    }
    total.amount += reverses ? -gross : gross;
    total.postings += reverses ? -1 : 1;
    return { id, kind };
  }

  function transaction(input: {
    person: Person;
    type: 'DISBURSEMENT' | 'REPAYMENT' | 'DEPOSIT' | 'WITHDRAWAL';
    amount: number;
    status: Status;
    createdAt: number;
    finishedAt: number;
    /**
     * The payment's request key, or how to make it from the payment's id: a person's deposits can
     * fall on the same instant (a lender covering two bids made soon after its verification may
     * deposit for both a minute before it), so a key of the person and the time was not unique.
     */
    requestKey: string | ((id: number) => string);
    description: string;
    loanId?: number | null;
    applicationId?: number | null;
    failureReason?: string;
    /** The admin who asked for a payout (migration 0032); null for what borrowers and lenders start. */
    requestedById?: number | null;
  }) {
    const id = ids.take(T.transactions);
    const reference = uuid();
    const open = input.status === 'PENDING' || input.status === 'PROCESSING';
    const userSees = input.type === 'DISBURSEMENT' || input.type === 'DEPOSIT' ? 'CREDIT' : 'DEBIT';
    const counter = `${input.type}:${input.status}`;
    let totals = transactionTotals.get(counter);
    if (totals === undefined) {
      totals = { type: input.type, status: input.status, count: 0, amount: 0 };
      transactionTotals.set(counter, totals);
    }
    totals.count += 1;
    totals.amount += input.amount;
    sink.add(T.transactions, [
      id,
      reference,
      typeof input.requestKey === 'string' ? input.requestKey : input.requestKey(id),
      input.person.id,
      input.type,
      userSees,
      input.amount,
      input.status,
      input.person.provider,
      phoneOf(input.person),
      input.status === 'COMPLETED' ? String(rng.int(1_000_000_000, 9_999_999_999)) : null,
      input.status === 'FAILED' ? (input.failureReason ?? null) : null,
      input.loanId ?? null,
      input.applicationId ?? null,
      input.description,
      input.type === 'DISBURSEMENT' || input.type === 'REPAYMENT' ? 'LOAN' : 'WALLET',
      input.status === 'PENDING' ? 0 : rng.int(1, 2),
      open ? isoInstant(now + MINUTE) : null,
      isoInstant(input.createdAt),
      isoInstant(open ? input.createdAt : input.finishedAt),
      input.status === 'COMPLETED' ? isoInstant(input.finishedAt) : null,
      input.status === 'FAILED' ? isoInstant(input.finishedAt) : null,
      input.requestedById ?? null,
    ]);
    return { id, reference };
  }

  return {
    disbursement({ person, applicationId, loanId, loanRef, amount, at, lenders, requestedById }) {
      const clearing = ACCOUNT[`PROVIDER_CLEARING:${person.provider}`];
      const createdAt = at - rng.int(1, 20) * MINUTE;
      const { id, reference } = transaction({
        person,
        type: 'DISBURSEMENT',
        amount,
        status: 'COMPLETED',
        createdAt,
        finishedAt: at,
        requestKey: `seed.disburse:${applicationId}`,
        description: loanDisbursementDescription(loanRef, phoneOf(person)),
        loanId,
        applicationId,
        requestedById,
      });
      post(
        `payment:${id}:reserve`,
        'DISBURSEMENT_RESERVE',
        `Loan payout ${reference} reserved`,
        id,
        createdAt,
        [[clearing, amount], [ACCOUNT.PLATFORM_WALLET, -amount], ...lenderLines(lenders)],
      );
      post(`payment:${id}:settle`, 'DISBURSEMENT', `Loan ${loanRef} paid out (${reference})`, id, at, [
        [ACCOUNT.LOANS_RECEIVABLE, amount],
        [clearing, -amount],
      ]);
      paidOut += amount;
      return id;
    },

    payoutWithoutLoan({ person, applicationId, amount, at, lenders, requestedById }) {
      // A lender-funded payout is never left in flight: its lenders' money would be lent out with
      // no participation yet, which the seed's checks (and a settled database) do not have.
      const recent = now - at < DAY_MS / 4 && lenders === undefined;
      if (!recent && !rng.chance(0.4)) return false; // approved, waiting for the admin to disburse
      const status: Status = recent ? (rng.chance(0.5) ? 'PENDING' : 'PROCESSING') : 'FAILED';
      const reason = rng.pick(PAYOUT_FAILURES);
      const { id, reference } = transaction({
        person,
        type: 'DISBURSEMENT',
        amount,
        status,
        createdAt: at,
        finishedAt: at + rng.int(1, 30) * MINUTE,
        requestKey: `seed.disburse:${applicationId}`,
        description: `Loan disbursement for application #${applicationId} to ${phoneOf(person)}`,
        applicationId,
        failureReason: reason,
        requestedById,
      });
      const clearing = ACCOUNT[`PROVIDER_CLEARING:${person.provider}`];
      const reserve = post(
        `payment:${id}:reserve`,
        'DISBURSEMENT_RESERVE',
        `Loan payout ${reference} reserved`,
        id,
        at,
        [[clearing, amount], [ACCOUNT.PLATFORM_WALLET, -amount], ...lenderLines(lenders)],
      );
      if (status === 'FAILED') {
        // The whole reservation is reversed: the lenders' money is reserved for them again.
        const back = lenderLines(lenders).map(([account, value]): Line => [account, -value]);
        post(
          `reversal:${reserve.id}`,
          'REVERSAL',
          `Payment ${reference} failed: ${reason}`,
          id,
          at + 30 * MINUTE,
          [[clearing, -amount], [ACCOUNT.PLATFORM_WALLET, amount], ...back],
          reserve,
        );
      } else {
        paidOut += amount;
      }
      return true;
    },

    repayment({ person, loanId, loanRef, amount, principal, interest, at, shares }) {
      const description = `Repayment of loan ${loanRef} from ${phoneOf(person)}`;
      if (openLeft > 0 && now - at < 3 * DAY_MS && !loansWithOpenPayment.has(loanId)) {
        loansWithOpenPayment.add(loanId);
        // The borrower's next payment, requested a few minutes before "now" and not yet confirmed.
        openLeft--;
        const createdAt = now - rng.int(1, 30) * MINUTE;
        transaction({
          person,
          type: 'REPAYMENT',
          amount: Math.min(amount, 50_000),
          status: openLeft % 2 === 0 ? 'PENDING' : 'PROCESSING',
          createdAt,
          finishedAt: createdAt,
          requestKey: `seed.repay-open:${loanId}`,
          description,
          loanId,
        });
      }
      if (rng.chance(0.04)) {
        // An earlier attempt the payer did not complete: nothing was posted.
        transaction({
          person,
          type: 'REPAYMENT',
          amount,
          status: 'FAILED',
          createdAt: at - rng.int(30, 600) * MINUTE,
          finishedAt: at - rng.int(1, 29) * MINUTE,
          requestKey: (id) => `seed.repay-failed:${loanId}:${id}`,
          description,
          loanId,
          failureReason: rng.pick(COLLECTION_FAILURES),
        });
      }
      const { id, reference } = transaction({
        person,
        type: 'REPAYMENT',
        amount,
        status: 'COMPLETED',
        createdAt: at - rng.int(1, 5) * MINUTE,
        finishedAt: at,
        requestKey: (id) => `seed.repay:${loanId}:${id}`,
        description,
        loanId,
      });
      post(
        `payment:${id}:settle`,
        'REPAYMENT',
        `Repayment ${reference}: principal ${principal}, interest ${interest}`,
        id,
        at,
        [
          [ACCOUNT.PLATFORM_WALLET, amount],
          [ACCOUNT.LOANS_RECEIVABLE, -principal],
          [ACCOUNT.INTEREST_INCOME, -interest],
        ],
      );
      if (shares && shares.length > 0) {
        const lines: Line[] = [];
        let interestOut = 0;
        let fees = 0;
        for (const share of shares) {
          interestOut += share.interest;
          fees += share.fee;
          lines.push([accountOf('LENDER_INVESTED', share.lenderId), share.principal]);
          lines.push([walletOf(share.lenderId), -(share.principal + share.interest - share.fee)]);
        }
        lines.push([ACCOUNT.INTEREST_INCOME, interestOut], [ACCOUNT.FEE_INCOME, -fees]);
        post(
          `payment:${id}:shares`,
          'REPAYMENT_SHARE',
          `Repayment ${reference} shared among the loan's lenders, less the platform fee`,
          id,
          at,
          lines,
        );
      }
      return { transactionId: id, mode: MODE[person.provider] };
    },

    fundingDeposit(person, amount, at) {
      const { id, reference } = transaction({
        person,
        type: 'DEPOSIT',
        amount,
        status: 'COMPLETED',
        createdAt: at - rng.int(1, 10) * MINUTE,
        finishedAt: at,
        requestKey: (id) => `seed.fund:${person.id}:${id}`,
        description: `Wallet deposit from ${phoneOf(person)}`,
      });
      post(`payment:${id}:settle`, 'DEPOSIT', `Deposit ${reference} received`, id, at, [
        [ACCOUNT.PLATFORM_WALLET, amount],
        [walletOf(person.id), -amount],
      ]);
    },

    bidReserve({ bidId, listingId, lenderId, amount, at }) {
      post(
        `bid:${bidId}:reserve`,
        'BID_RESERVE',
        `Bid #${bidId} on listing #${listingId} reserved`,
        null,
        at,
        [
          [walletOf(lenderId), amount],
          [accountOf('LENDER_RESERVED', lenderId), -amount],
        ],
      );
    },

    bidRelease({ bidId, listingId, lenderId, amount, at, why }) {
      post(
        `bid:${bidId}:release`,
        'BID_RELEASE',
        `Bid #${bidId} on listing #${listingId} released: ${why}`,
        null,
        at,
        [
          [accountOf('LENDER_RESERVED', lenderId), amount],
          [walletOf(lenderId), -amount],
        ],
      );
    },

    lender(person) {
      const wallet = walletOf(person.id);
      let balance = 0; // what the platform owes the lender
      const movements = rng.int(2, 40);
      const from = person.registeredAt + DAY_MS;
      if (from >= now) return;
      const times = Array.from({ length: movements }, () => from + rng.next() * (now - from)).sort(
        (a, b) => a - b,
      );
      for (const at of times) {
        const clearing = ACCOUNT[`PROVIDER_CLEARING:${person.provider}`];
        const withdraw = balance > 200_000 && rng.chance(0.3);
        if (!withdraw) {
          const amount = rng.int(10, 400) * 50_000;
          const failed = rng.chance(0.05);
          const { id, reference } = transaction({
            person,
            type: 'DEPOSIT',
            amount,
            status: failed ? 'FAILED' : 'COMPLETED',
            createdAt: at - rng.int(1, 10) * MINUTE,
            finishedAt: at,
            requestKey: (id) => `seed.deposit:${person.id}:${id}`,
            description: `Wallet deposit from ${phoneOf(person)}`,
            failureReason: rng.pick(COLLECTION_FAILURES),
          });
          if (!failed) {
            post(`payment:${id}:settle`, 'DEPOSIT', `Deposit ${reference} received`, id, at, [
              [ACCOUNT.PLATFORM_WALLET, amount],
              [wallet, -amount],
            ]);
            balance += amount;
          }
          continue;
        }
        const amount = Math.max(50_000, Math.floor((balance * rng.between(0.1, 0.9)) / 50_000) * 50_000);
        const failed = rng.chance(0.05);
        const createdAt = at - rng.int(1, 10) * MINUTE;
        const { id, reference } = transaction({
          person,
          type: 'WITHDRAWAL',
          amount,
          status: failed ? 'FAILED' : 'COMPLETED',
          createdAt,
          finishedAt: at,
          requestKey: (id) => `seed.withdraw:${person.id}:${id}`,
          description: `Wallet withdrawal to ${phoneOf(person)}`,
          failureReason: rng.pick(PAYOUT_FAILURES),
        });
        const reserve = post(
          `payment:${id}:reserve`,
          'WITHDRAWAL_RESERVE',
          `Withdrawal ${reference} reserved`,
          id,
          createdAt,
          [
            [wallet, amount],
            [clearing, -amount],
          ],
        );
        if (failed) {
          post(
            `reversal:${reserve.id}`,
            'REVERSAL',
            `Payment ${reference} failed: ${rng.pick(PAYOUT_FAILURES)}`,
            id,
            at,
            [
              [wallet, -amount],
              [clearing, amount],
            ],
            reserve,
          );
        } else {
          post(`payment:${id}:settle`, 'WITHDRAWAL', `Withdrawal ${reference} paid out`, id, at, [
            [clearing, amount],
            [ACCOUNT.PLATFORM_WALLET, -amount],
          ]);
          balance -= amount;
          paidOut += amount;
        }
      }
    },

    finish(start) {
      // Enough capital that the float never runs dry, posted before anything else happened.
      const capital = Math.ceil((paidOut * 1.05) / 1_000_000) * 1_000_000 + 100_000_000;
      post('capital:seed-opening', 'CAPITAL', 'Opening capital paid in by the owners', null, start - DAY_MS, [
        [ACCOUNT.PLATFORM_WALLET, capital],
        [ACCOUNT.PLATFORM_CAPITAL, -capital],
      ]);
      for (const [code, { id, userId, wallet }] of userAccounts) {
        const name = perUserAccount(code)?.name ?? code;
        sink.add(T.accounts, [
          id,
          code,
          name,
          'liability',
          wallet ? userId : null,
          balances[id] as number,
          isoInstant(start),
        ]);
      }
      for (const [kind, days] of daily) {
        for (const [day, { amount, postings }] of days) {
          sink.add(T.dailyTotals, [kind, dateOf(day), 0, amount, postings]);
        }
      }
    },

    totalsSql() {
      const platform = Object.values(ACCOUNT).map((id) => `(${id}, ${balances[id]})`);
      const counters = [...transactionTotals.values()].map(
        ({ type, status, count, amount }) => `('${type}', '${status}', ${count}, ${amount})`,
      );
      return [
        `update ledger_accounts a set balance = v.balance from (values ${platform.join(', ')}) v(id, balance)
          where a.id = v.id`,
        `update platform_transaction_totals t set count = v.n, amount = v.total
           from (values ${counters.join(', ')}) v(type, status, n, total)
          where t.type::text = v.type and t.status::text = v.status`,
      ];
    },
  };
}
