import { type PlatformCapitalAnswer, toUgxString } from '@sente/contract';
import type { CapitalPayment } from './platform-transactions.service.ts';
import type { TransactionSummary } from './wallet.repo.ts';
import type { WalletBalance } from './wallet.service.ts';

export function toWalletBalanceDto(balance: WalletBalance) {
  return {
    user_id: balance.userId,
    balance: toUgxString(balance.available + balance.pendingWithdrawals),
    available_balance: toUgxString(balance.available),
    pending_withdrawals: toUgxString(balance.pendingWithdrawals),
    currency: 'UGX' as const,
  };
}

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

export function toCapitalPaymentDto(payment: CapitalPayment): PlatformCapitalAnswer {
  return {
    posting_id: payment.postingId,
    amount: toUgxString(payment.amount),
    reference: payment.reference,
    platform_wallet_balance: toUgxString(payment.platformWalletBalance),
    posted_at: payment.postedAt.toISOString(),
  };
}
