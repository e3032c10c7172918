import {
  ARREARS_BUCKETS,
  type ArrearsBucket,
  addDays,
  arrearsBucketDueDates,
  buildSchedule,
  type CollectionOrdering,
  type InterestType,
  kampalaDate,
  type LoanOrdering,
  rateToBasisPoints,
  toUgxString,
} from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { allocateRepayment, allocateRepayments } from './allocate-repayment.ts';
import { createLoanFromApplication } from './create-loan.ts';
import { findLoansForExport, listLoans } from './loan-list.repo.ts';
import {
  countOverdueBetween,
  findDisburser,
  findLoanView,
  findOverdueForExport,
  type LoanView,
  listLoanViews,
  listOverdueLoans,
  listRepaymentViews,
} from './loan-reads.repo.ts';
import {
  countMissedInstallments,
  loanTotalsByStatus,
  maxDaysInArrears,
  repaymentTotals,
} from './loan-stats.repo.ts';
import { daysInArrears } from './loan-status.ts';
import { updateLoanStatuses } from './loan-status-update.ts';
import { findInstallments, findStatusHistory } from './loans.repo.ts';
import { paymentPercentage } from './payment-percentage.ts';
import { findRepaymentsForExport, type RepaymentExportPage } from './repayment-export.repo.ts';

export interface LoanViewer {
  readonly id: number;
  readonly role: 'admin' | 'borrower' | 'lender';
}

export type { ExportedLoan } from './loan-list.repo.ts';
export type { OverdueRow } from './loan-reads.repo.ts';

/** The worklist's filters as the routes read them (docs/lending.md, The loans worklist). */
export interface WorklistFilter {
  readonly status?: LoanView['loan']['status'] | undefined;
  readonly userId?: number | undefined;
  readonly search?: string | undefined;
  readonly arrears?: ArrearsBucket | undefined;
  readonly nextDueFrom?: string | undefined;
  readonly nextDueTo?: string | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
}

const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));
const earlier = (a: string | undefined, b: string | undefined) => (a && b ? (a < b ? a : b) : (a ?? b));

/**
 * Loans: creation from an approved application and repayment allocation (both in the caller's
 * transaction, for the money feature's disburse and repay flows), reads and statistics.
 */
