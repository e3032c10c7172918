import type { LoanDto } from '@sente/contract';
import { StatusBadge, toneOfStatus } from '../../../ui/status-badge.tsx';

const STATUS_LABELS: Record<LoanDto['status'], string> = {
  ACTIVE: 'Active',
  OVERDUE: 'Overdue',
  DEFAULT: 'Default',
  FULLY_PAID: 'Fully Paid',
};

export const LOAN_STATUSES = Object.keys(STATUS_LABELS) as LoanDto['status'][];

export function loanStatusLabel(status: LoanDto['status']): string {
  return STATUS_LABELS[status];
}

/** A loan's status as the profile shows it: a running loan in blue, so green means fully paid. */
export function LoanStatusBadge({ status }: { readonly status: LoanDto['status'] }) {
  return (
    <StatusBadge label={STATUS_LABELS[status]} tone={status === 'ACTIVE' ? 'blue' : toneOfStatus(status)} />
  );
}
