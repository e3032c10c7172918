import { addDays, kampalaPeriods } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/retry-transaction.ts';
import { BadRequestError, ConflictError } from '../../http/errors.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_CAPITAL, PLATFORM_WALLET } from '../ledger/ledger-accounts.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  findTransactions,
  resolveFilter,
  summarizeTransactions,
  sumPostedPerWeek,
  sumPostedSince,
  type TransactionFilter,
  type TransactionOrdering,
} from './wallet.repo.ts';

export interface CapitalPayment {
  readonly postingId: number;
  readonly amount: number;
  readonly reference: string;
  readonly platformWalletBalance: number;
  readonly postedAt: Date;
}

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly ordering: TransactionOrdering;
}

/** The back-office's reading of money: transaction lists with their summary, and the financial statistics. */
export function createPlatformTransactionsService(deps: {
  db: Db;
  clock: Clock;
  ledger: LedgerService;
  users: UsersService;
}) {
  const { db, clock, ledger } = deps;

  async function page(filter: TransactionFilter, request: PageRequest) {
    const resolved = await resolveFilter(db, filter);
    const [rows, summary] = await Promise.all([
      findTransactions(db, resolved, {
        ordering: request.ordering,
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      }),
      summarizeTransactions(db, resolved),
    ]);
    return { rows, summary, count: summary.total };
  }

  return {
    page,

    async pageOfUser(userId: number, request: PageRequest) {
      await deps.users.getOpenUser(userId);
      return page({ userId }, request);
    },

    /**
     * An admin (or the CLI, adminId null) records owners' capital paid into the float, with the
     * transfer's reference, so a production database without demo data can lend. The key makes a
     * repeat post once and answer the first posting; the same key for another amount or reference is
     * refused.
     */
    async payInCapital(input: {
      amount: number;
      reference: string;
      idempotencyKey: string;
      adminId: number | null;
    }): Promise<CapitalPayment> {
      const memo = `Capital paid into the platform wallet, reference ${input.reference}`;
      return transaction(db, async (tx) => {
        const { posting, isNew } = await ledger.postJournal(tx, {
          idempotencyKey: `capital:${input.idempotencyKey}`,
          kind: 'CAPITAL',
          memo: input.adminId === null ? memo : `${memo} (recorded by admin #${input.adminId})`,
          lines: [
            { account: PLATFORM_WALLET, amount: input.amount },
            { account: PLATFORM_CAPITAL, amount: -input.amount },
          ],
        });
        if (!isNew) {
          const earlier = await ledger.entriesOf(tx, posting.id);
          const paidIn = earlier.find((entry) => entry.account === PLATFORM_WALLET)?.amount;
          if (paidIn !== input.amount || !posting.memo.startsWith(memo)) {
            throw new ConflictError('This Idempotency-Key was already used for a different capital payment.');
          }
        }
        return {
          postingId: posting.id,
          amount: input.amount,
          reference: input.reference,
          platformWalletBalance: await ledger.balanceOf(tx, PLATFORM_WALLET),
          postedAt: posting.createdAt,
        };
      });
    },

    /**
     * Records owners' capital paid into the platform's mobile-money float (Dr platform wallet,
     * Cr capital). The key makes a repeat harmless.
     */
    async fundPlatform(input: { amount: number; idempotencyKey: string; memo: string }) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new BadRequestError('Capital must be a whole number of shillings above 0');
      }
      return transaction(db, (tx) =>
        ledger.postJournal(tx, {
          idempotencyKey: `capital:${input.idempotencyKey}`,
          kind: 'CAPITAL',
          memo: input.memo,
          lines: [
            { account: PLATFORM_WALLET, amount: input.amount },
            { account: PLATFORM_CAPITAL, amount: -input.amount },
          ],
        }),
      );
    },

    /**
     * Platform wallet balance and disbursement/repayment totals, read from the ledger's running balance
     * and its per-day totals: a handful of rows however many entries the ledger holds.
     */
    async financialStats() {
      const now = clock.now();
      const periods = kampalaPeriods(now);
      const [wallet, posted] = await Promise.all([
        ledger.balanceOf(db, PLATFORM_WALLET),
        sumPostedSince(db, ['DISBURSEMENT', 'REPAYMENT'], periods),
      ]);
      const of = (kind: string) => posted.get(kind) ?? { total: 0, today: 0, week: 0, month: 0 };
      return {
        asOf: now,
        platformWallet: wallet,
        disbursements: of('DISBURSEMENT'),
        repayments: of('REPAYMENT'),
      };
    },

    /**
     * Disbursements and repayments per Kampala week for the dashboard's chart: the last `weeks`
     * weeks, this one included, oldest first, with 0 for a week without postings. Read from the
     * ledger's per-day totals, so the cost does not grow with the number of transactions.
     */
    async weeklyFlows(weeks: number) {
      const now = clock.now();
      const firstWeek = addDays(kampalaPeriods(now).weekStart, -7 * (weeks - 1));
      const rows = await sumPostedPerWeek(db, ['DISBURSEMENT', 'REPAYMENT'], firstWeek);
      const amountOf = (kind: string, weekStart: string) =>
        rows.find((row) => row.kind === kind && row.weekStart === weekStart)?.amount ?? 0;
      return {
        asOf: now,
        weeks: Array.from({ length: weeks }, (_, index) => {
          const weekStart = addDays(firstWeek, 7 * index);
          return {
            weekStart,
            disbursements: amountOf('DISBURSEMENT', weekStart),
            repayments: amountOf('REPAYMENT', weekStart),
          };
        }),
      };
    },
  };
}
export type PlatformTransactionsService = ReturnType<typeof createPlatformTransactionsService>;
