import { addDays, kampalaPeriods } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';

import type { LedgerService } from '../ledger/ledger.service.ts';
import { PLATFORM_WALLET } from '../ledger/ledger-accounts.ts';
import type { UsersService } from '../users/users.service.ts';
import { sumPostedPerWeek, sumPostedSince } from './money-flows.repo.ts';
import {
  type ExportPage,
  findTransactions,
  findTransactionsForExport,
  resolveFilter,
  summarizeTransactions,
  type TransactionFilter,
  type TransactionOrdering,
} from './transaction-list.repo.ts';

export type {
  ExportedTransaction,
  TransactionFilter,
  TransactionOrdering,
} from './transaction-list.repo.ts';

export interface PageRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly ordering: TransactionOrdering;
}

/**
 * The read side of money: transaction lists with their summary, and the financial and weekly
 * statistics. It writes nothing; every figure comes from the payments table or the ledger's running
 * totals, outside any transaction.
 */
export function createMoneyReportsService(deps: {
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

    /**
     * A keyset page of the export; the search is resolved again per page (one small indexed read),
     * so nothing is kept between pages but the cursor.
     */
    async exportPage(filter: TransactionFilter, page: ExportPage) {
      return findTransactionsForExport(db, await resolveFilter(db, filter), page);
    },

    async pageOfUser(userId: number, request: PageRequest) {
      await deps.users.getOpenUser(userId);
      return page({ userId }, request);
    },

    /** The newest `limit` transactions of one user, without counting them all. */
    async latestOf(userId: number, limit: number) {
      return findTransactions(db, await resolveFilter(db, { userId }), {
        ordering: '-created_at',
        limit,
        offset: 0,
      });
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
export type MoneyReportsService = ReturnType<typeof createMoneyReportsService>;
