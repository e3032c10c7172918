import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { kampalaPeriods } from '../../kampala-time.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_WALLET } from '../ledger/ledger-accounts.ts';
import type { UsersService } from '../users/users.service.ts';
import {
  findTransactions,
  summarizeTransactions,
  sumPostedSince,
  type TransactionFilter,
  type TransactionOrdering,
} from './wallet.repo.ts';

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
    const [rows, summary] = await Promise.all([
      findTransactions(db, filter, {
        ordering: request.ordering,
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      }),
      summarizeTransactions(db, filter),
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
  };
}
export type PlatformTransactionsService = ReturnType<typeof createPlatformTransactionsService>;
