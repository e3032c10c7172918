import { z } from 'zod';
import {
  ApiError,
  Id,
  IdempotencyHeaders,
  IsoDate,
  IsoDateTime,
  pageOf,
  pageQuery,
  Text,
  UgxInput,
  UgxString,
} from './common.ts';
import { CsvFile, exportQuery } from './csv-export.ts';
import { formatSignedUgx, type ShownAmount } from './money.ts';
import { route } from './route.ts';

const TRANSACTION_TYPES = ['DISBURSEMENT', 'WITHDRAWAL', 'REPAYMENT', 'DEPOSIT'] as const;
const TRANSACTION_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export const TransactionType = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof TransactionType>;
export const TransactionStatus = z.enum(TRANSACTION_STATUSES);
export type TransactionStatus = z.infer<typeof TransactionStatus>;

/**
 * Money from the platform's side, the way staff read it (issue 18): repayments and deposits come in
 * (positive), disbursements and withdrawals go out (negative). CREDIT/DEBIT stay the user's side.
 */
export function isMoneyIn(type: TransactionType): boolean {
  return type === 'REPAYMENT' || type === 'DEPOSIT';
}

/** `amount` (whole UGX) signed from the platform's side: +67385 for a repayment, -500000 for a payout. */
export function platformSignedAmount(type: TransactionType, amount: number): number {
  return isMoneyIn(type) ? amount : -amount;
}

/** "+UGX 67,385" for a repayment, "−UGX 2,000,000" for a payout: the platform's side, for staff screens. */
export function formatPlatformAmount(amount: ShownAmount, type: TransactionType): string {
  return formatSignedUgx(amount, isMoneyIn(type) ? 'CREDIT' : 'DEBIT');
}

/** The short form of a reference the back-office shows (spec: its last 8 characters): "…3f9a1c2d". */
export function shortReference(reference: string): string {
  return reference.length > 8 ? `\u2026${reference.slice(-8)}` : reference;
}

/** "", "all", lower case and plurals ("withdrawals") are accepted for the filters the screens send. */
function filterOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.preprocess((value) => {
    if (typeof value !== 'string') return value;
    const upper = value.trim().toUpperCase();
    if (upper === '' || upper === 'ALL') return undefined;
    return (values as readonly string[]).includes(upper) ? upper : upper.replace(/S$/, '');
  }, z.enum(values).optional());
}

/** The spec's Platform transaction. Date and time are Africa/Kampala; CREDIT/DEBIT as the user sees it. */
export const PlatformTransaction = z
  .object({
    id: z.number().int(),
    reference_id: z.string(),
    user_id: z.number().int(),
    user_name: z.string(),
    user_email: z.string(),
    date: IsoDate,
    time: z.string().regex(/^\d{2}:\d{2}:\d{2}$/),
    type: TransactionType,
    transaction_type: z.enum(['CREDIT', 'DEBIT']),
    amount: UgxString,
    status: TransactionStatus,
    loan_id: z.number().int().nullable(),
    /** The loan's reference, SL-2026-000041: how every screen names the loan. */
    loan_ref: z.string().nullable(),
    provider: z.string(),
    provider_reference: z.string().nullable(),
    phone_number: z.string(),
    failure_reason: z.string().nullable(),
    created_at: IsoDateTime,
    completed_at: IsoDateTime.nullable(),
    description: z.string(),
    category: z.string(),
  })
  .meta({ id: 'PlatformTransaction' });
export type PlatformTransaction = z.infer<typeof PlatformTransaction>;

export const TransactionOrdering = z
  .enum(['created_at', '-created_at', 'amount', '-amount', 'completed_at', '-completed_at'])
  .default('-created_at');

const PeriodTotals = z.object({ today: UgxString, this_week: UgxString, this_month: UgxString });

export const FinancialStats = z
  .object({
    platform_wallet_balance: UgxString,
    total_disbursements: UgxString,
    total_repayments: UgxString,
    disbursements: PeriodTotals,
    repayments: PeriodTotals,
    as_of: IsoDateTime,
  })
  .meta({ id: 'FinancialStats' });

