import {
  type AdminLender,
  type AutoInvestRule,
  type Kyc,
  LENDER_TERMS_VERSION,
  type LenderStatus,
  toRateString,
  toUgxString,
} from '@sente/contract';
import type { AutoInvestRuleValue } from './auto-invest.service.ts';
import type { AdminLenderValue } from './lender-admin.service.ts';
import type { LenderStatusValue, OwnKyc } from './lenders.service.ts';

export function toLenderStatusDto(status: LenderStatusValue, serviceFeePercent: number): LenderStatus {
  return {
    terms_version: LENDER_TERMS_VERSION,
    service_fee_percent: serviceFeePercent,
    verified: status.verified,
    kyc_complete: status.kycComplete,
    terms_accepted: status.termsAccepted,
    terms_accepted_at: status.termsAcceptedAt?.toISOString() ?? null,
    verified_at: status.verifiedAt?.toISOString() ?? null,
    missing: status.missing,
  };
}

/** Nulls where nothing was given; a lender's answer adds its lender details (an individual by default). */
export function toOwnKycDto({ kyc, lender }: OwnKyc): Kyc {
  const base: Kyc = {
    date_of_birth: kyc?.dateOfBirth ?? null,
    gender: kyc?.gender ?? null,
    address: kyc?.address ?? null,
    national_id: kyc?.nationalId ?? null,
  };
  if (lender === null) return base;
  return {
    ...base,
    lender_kind: lender?.kind ?? 'individual',
    registration_number: lender?.registrationNumber ?? null,
    contact_person: lender?.contactPerson ?? null,
  };
}

export function toAdminLenderDto(lender: AdminLenderValue): AdminLender {
  return {
    id: lender.id,
    name: lender.name,
    email: lender.email,
    kind: lender.kind,
    kyc_complete: lender.kycComplete,
    terms_accepted_at: lender.termsAcceptedAt?.toISOString() ?? null,
    verified: lender.verifiedAt !== null,
    verified_at: lender.verifiedAt?.toISOString() ?? null,
    verification_note: lender.verificationNote,
    cash_available: toUgxString(lender.cashAvailable),
    cash_reserved: toUgxString(lender.cashReserved),
    outstanding_principal: toUgxString(lender.outstandingPrincipal),
    loans_funded: lender.loansFunded,
  };
}

export function toAutoInvestRuleDto(rule: AutoInvestRuleValue): AutoInvestRule {
  return {
    enabled: rule.enabled,
    risk_grades: [...rule.riskGrades],
    loan_types: [...rule.loanTypeIds],
    max_term_months: rule.maxTermMonths,
    min_rate: toRateString(rule.minRateBp),
    amount_per_loan: toUgxString(rule.amountPerLoan),
    max_share_percent: rule.maxSharePercent,
    keep_cash: toUgxString(rule.keepCash),
    last_filled_at: rule.lastFilledAt?.toISOString() ?? null,
    updated_at: rule.updatedAt?.toISOString() ?? null,
  };
}
