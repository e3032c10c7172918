import { type CsvColumn, kampalaIsoDateTime, ugxOrZero } from '@sente/contract';
import type { RepaymentView } from './loan-reads.repo.ts';
import { toLoanTransactionDto } from './loans.presenter.ts';

export type ExportedRepayment = RepaymentView & { readonly cursorAt: string };

/** The repayments export: the Repayments table's fields, amounts as plain whole shillings, times ISO. */
export const REPAYMENT_CSV_COLUMNS: readonly CsvColumn<ExportedRepayment>[] = [
  { header: 'Transaction ID', value: (row) => toLoanTransactionDto(row).transaction_id },
  { header: 'Loan', value: (row) => row.loanRef },
  { header: 'Name', value: (row) => row.userName },
  { header: 'Amount Paid (UGX)', value: (row) => ugxOrZero(toLoanTransactionDto(row).amount_paid) },
  { header: 'Principal (UGX)', value: (row) => ugxOrZero(toLoanTransactionDto(row).principal) },
  { header: 'Interest (UGX)', value: (row) => ugxOrZero(toLoanTransactionDto(row).interest) },
  { header: 'Date of Payment', value: (row) => kampalaIsoDateTime(row.repayment.paidAt) },
  {
    header: 'Remaining Balance (UGX)',
    value: (row) => ugxOrZero(toLoanTransactionDto(row).remaining_balance),
  },
  { header: 'Mode of Payment', value: (row) => toLoanTransactionDto(row).payment_mode },
];