export const TransactionSummary = z.object({
  total_transactions: z.number().int(),
  successful_transactions: z.number().int(),
  /** PENDING and PROCESSING: money on its way. */
  pending_transactions: z.number().int(),
  processing_transactions: z.number().int(),
  failed_transactions: z.number().int(),
  /** Sum of the matching transactions that did not fail. */
  total_amount: UgxString,
});

export const AllTransactionsAnswer = z.object({
  transactions: z.array(PlatformTransaction),
  summary: TransactionSummary,
  pagination: z.object({
    total_count: z.number().int(),
    has_next: z.boolean(),
    has_previous: z.boolean(),
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
  }),
});

export const WalletBalance = z
  .object({
    user_id: z.number().int(),
    /** Available plus what is held for withdrawals still on their way. */
    balance: UgxString,
    available_balance: UgxString,
    pending_withdrawals: UgxString,
    currency: z.literal('UGX'),
  })
  .meta({ id: 'WalletBalance' });

/**
 * Above any mobile-money account in Uganda (20,000,000 a day is the regulator's ceiling): an amount
 * this large is a typo or an attack, refused by validation before any rule or provider sees it. The
 * providers' own per-transaction maximum and the per-user limits are checked by the server.
 */
export const MOBILE_MONEY_MAX_UGX = 100_000_000;

export const MobileMoneyAmount = UgxInput.refine((amount) => amount <= MOBILE_MONEY_MAX_UGX, {
  message: 'A mobile-money payment is at most UGX 100,000,000',
});

export const MobileMoneyBody = z.object({
  amount: MobileMoneyAmount,
  phone_number: z.string().trim().min(1, 'Phone number is required').max(32),
});

export const WalletSummary = WalletBalance.extend({
  total_deposits: UgxString,
  total_withdrawals: UgxString,
  total_received: UgxString,
  total_repaid: UgxString,
  transaction_count: z.number().int(),
  recent_transactions: z.array(PlatformTransaction),
}).meta({ id: 'WalletSummary' });

const TransactionPage = pageOf(PlatformTransaction);

export const financialStats = route({
  method: 'GET',
  path: '/api/wallet/admin/financial-stats/',
  auth: 'admin',
  summary:
    'Platform wallet balance and disbursement/repayment totals (today, this week, this month in Kampala)',
  tags: ['wallet'],
  responses: { 200: FinancialStats, 401: ApiError, 403: ApiError },
});

