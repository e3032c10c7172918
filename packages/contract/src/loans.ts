import { z } from 'zod';
import {
  ApiError,
  Id,
  IdempotencyHeaders,
  IdParams,
  IsoDate,
  IsoDateTime,
  pageOf,
  pageQuery,
  RateString,
  UgxString,
} from './common.ts';
import { CsvFile, exportQuery } from './csv-export.ts';
import { InterestType } from './loan-types.ts';
import { route } from './route.ts';
import { MobileMoneyBody, PlatformTransaction } from './wallet.ts';

export const LoanStatus = z.enum(['ACTIVE', 'OVERDUE', 'DEFAULT', 'FULLY_PAID']);
export type LoanStatus = z.infer<typeof LoanStatus>;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const LoanDto = z
  .object({
    id: Id,
    /** Human reference, SL-2025-000123. */
    loan_id: z.string(),
    user: Id,
    user_name: z.string(),
    application: Id,
    loan_type: Id,
    loan_type_name: z.string(),
    amount: UgxString,
    /** Percent per month, "2.80". */
    interest_rate: RateString,
    interest_type: InterestType,
    /** Weeks. */
    loan_term: z.number().int(),
    loan_term_months: z.number().int(),
    weekly_repayment: UgxString,
    total_interest: UgxString,
    total_payable: UgxString,
    total_payments: UgxString,
    /** What is still owed: total payable − total payments. */
    remaining_balance: UgxString,
    /** Share of the total payable already paid, 0–100 with two decimals. */
    payment_percentage: z.number(),
    days_in_arrears: z.number().int(),
    status: LoanStatus,
    opening_date: IsoDateTime,
    closing_date: IsoDate,
    /** Due date of the oldest installment not fully paid; null when nothing is owed. */
    next_due_date: IsoDate.nullable(),
  })
  .meta({ id: 'Loan' });
export type LoanDto = z.infer<typeof LoanDto>;

export const InstallmentDto = z.object({
  number: z.number().int(),
  due_date: IsoDate,
  principal_due: UgxString,
  interest_due: UgxString,
  total_due: UgxString,
  principal_paid: UgxString,
  interest_paid: UgxString,
  is_paid: z.boolean(),
});

export const LoanStatusChangeDto = z.object({
  from_status: LoanStatus.nullable(),
  to_status: LoanStatus,
  days_in_arrears: z.number().int(),
  reason: z.string(),
  changed_at: IsoDateTime,
});

export const LoanDetailDto = LoanDto.extend({
  installments: z.array(InstallmentDto),
  status_history: z.array(LoanStatusChangeDto),
}).meta({ id: 'LoanDetail' });

export const LoanBalanceDto = z
  .object({
    loan: Id,
    loan_id: z.string(),
    status: LoanStatus,
    total_payable: UgxString,
    total_payments: UgxString,
    remaining_balance: UgxString,
    principal_outstanding: UgxString,
    interest_outstanding: UgxString,
    /** Unpaid amounts of installments due today or earlier. */
    amount_due: UgxString,
    /** Unpaid amounts of installments past their due date. */
    arrears_amount: UgxString,
    days_in_arrears: z.number().int(),
    next_due_date: IsoDate.nullable(),
    next_installment_amount: UgxString,
    payment_percentage: z.number(),
  })
  .meta({ id: 'LoanBalance' });

const CountAndTotal = z.object({ count: z.number().int(), total: UgxString });

export const LoanStatusStatistics = z
  .object({
    active_loans: CountAndTotal,
    overdue_loans: CountAndTotal,
    default_loans: CountAndTotal,
    fully_paid_loans: CountAndTotal,
    /** Portfolio-wide: what borrowers still owe on every loan (only with include_outstanding=true). */
    outstanding_balance: UgxString.optional(),
  })
  .meta({ id: 'LoanStatusStatistics' });

export const LoanCountStatistics = z
  .object({
    total_loans: z.number().int(),
    active_loans: z.number().int(),
    overdue_loans: z.number().int(),
    fully_paid_loans: z.number().int(),
    default_loans: z.number().int(),
    total_portfolio: UgxString,
    outstanding_balance: UgxString,
    total_repayments: UgxString,
  })
  .meta({ id: 'LoanCountStatistics' });

export const UserLoanStatistics = z
  .object({
    user: Id,
    user_name: z.string(),
    total_loans: z.number().int(),
    active_loans: z.number().int(),
    overdue_loans: z.number().int(),
    default_loans: z.number().int(),
    fully_paid_loans: z.number().int(),
    total_borrowed: UgxString,
    total_payable: UgxString,
    total_repaid: UgxString,
    outstanding_balance: UgxString,
    max_days_in_arrears: z.number().int(),
    total_applications: z.number().int(),
    pending_applications: z.number().int(),
  })
  .meta({ id: 'UserLoanStatistics' });

export const LoanTransactionDto = z
  .object({
    id: Id,
    /** Repayment reference, RP-000045. */
    transaction_id: z.string(),
    loan: Id,
    loan_id: z.string(),
    user: Id,
    user_name: z.string(),
    amount_paid: UgxString,
    principal: UgxString,
    interest: UgxString,
    payment_date: IsoDateTime,
    remaining_balance: UgxString,
    payment_mode: z.string(),
    platform_transaction: Id.nullable(),
    days_late: z.number().int(),
  })
  .meta({ id: 'LoanTransaction' });

export const RepaymentStatistics = z
  .object({
    total_repayments: UgxString,
    total_payment_transactions: z.number().int(),
    total_outstanding: UgxString,
    /** Repayments in the last 30 days made while the loan had no arrears. */
    ontime_payments: z.number().int(),
    /** Repayments in the last 30 days made while the loan was in arrears. */
    late_payments: z.number().int(),
    /** Installments that fell due in the last 30 days and are still not fully paid. */
    missed_payments: z.number().int(),
    /** ontime / (ontime + late + missed) × 100, two decimals; 0 when nothing fell due or was paid. */
    success_rate: z.number(),
  })
  .meta({ id: 'RepaymentStatistics' });

