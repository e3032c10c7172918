/** The columns the scale seed writes, in the order its rows list them (snake_case, as in the schema). */
import type { TableSpec } from './bulk-sink.ts';

const spec = (name: string, columns: string): TableSpec => ({ name, columns: columns.split(/,\s*/) });

export const T = {
  users: spec(
    'users',
    'id, name, email, username, phone_number, phone_verified_at, role, status, password_hash, created_at, updated_at, deleted_at',
  ),
  userKyc: spec(
    'user_kyc',
    'id, user_id, date_of_birth, gender, address, national_id, created_at, updated_at',
  ),
  applications: spec(
    'applications',
    'id, user_id, loan_type_id, business_name, business_location, business_type, status, amount_requested, loan_term_months, loan_purpose, monthly_income, nin, admin_notes, decided_by_id, decided_at, approved_loan_id, credit_score, credit_reasons, credit_checked_at, created_at, updated_at, borrower_search_text',
  ),
  applicationSearchTexts: spec('application_search_texts', 'application_id, search_text'),
  loans: spec(
    'loans',
    'id, loan_ref, user_id, application_id, loan_type_id, amount, interest_rate, interest_type, term_months, term_weeks, weekly_repayment, total_interest, total_payable, total_payments, principal_paid, interest_paid, repayment_count, status, opening_date, closing_date, oldest_unpaid_due_date, disbursement_transaction_id, disbursed_by_id, created_at, updated_at, borrower_search_text',
  ),
  loanSearchTexts: spec('loan_search_texts', 'loan_id, search_text'),
  installments: spec(
    'loan_installments',
    'id, loan_id, number, due_date, principal_due, interest_due, principal_paid, interest_paid',
  ),
  repayments: spec(
    'loan_repayments',
    'id, loan_id, amount, principal, interest, paid_at, payment_mode, platform_transaction_id, remaining_balance_after, days_late_at_payment, created_at',
  ),
  statusHistory: spec(
    'loan_status_history',
    'id, loan_id, from_status, to_status, days_in_arrears, reason, changed_at',
  ),
} as const;

/** The marketplace's tables (migration 0019), filled when the schema has them. */
export const M = {
  lenderProfiles: spec(
    'lender_profiles',
    'user_id, kind, registration_number, contact_person, terms_version, terms_accepted_at, verified_at, verified_by_id, verification_note, updated_at',
  ),
  autoInvestRules: spec(
    'auto_invest_rules',
    'user_id, enabled, risk_grades, loan_type_ids, max_term_months, min_rate_bp, amount_per_loan, max_share_percent, keep_cash, last_filled_at, updated_at',
  ),
  listings: spec(
    'listings',
    'id, application_id, status, amount, max_rate_bp, risk_grade, round, opens_at, closes_at, closed_at, created_at, updated_at',
  ),
  bids: spec(
    'bids',
    'id, listing_id, lender_id, round, amount, rate_bp, status, automatic, created_at, updated_at',
  ),
  offers: spec(
    'offers',
    'id, listing_id, round, kind, amount, rate_bp, term_weeks, weekly_repayment, total_interest, total_payable, lenders, status, expires_at, decided_at, created_at',
  ),
  offerFills: spec('offer_fills', 'offer_id, bid_id, lender_id, amount'),
  participations: spec(
    'participations',
    'id, loan_id, lender_id, bid_id, rate_bp, principal_share, principal_repaid, interest_paid, fees_paid, created_at, loan_status',
  ),
} as const;

/** Tables the seed fills, in an order where every row's references come earlier. */
export const LENDING_TABLES: readonly TableSpec[] = [
  T.users,
  T.userKyc,
  T.applications,
  T.applicationSearchTexts,
  T.loans,
  T.loanSearchTexts,
  T.installments,
  T.repayments,
  T.statusHistory,
];

/** Hands out ids per table, 1, 2, 3, … (the seed fills empty tables). */
export class Ids {
  private readonly next = new Map<string, number>();
  take(table: TableSpec): number {
    const id = (this.next.get(table.name) ?? 0) + 1;
    this.next.set(table.name, id);
    return id;
  }
  last(table: TableSpec): number {
    return this.next.get(table.name) ?? 0;
  }
}