export const allTransactions = route({
  method: 'GET',
  path: '/api/wallet/admin/all-transactions/',
  auth: 'admin',
  summary: 'Every platform transaction with a summary that follows the filters; search covers all pages',
  tags: ['wallet'],
  query: pageQuery(20).extend({
    status: filterOf(TRANSACTION_STATUSES),
    type: filterOf(TRANSACTION_TYPES),
    search: Text.trim().max(100).optional(),
    ordering: TransactionOrdering,
  }),
  responses: { 200: AllTransactionsAnswer, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const listTransactions = route({
  method: 'GET',
  path: '/api/wallet/transactions/',
  auth: 'admin',
  summary: 'Platform transactions, optionally of one user or one loan',
  tags: ['wallet'],
  query: pageQuery(20).extend({
    user: Id.optional(),
    loan: Id.optional(),
    status: filterOf(TRANSACTION_STATUSES),
    type: filterOf(TRANSACTION_TYPES),
    ordering: TransactionOrdering,
  }),
  responses: { 200: TransactionPage, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const exportTransactions = route({
  method: 'GET',
  path: '/api/wallet/admin/all-transactions/export/',
  auth: 'admin',
  summary:
    'Every platform transaction matching the filters and the Kampala date range, newest first, as streamed CSV',
  tags: ['wallet'],
  query: exportQuery({
    status: filterOf(TRANSACTION_STATUSES),
    type: filterOf(TRANSACTION_TYPES),
    search: Text.trim().max(100).optional(),
    user: Id.optional(),
    loan: Id.optional(),
  }),
  responses: { 200: CsvFile, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const userTransactions = route({
  method: 'GET',
  path: '/api/wallet/user/:userId/transactions/',
  auth: 'user',
  summary: "A user's transactions (an admin, or the user themself)",
  tags: ['wallet'],
  params: z.object({ userId: Id }),
  query: pageQuery(50).extend({ ordering: TransactionOrdering }),
  responses: { 200: TransactionPage, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const walletBalance = route({
  method: 'GET',
  path: '/api/wallet/balance/',
  auth: 'user',
  summary: "The signed-in user's wallet balance",
  tags: ['wallet'],
  responses: { 200: WalletBalance, 401: ApiError },
});

export const withdraw = route({
  method: 'POST',
  path: '/api/wallet/withdraw/',
  auth: 'user',
  summary: 'Withdraw from the wallet to a mobile-money number (never more than the available balance)',
  tags: ['wallet'],
  headers: IdempotencyHeaders,
  body: MobileMoneyBody,
  responses: { 201: PlatformTransaction, 400: ApiError, 401: ApiError, 409: ApiError },
});

export const deposit = route({
  method: 'POST',
  path: '/api/wallet/deposit/',
  auth: 'user',
  summary:
    'A lender tops up their wallet from mobile money (a collection the lender approves on their phone)',
  tags: ['wallet'],
  headers: IdempotencyHeaders,
  body: MobileMoneyBody,
  responses: { 201: PlatformTransaction, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError },
});

export const withdrawalHistory = route({
  method: 'GET',
  path: '/api/wallet/withdrawal_history/',
  auth: 'user',
  summary: "The signed-in user's withdrawals, newest first",
  tags: ['wallet'],
  query: pageQuery(20).extend({ status: filterOf(TRANSACTION_STATUSES) }),
  responses: { 200: TransactionPage, 400: ApiError, 401: ApiError },
});

export const walletSummary = route({
  method: 'GET',
  path: '/api/wallet/summary/',
  auth: 'user',
  summary: "The signed-in user's balance, totals and latest transactions",
  tags: ['wallet'],
  responses: { 200: WalletSummary, 401: ApiError },
});

/** Money out to borrowers and back from them per Kampala week (Monday to Sunday), oldest first. */
export const WeeklyFlows = z
  .object({
    weeks: z.array(
      z.object({
        /** The Monday the week starts on. */
        week_start: IsoDate,
        disbursements: UgxString,
        repayments: UgxString,
      }),
    ),
    as_of: IsoDateTime,
  })
  .meta({ id: 'WeeklyFlows' });

export const weeklyFlows = route({
  method: 'GET',
  path: '/api/wallet/admin/weekly-flows/',
  auth: 'admin',
  summary:
    'Disbursements and repayments per Kampala week (from Monday) for the last `weeks` weeks, this one included; weeks with nothing are 0',
  tags: ['wallet'],
  query: z.object({ weeks: z.coerce.number().int().min(1).max(104).default(12) }),
  responses: { 200: WeeklyFlows, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const PlatformCapitalBody = z.object({
  amount: UgxInput,
  /** The bank or mobile-money reference of the transfer into the float. */
  reference: z.string().trim().min(1, 'Enter the reference of the transfer').max(100),
});

export const PlatformCapitalAnswer = z
  .object({
    posting_id: z.number().int(),
    amount: UgxString,
    reference: z.string(),
    platform_wallet_balance: UgxString,
    posted_at: IsoDateTime,
  })
  .meta({ id: 'PlatformCapital' });
export type PlatformCapitalAnswer = z.infer<typeof PlatformCapitalAnswer>;

export const addPlatformCapital = route({
  method: 'POST',
  path: '/api/wallet/admin/capital/',
  auth: 'admin',
  summary:
    "Records owners' capital paid into the platform wallet (the mobile-money float), with the transfer's reference; a repeat with the same Idempotency-Key posts once",
  tags: ['wallet'],
  headers: IdempotencyHeaders,
  body: PlatformCapitalBody,
  responses: { 201: PlatformCapitalAnswer, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError },
});

export const walletRoutes = {
  addPlatformCapital,
  financialStats,
  weeklyFlows,
  allTransactions,
  listTransactions,
  exportTransactions,
  userTransactions,
  walletBalance,
  withdraw,
  deposit,
  withdrawalHistory,
  walletSummary,
} as const;
