import {
  type CsvColumn,
  isMoneyIn,
  kampalaIsoDateTime,
  platformSignedAmount,
  toUgxString,
} from '@sente/contract';
import type { ShownTransaction } from '../payments/platform-transaction.ts';
import type { TransactionSummary } from './transaction-list.repo.ts';

export function toSummaryDto(summary: TransactionSummary) {
  return {
    total_transactions: summary.total,
    successful_transactions: summary.completed,
    pending_transactions: summary.pending + summary.processing,
    processing_transactions: summary.processing,
    failed_transactions: summary.failed,
    total_amount: toUgxString(summary.amount),
  };
}

export function toPeriodTotalsDto(totals: { today: number; week: number; month: number }) {
  return {
    today: toUgxString(totals.today),
    this_week: toUgxString(totals.week),
    this_month: toUgxString(totals.month),
  };
}

/**
 * The transactions export's columns: amounts as plain whole shillings signed from the platform's
 * side (money in positive), times as ISO 8601 in Kampala time.
 */
export const TRANSACTION_CSV_COLUMNS: readonly CsvColumn<ShownTransaction>[] = [
  { header: 'Transaction ID', value: (t) => t.referenceId },
  { header: 'Created At', value: (t) => kampalaIsoDateTime(t.createdAt) },
  { header: 'Completed At', value: (t) => (t.completedAt ? kampalaIsoDateTime(t.completedAt) : null) },
  { header: 'User', value: (t) => t.userName },
  { header: 'Email', value: (t) => t.userEmail },
  { header: 'Type', value: (t) => t.type },
  { header: 'Direction', value: (t) => (isMoneyIn(t.type) ? 'IN' : 'OUT') },
  { header: 'Amount (UGX)', value: (t) => platformSignedAmount(t.type, t.amount) },
  { header: 'Status', value: (t) => t.status },
  // The loan's reference, its one name on every screen (issue 18).
  { header: 'Loan', value: (t) => t.loanRef },
  { header: 'Provider', value: (t) => t.provider },
  { header: 'Provider Reference', value: (t) => t.providerReference },
  { header: 'Phone', value: (t) => t.phoneNumber },
  { header: 'Description', value: (t) => t.description },
];
