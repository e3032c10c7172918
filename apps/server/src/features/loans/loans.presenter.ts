import { type CsvColumn, kampalaIsoDateTime, type LoanDto, toUgxString } from '@sente/contract';
import type { ExportedLoan } from './loan-list.repo.ts';
import type { LoanView, OverdueRow, RepaymentView } from './loan-reads.repo.ts';
import { daysInArrears } from './loan-status.ts';
import type { InstallmentRow, StatusHistoryRow } from './loans.repo.ts';
import { paymentPercentage } from './payment-percentage.ts';

export function toLoanDto({ loan, userName, loanTypeName }: LoanView, today: string): LoanDto {
  return {
    id: loan.id,
    loan_id: loan.loanRef,
    user: loan.userId,
    user_name: userName,
    application: loan.applicationId,
    loan_type: loan.loanTypeId,
    loan_type_name: loanTypeName,
    amount: toUgxString(loan.amount),
    interest_rate: loan.interestRate,
    interest_type: loan.interestType,
    loan_term: loan.termWeeks,
    loan_term_months: loan.termMonths,
    weekly_repayment: toUgxString(loan.weeklyRepayment),
    total_interest: toUgxString(loan.totalInterest),
    total_payable: toUgxString(loan.totalPayable),
    total_payments: toUgxString(loan.totalPayments),
    remaining_balance: toUgxString(loan.totalPayable - loan.totalPayments),
    payment_percentage: paymentPercentage(loan),
    days_in_arrears: daysInArrears(loan.oldestUnpaidDueDate, today),
    status: loan.status,
    opening_date: loan.openingDate.toISOString(),
    closing_date: loan.closingDate,
    next_due_date: loan.oldestUnpaidDueDate,
  };
}

export function toInstallmentDto(row: InstallmentRow) {
  return {
    number: row.number,
    due_date: row.dueDate,
    principal_due: toUgxString(row.principalDue),
    interest_due: toUgxString(row.interestDue),
    total_due: toUgxString(row.principalDue + row.interestDue),
    principal_paid: toUgxString(row.principalPaid),
    interest_paid: toUgxString(row.interestPaid),
    is_paid: row.principalPaid === row.principalDue && row.interestPaid === row.interestDue,
  };
}

export function toStatusChangeDto(row: StatusHistoryRow) {
  return {
    from_status: row.fromStatus,
    to_status: row.toStatus,
    days_in_arrears: row.daysInArrears,
    reason: row.reason,
    changed_at: row.changedAt.toISOString(),
  };
}

export function repaymentReference(id: number): string {
  return `RP-${String(id).padStart(6, '0')}`;
}

export function toLoanTransactionDto({ repayment: r, loanRef, userId, userName }: RepaymentView) {
  return {
    id: r.id,
    transaction_id: repaymentReference(r.id),
    loan: r.loanId,
    loan_id: loanRef,
    user: userId,
    user_name: userName,
    amount_paid: toUgxString(r.amount),
    principal: toUgxString(r.principal),
    interest: toUgxString(r.interest),
    payment_date: r.paidAt.toISOString(),
    remaining_balance: toUgxString(r.remainingBalanceAfter),
    payment_mode: r.paymentMode,
    platform_transaction: r.platformTransactionId,
    days_late: r.daysLateAtPayment,
  };
}

export function toOverduePaymentDto(row: OverdueRow, today: string) {
  return {
    loan: row.loan.id,
    loan_id: row.loan.loanRef,
    user: row.loan.userId,
    user_name: row.userName,
    phone_number: row.phoneNumber,
    loan_type_name: row.loanTypeName,
    status: row.loan.status,
    oldest_due_date: row.loan.oldestUnpaidDueDate ?? today,
    days_in_arrears: daysInArrears(row.loan.oldestUnpaidDueDate, today),
    overdue_installments: row.overdueInstallments,
    amount_overdue: toUgxString(row.amountOverdue),
    remaining_balance: toUgxString(row.loan.totalPayable - row.loan.totalPayments),
  };
}

/**
 * The worklist's CSV (docs/back-office.md, Export): the reference first, amounts as plain whole
 * shillings, dates ISO (Kampala), days in arrears as of `today`.
 */
export function loanCsvColumns(today: string): readonly CsvColumn<ExportedLoan>[] {
  return [
    { header: 'Loan', value: (v) => v.loan.loanRef },
    { header: 'Borrower', value: (v) => v.userName },
    { header: 'Loan Type', value: (v) => v.loanTypeName },
    { header: 'Amount (UGX)', value: (v) => v.loan.amount },
    { header: 'Interest Rate (% per month)', value: (v) => v.loan.interestRate },
    { header: 'Interest Type', value: (v) => v.loan.interestType },
    { header: 'Loan Term (Weeks)', value: (v) => v.loan.termWeeks },
    { header: 'Weekly Repayment (UGX)', value: (v) => v.loan.weeklyRepayment },
    { header: 'Total Payable (UGX)', value: (v) => v.loan.totalPayable },
    { header: 'Total Paid (UGX)', value: (v) => v.loan.totalPayments },
    { header: 'Remaining Balance (UGX)', value: (v) => v.loan.totalPayable - v.loan.totalPayments },
    { header: 'Status', value: (v) => v.loan.status },
    { header: 'Next Due', value: (v) => v.loan.oldestUnpaidDueDate },
    { header: 'Days in Arrears', value: (v) => daysInArrears(v.loan.oldestUnpaidDueDate, today) },
    { header: 'Opened At', value: (v) => kampalaIsoDateTime(v.loan.openingDate) },
    { header: 'Closing Date', value: (v) => v.loan.closingDate },
    { header: 'Disbursed By', value: (v) => v.disbursedByName ?? '' },
  ];
}

/** Collections' CSV: whom to call, since when, and what is in arrears. */
export function overdueCsvColumns(today: string): readonly CsvColumn<OverdueRow>[] {
  return [
    { header: 'Loan', value: (r) => r.loan.loanRef },
    { header: 'Borrower', value: (r) => r.userName },
    { header: 'Phone', value: (r) => r.phoneNumber },
    { header: 'Loan Type', value: (r) => r.loanTypeName },
    { header: 'Status', value: (r) => r.loan.status },
    { header: 'Late Since', value: (r) => r.loan.oldestUnpaidDueDate },
    { header: 'Days in Arrears', value: (r) => daysInArrears(r.loan.oldestUnpaidDueDate, today) },
    { header: 'Late Installments', value: (r) => r.overdueInstallments },
    { header: 'Amount in Arrears (UGX)', value: (r) => r.amountOverdue },
    { header: 'Still Owed (UGX)', value: (r) => r.loan.totalPayable - r.loan.totalPayments },
  ];
}