export const OverduePaymentDto = z
  .object({
    loan: Id,
    loan_id: z.string(),
    user: Id,
    user_name: z.string(),
    phone_number: z.string().nullable(),
    loan_type_name: z.string(),
    status: LoanStatus,
    oldest_due_date: IsoDate,
    days_in_arrears: z.number().int(),
    overdue_installments: z.number().int(),
    /** Unpaid amounts of installments past their due date. */
    amount_overdue: UgxString,
    remaining_balance: UgxString,
  })
  .meta({ id: 'OverduePayment' });

export const LoanListQuery = pageQuery(10).extend({
  include_balance: flag,
  status: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
    LoanStatus.optional(),
  ),
  user: Id.optional(),
});

export const listLoans = route({
  method: 'GET',
  path: '/api/loans/loans/',
  auth: 'admin',
  summary: 'Loans, paged, newest first; every item carries its remaining balance',
  tags: ['loans'],
  query: LoanListQuery,
  responses: { 200: pageOf(LoanDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const myLoans = route({
  method: 'GET',
  path: '/api/loans/my-loans/',
  auth: 'user',
  summary: 'The signed-in borrower’s own loans, newest first',
  tags: ['loans'],
  query: pageQuery(10),
  responses: { 200: pageOf(LoanDto), 400: ApiError, 401: ApiError },
});

export const getLoan = route({
  method: 'GET',
  path: '/api/loans/loans/:id/',
  auth: 'user',
  summary: 'One loan with its schedule and status history (its borrower or an admin)',
  tags: ['loans'],
  params: IdParams,
  responses: { 200: LoanDetailDto, 400: ApiError, 401: ApiError, 404: ApiError },
});

export const loanBalance = route({
  method: 'GET',
  path: '/api/loans/loans/:id/balance/',
  auth: 'user',
  summary: 'What is owed on a loan now (its borrower or an admin); /loans/loans//:id/balance/ works too',
  tags: ['loans'],
  params: IdParams,
  responses: { 200: LoanBalanceDto, 400: ApiError, 401: ApiError, 404: ApiError },
});

export const loanStatistics = route({
  method: 'GET',
  path: '/api/loans/loans/statistics/',
  auth: 'admin',
  summary: 'Count and principal of loans per status, and the outstanding balance when asked',
  tags: ['loans'],
  query: z.object({ include_outstanding: flag }),
  responses: { 200: LoanStatusStatistics, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const adminLoanStats = route({
  method: 'GET',
  path: '/api/loans/admin/loan-stats/',
  auth: 'admin',
  summary: 'Loan counts and portfolio totals for the dashboard',
  tags: ['loans'],
  responses: { 200: LoanCountStatistics, 401: ApiError, 403: ApiError },
});

export const userLoanStatistics = route({
  method: 'GET',
  path: '/api/loans/user/:id/statistics/',
  auth: 'admin',
  summary: 'A user’s borrowing in numbers',
  tags: ['loans'],
  params: IdParams,
  responses: { 200: UserLoanStatistics, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const userLoans = route({
  method: 'GET',
  path: '/api/loans/user/:id/loans/',
  auth: 'admin',
  summary: 'A user’s loans with remaining balance, days in arrears and payment percentage',
  tags: ['loans'],
  params: IdParams,
  query: pageQuery(100),
  responses: { 200: pageOf(LoanDto), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const loanTransactions = route({
  method: 'GET',
  path: '/api/loans/transactions/',
  auth: 'admin',
  summary: 'Repayments, newest first, optionally of one loan',
  tags: ['loans'],
  query: pageQuery(10).extend({ loan: Id.optional() }),
  responses: { 200: pageOf(LoanTransactionDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const exportRepayments = route({
  method: 'GET',
  path: '/api/loans/transactions/export/',
  auth: 'admin',
  summary:
    'Every repayment (optionally of one loan) within the Kampala date range, newest first, as streamed CSV',
  tags: ['loans'],
  query: exportQuery({ loan: Id.optional() }),
  responses: { 200: CsvFile, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const repaymentStatistics = route({
  method: 'GET',
  path: '/api/loans/repayment-statistics/',
  auth: 'admin',
  summary: 'Repayment totals, and on-time, late and missed payments over the last 30 days',
  tags: ['loans'],
  responses: { 200: RepaymentStatistics, 401: ApiError, 403: ApiError },
});

export const overduePayments = route({
  method: 'GET',
  path: '/api/loans/overdue-payments/',
  auth: 'admin',
  summary: 'Loans in arrears, most days in arrears first',
  tags: ['loans'],
  query: pageQuery(10),
  responses: { 200: pageOf(OverduePaymentDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const repayLoan = route({
  method: 'POST',
  path: '/api/loans/loans/:id/repay/',
  auth: 'user',
  summary:
    'The borrower repays by mobile money (a collection they approve on their phone); allocated and posted when it completes. More than the balance is refused.',
  tags: ['loans'],
  params: IdParams,
  headers: IdempotencyHeaders,
  body: MobileMoneyBody,
  responses: {
    201: PlatformTransaction,
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
  },
});

export const loanRoutes = {
  listLoans,
  myLoans,
  getLoan,
  loanBalance,
  loanStatistics,
  adminLoanStats,
  userLoanStatistics,
  userLoans,
  loanTransactions,
  exportRepayments,
  repaymentStatistics,
  overduePayments,
  repayLoan,
} as const;