export function createLoansService({
  db,
  clock,
  messages,
}: {
  db: Db;
  clock: Clock;
  messages: Pick<MessagesService, 'send'>;
}) {
  const today = () => kampalaDate(clock.now());

  /**
   * The arrears bucket and the next-due range both narrow the next (oldest unpaid) due date, so they
   * meet as one date range; one that cannot match answers nothing.
   */
  function filterOf(query: WorklistFilter) {
    const bucket = query.arrears ? arrearsBucketDueDates(query.arrears, today()) : undefined;
    return {
      status: query.status,
      userId: query.userId,
      search: query.search,
      dueFrom: later(bucket?.from, query.nextDueFrom),
      dueTo: earlier(bucket?.to, query.nextDueTo),
      amountMin: query.amountMin,
      amountMax: query.amountMax,
    };
  }

  /** Inside a unit of work, pass its transaction: the read then sees (and waits for) its locks. */
  async function view(id: number, handle: DbOrTx = db): Promise<LoanView> {
    const row = await findLoanView(handle, id);
    if (!row) throw new NotFoundError('LOAN_NOT_FOUND', 'Loan not found');
    return row;
  }

  /** The borrower or an admin may read a loan; anyone else is told it does not exist. */
  async function viewFor(viewer: LoanViewer, id: number, handle: DbOrTx = db): Promise<LoanView> {
    const row = await view(id, handle);
    if (viewer.role !== 'admin' && row.loan.userId !== viewer.id)
      throw new NotFoundError('LOAN_NOT_FOUND', 'Loan not found');
    return row;
  }

  return {
    createLoanFromApplication,
    allocateRepayment,
    allocateRepayments,
    today,

    /** The status job's work, now, without its lock (the demo seed uses it). */
    refreshStatuses: () => db.transaction((tx) => updateLoanStatuses(tx, clock.now(), messages)),

    /** The schedule a loan would have (the credit check and the calculator use it). */
    previewSchedule(input: { principal: number; rate: string; months: number; interestType: InterestType }) {
      return buildSchedule({
        principal: input.principal,
        monthlyRateBasisPoints: rateToBasisPoints(input.rate),
        months: input.months,
        interestType: input.interestType,
      });
    },

    get: view,
    getFor: viewFor,

    async detailFor(viewer: LoanViewer, id: number) {
      const loan = await viewFor(viewer, id);
      const disburserId = loan.loan.disbursedById;
      const [installments, history, disburser] = await Promise.all([
        findInstallments(db, id),
        findStatusHistory(db, id),
        // Staff see who paid the loan out; the borrower's own view does not name the admin.
        viewer.role === 'admin' && disburserId !== null ? findDisburser(db, disburserId) : undefined,
      ]);
      return {
        loan,
        installments,
        history,
        disbursedBy: viewer.role === 'admin' ? (disburser ?? null) : undefined,
      };
    },

    async balanceFor(viewer: LoanViewer, id: number) {
      const { loan } = await viewFor(viewer, id);
      const installments = await findInstallments(db, id);
      const day = today();
      let principalOutstanding = 0;
      let interestOutstanding = 0;
      let amountDue = 0;
      let arrears = 0;
      for (const i of installments) {
        const unpaid = i.principalDue - i.principalPaid + i.interestDue - i.interestPaid;
        principalOutstanding += i.principalDue - i.principalPaid;
        interestOutstanding += i.interestDue - i.interestPaid;
        if (i.dueDate <= day) amountDue += unpaid;
        if (i.dueDate < day) arrears += unpaid;
      }
      const next = installments.find(
        (i) => i.principalPaid < i.principalDue || i.interestPaid < i.interestDue,
      );
      const nextAmount = next
        ? next.principalDue - next.principalPaid + next.interestDue - next.interestPaid
        : 0;
      return {
        loan: loan.id,
        loan_id: loan.loanRef,
        status: loan.status,
        total_payable: toUgxString(loan.totalPayable),
        total_payments: toUgxString(loan.totalPayments),
        remaining_balance: toUgxString(loan.totalPayable - loan.totalPayments),
        principal_outstanding: toUgxString(principalOutstanding),
        interest_outstanding: toUgxString(interestOutstanding),
        amount_due: toUgxString(amountDue),
        arrears_amount: toUgxString(arrears),
        days_in_arrears: daysInArrears(loan.oldestUnpaidDueDate, day),
        next_due_date: next?.dueDate ?? null,
        next_installment_amount: toUgxString(nextAmount),
        payment_percentage: paymentPercentage(loan),
      };
    },

    list(filter: {
      status?: LoanView['loan']['status'] | undefined;
      userId?: number | undefined;
      limit: number;
      offset: number;
    }) {
      return listLoanViews(db, filter);
    },

    /** One keyset page of the worklist's CSV export: the same filters, opened within the range. */
    exportPage(
      query: WorklistFilter,
      page: {
        from?: Date | undefined;
        until?: Date | undefined;
        after: { at: string; id: number } | null;
        limit: number;
      },
    ) {
      return findLoansForExport(db, filterOf(query), page);
    },

    /** One keyset page of the Collections export: the bucket and the range on the day a loan fell late. */
    exportOverduePage(
      query: { bucket?: ArrearsBucket | undefined; from?: string | undefined; to?: string | undefined },
      page: { after: { due: string; id: number } | null; limit: number },
    ) {
      const day = today();
      const bucket = query.bucket ? arrearsBucketDueDates(query.bucket, day) : undefined;
      return findOverdueForExport(db, day, {
        dueFrom: later(bucket?.from, query.from),
        dueTo: earlier(bucket?.to, query.to),
        ...page,
      });
    },

    /**
     * The admin's loans worklist. The arrears bucket and the next-due range both narrow the next
     * (oldest unpaid) due date, so they meet as one date range; one that cannot match answers nothing.
     */
    worklist(query: WorklistFilter & { ordering: LoanOrdering; limit: number; offset: number }) {
      return listLoans(db, {
        ...filterOf(query),
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
      });
    },

    listRepayments(filter: { loanId?: number | undefined; limit: number; offset: number }) {
      return listRepaymentViews(db, filter);
    },

    /** A keyset page of the repayments export (http/csv-export.ts). */
    exportRepaymentsPage(page: RepaymentExportPage) {
      return findRepaymentsForExport(db, page);
    },

    listOverdue(query: {
      bucket?: ArrearsBucket | undefined;
      ordering: CollectionOrdering;
      limit: number;
      offset: number;
    }) {
      const day = today();
      const range = query.bucket ? arrearsBucketDueDates(query.bucket, day) : undefined;
      return listOverdueLoans(db, day, {
        dueFrom: range?.from,
        dueTo: range?.to,
        ordering: query.ordering,
        limit: query.limit,
        offset: query.offset,
      });
    },

    /** How many loans are in each arrears bucket today. */
    async collectionBuckets() {
      const day = today();
      const buckets = await Promise.all(
        ARREARS_BUCKETS.map(async (bucket) => ({
          bucket,
          count: await countOverdueBetween(db, day, arrearsBucketDueDates(bucket, day)),
        })),
      );
      return { buckets, total: buckets.reduce((sum, b) => sum + b.count, 0) };
    },

    /** Per status: count and principal; plus what is still owed on all loans when asked. */
    async statusStatistics(includeOutstanding: boolean) {
      const t = await loanTotalsByStatus(db);
      const pair = (s: keyof typeof t) => ({ count: t[s].count, total: toUgxString(t[s].amount) });
      const outstanding = t.ACTIVE.outstanding + t.OVERDUE.outstanding + t.DEFAULT.outstanding;
      return {
        active_loans: pair('ACTIVE'),
        overdue_loans: pair('OVERDUE'),
        default_loans: pair('DEFAULT'),
        fully_paid_loans: pair('FULLY_PAID'),
        ...(includeOutstanding ? { outstanding_balance: toUgxString(outstanding) } : {}),
      };
    },

    async countStatistics() {
      const t = await loanTotalsByStatus(db);
      const all = Object.values(t);
      const sum = (pick: (s: (typeof all)[number]) => number) => all.reduce((total, s) => total + pick(s), 0);
      return {
        total_loans: sum((s) => s.count),
        active_loans: t.ACTIVE.count,
        overdue_loans: t.OVERDUE.count,
        fully_paid_loans: t.FULLY_PAID.count,
        default_loans: t.DEFAULT.count,
        total_portfolio: toUgxString(sum((s) => s.amount)),
        outstanding_balance: toUgxString(sum((s) => s.outstanding)),
        total_repayments: toUgxString(sum((s) => s.payments)),
      };
    },

    async userStatistics(userId: number) {
      const [t, maxDays] = await Promise.all([
        loanTotalsByStatus(db, userId),
        maxDaysInArrears(db, userId, today()),
      ]);
      const all = Object.values(t);
      const sum = (pick: (s: (typeof all)[number]) => number) => all.reduce((total, s) => total + pick(s), 0);
      return {
        total_loans: sum((s) => s.count),
        active_loans: t.ACTIVE.count,
        overdue_loans: t.OVERDUE.count,
        default_loans: t.DEFAULT.count,
        fully_paid_loans: t.FULLY_PAID.count,
        total_borrowed: toUgxString(sum((s) => s.amount)),
        total_payable: toUgxString(sum((s) => s.payable)),
        total_repaid: toUgxString(sum((s) => s.payments)),
        outstanding_balance: toUgxString(sum((s) => s.outstanding)),
        max_days_in_arrears: maxDays,
      };
    },

    /**
     * Totals of all time; on-time, late and missed over the last 30 days: the Kampala dates from 30
     * days ago on (repayments up to now; installments due before today, when they can be missed).
     */
    async repaymentStatistics() {
      const day = today();
      const firstDay = addDays(day, -30);
      const [totals, byStatus, missed] = await Promise.all([
        repaymentTotals(db, firstDay),
        loanTotalsByStatus(db),
        countMissedInstallments(db, firstDay, day),
      ]);
      const judged = totals.onTime + totals.late + missed;
      return {
        total_repayments: toUgxString(totals.total),
        total_payment_transactions: totals.count,
        total_outstanding: toUgxString(
          byStatus.ACTIVE.outstanding + byStatus.OVERDUE.outstanding + byStatus.DEFAULT.outstanding,
        ),
        ontime_payments: totals.onTime,
        late_payments: totals.late,
        missed_payments: missed,
        success_rate: judged === 0 ? 0 : Math.round((totals.onTime * 10_000) / judged) / 100,
      };
    },
  };
}
export type LoansService = ReturnType<typeof createLoansService>;
