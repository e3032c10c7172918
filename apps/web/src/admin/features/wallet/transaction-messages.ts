import { ApiRequestError } from '../../../lib/api-client.ts';

/** The platform transactions screen's error text by cause (spec section 8), word for word. */
export function transactionsErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 401) return 'Authentication failed. Please login again.';
    if (error.status === 403) return 'Access denied. Admin permissions required.';
    if (error.status === 0) return 'Network error. Please check your connection.';
  }
  return 'Failed to load transactions.';
}

/** Platform transactions come 20 a page (spec section 9); the pager shows only past that. */
export const TRANSACTIONS_PAGE_SIZE = 20;

export const TYPE_LABELS: Readonly<Record<string, string>> = {
  DISBURSEMENT: 'Disbursement',
  WITHDRAWAL: 'Withdrawal',
  REPAYMENT: 'Repayment',
  DEPOSIT: 'Deposit',
};

export const STATUS_LABELS: Readonly<Record<string, string>> = {
  COMPLETED: 'Completed',
  PENDING: 'Pending',
  PROCESSING: 'Processing',
  FAILED: 'Failed',
};
