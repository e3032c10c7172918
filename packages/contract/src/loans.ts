import { z } from 'zod';
import {
  ApiError,
  filteredPageOf,
  Id,
  IdempotencyHeaders,
  IdParams,
  IsoDate,
  IsoDateTime,
  pageOf,
  pageQuery,
  RateString,
  Text,
  UgxInput,
  UgxString,
} from './common.ts';
import { CsvFile, exportQuery } from './csv-export.ts';
import { addDays } from './kampala-time.ts';
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
  /**
   * The admin who pressed Disburse (on opening_date); null when not recorded (older loans without an
   * audit row, scripted payouts). Admins only: the borrower's own view leaves it out.
   */
  disbursed_by: z.object({ id: Id, name: z.string() }).nullable().optional(),
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

/** Days in arrears as collections groups them (docs/lending.md, Collections). */
export const ARREARS_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
export const ArrearsBucket = z.enum(ARREARS_BUCKETS);
export type ArrearsBucket = z.infer<typeof ArrearsBucket>;

/**
 * Each bucket's days in arrears, inclusive; 90+ is the usual aging bucket "over 90" (91 on). A loan
 * turns DEFAULT at 90 days, so the 61–90 bucket ends with the first day of default.
 */
export const ARREARS_BUCKET_DAYS: Record<
  ArrearsBucket,
  { readonly from: number; readonly to: number | null }
> = {
  '1-30': { from: 1, to: 30 },
  '31-60': { from: 31, to: 60 },
  '61-90': { from: 61, to: 90 },
  '90+': { from: 91, to: null },
};

/** The oldest unpaid due dates whose loans are in the bucket on `today`: an inclusive date range. */
export function arrearsBucketDueDates(
  bucket: ArrearsBucket,
  today: string,
): { readonly from: string | undefined; readonly to: string } {
  const days = ARREARS_BUCKET_DAYS[bucket];
  return {
    from: days.to === null ? undefined : addDays(today, -days.to),
    to: addDays(today, -days.from),
  };
}

/**
 * The loans list's sorts, each read from an index (test/query-plans.test.ts). Days in arrears count
 * from the next (oldest unpaid) due date, so `-days_in_arrears` is `next_due`: most in arrears first.
 */
export const LOAN_ORDERINGS = [
  '-opening_date',
  'opening_date',
  '-amount',
  'amount',
  'next_due',
  '-next_due',
  '-days_in_arrears',
  'days_in_arrears',
] as const;
export const LoanOrdering = z.enum(LOAN_ORDERINGS);
export type LoanOrdering = z.infer<typeof LoanOrdering>;

const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The worklist's filters, shared by the list and its export. */
const LOAN_FILTERS = {
  status: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toUpperCase() || undefined : value),
    LoanStatus.optional(),
  ),
  user: Id.optional(),
  /** A loan reference (SL-2026-000041, or its start) or the borrower's name, email or phone. */
  search: z.preprocess(blankToUndefined, Text.trim().max(100).optional()),
  /** Loans whose days in arrears fall in this bucket. */
  arrears: z.preprocess(blankToUndefined, ArrearsBucket.optional()),
  /** Next due date (the oldest unpaid installment's) from / to, inclusive. */
  next_due_from: z.preprocess(blankToUndefined, IsoDate.optional()),
  next_due_to: z.preprocess(blankToUndefined, IsoDate.optional()),
  /** Principal from / to, whole shillings, inclusive. */
  amount_min: z.preprocess(blankToUndefined, UgxInput.optional()),
  amount_max: z.preprocess(blankToUndefined, UgxInput.optional()),
};

type LoanFilterValues = {
  next_due_from?: string | undefined;
  next_due_to?: string | undefined;
  amount_min?: number | undefined;
  amount_max?: number | undefined;
};

/** Ranges that end before they start are a 400 naming the end. */
function withCheckedRanges<T extends z.ZodType<LoanFilterValues>>(schema: T) {
  return schema
    .refine((q) => !q.next_due_from || !q.next_due_to || q.next_due_from <= q.next_due_to, {
      message: 'next_due_from must not be after next_due_to',
      path: ['next_due_to'],
    })
    .refine((q) => q.amount_min === undefined || q.amount_max === undefined || q.amount_min <= q.amount_max, {
      message: 'amount_min must not be above amount_max',
      path: ['amount_max'],
    });
}

export const LoanListQuery = withCheckedRanges(
  pageQuery(10).extend({
    include_balance: flag,
    ...LOAN_FILTERS,
    ordering: z.preprocess(blankToUndefined, LoanOrdering.default('-opening_date')),
  }),
);

/** Collections' sorts: by days in arrears (from the oldest unpaid due date) or by what is still owed. */
export const COLLECTION_ORDERINGS = [
  '-days_in_arrears',
  'days_in_arrears',
  '-remaining_balance',
  'remaining_balance',
] as const;
export const CollectionOrdering = z.enum(COLLECTION_ORDERINGS);
export type CollectionOrdering = z.infer<typeof CollectionOrdering>;

export const OverdueListQuery = pageQuery(10).extend({
  bucket: z.preprocess(blankToUndefined, ArrearsBucket.optional()),
  ordering: z.preprocess(blankToUndefined, CollectionOrdering.default('-days_in_arrears')),
});

export const CollectionBuckets = z
  .object({
    /** Loans in arrears per bucket (counted from the running arrears counts). */
    buckets: z.array(z.object({ bucket: ArrearsBucket, count: z.number().int() })),
    total: z.number().int(),
  })
  .meta({ id: 'CollectionBuckets' });

export const listLoans = route({
  method: 'GET',
  path: '/api/loans/loans/',
  auth: 'admin',
  summary:
    'Loans, paged, newest first unless sorted; searchable by reference or borrower, filtered by status, arrears, next due and amount',
  tags: ['loans'],
  query: LoanListQuery,
  responses: { 200: filteredPageOf(LoanDto), 400: ApiError, 401: ApiError, 403: ApiError },
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
  summary: 'Loans in arrears (Collections), most days in arrears first; by arrears bucket and sortable',
  tags: ['loans'],
  query: OverdueListQuery,
  responses: { 200: pageOf(OverduePaymentDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const exportLoans = route({
  method: 'GET',
  path: '/api/loans/loans/export/',
  auth: 'admin',
  summary:
    'Every loan matching the worklist filters, opened within the Kampala date range, newest first, as streamed CSV',
  tags: ['loans'],
  query: withCheckedRanges(exportQuery(LOAN_FILTERS)),
  responses: { 200: CsvFile, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const exportCollections = route({
  method: 'GET',
  path: '/api/loans/overdue-payments/export/',
  auth: 'admin',
  summary:
    'Every late loan in the bucket, late since a day within the Kampala date range, most days in arrears first, as streamed CSV',
  tags: ['loans'],
  query: exportQuery({ bucket: z.preprocess(blankToUndefined, ArrearsBucket.optional()) }),
  responses: { 200: CsvFile, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const collectionBuckets = route({
  method: 'GET',
  path: '/api/loans/overdue-payments/buckets/',
  auth: 'admin',
  summary: 'How many loans are in arrears per bucket (1–30, 31–60, 61–90, 90+ days)',
  tags: ['loans'],
  responses: { 200: CollectionBuckets, 401: ApiError, 403: ApiError },
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
  collectionBuckets,
  exportLoans,
  exportCollections,
  repayLoan,
} as const;
