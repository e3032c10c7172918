import { toUgxString } from '@sente/contract';
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
