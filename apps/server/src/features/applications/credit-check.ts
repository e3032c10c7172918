/**
 * The credit check run on every new application and again when a document arrives: a score of
 * 0–100 with its reasons, shown to the admin as advice. The decision stays human.
 *
 * Points: affordability 40, amount within the product's range 15, identity (KYC) 20, documents 25.
 * Identity: a well-formed NIN on the application (6), a mobile number on the account (3), the National
 * ID document (6), and a complete KYC record whose NIN is the application's (5).
 */
import { formatUgx } from '@sente/contract';

export type DocumentCode =
  | 'NATIONAL_ID'
  | 'TRADE_LICENSE'
  | 'INCORPORATION'
  | 'URA_REGISTRATION'
  | 'CASH_FLOW'
  | 'BANK_STATEMENTS';

export interface CreditCheckInput {
  readonly amountRequested: number;
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly monthlyIncome: number;
  /** The installment the loan would have, from its schedule. */
  readonly weeklyRepayment: number;
  readonly hasValidNin: boolean;
  readonly hasPhoneNumber: boolean;
  /** The user's KYC record: null when there is none. */
  readonly kyc: { readonly isComplete: boolean; readonly isSameNin: boolean } | null;
  readonly documentTypes: readonly DocumentCode[];
}

export interface CreditCheck {
  readonly score: number;
  readonly reasons: string[];
}

export function runCreditCheck(input: CreditCheckInput): CreditCheck {
  const reasons: string[] = [];
  let score = 0;

  // A weekly installment over a month: × 52 / 12.
  const monthlyRepayment = (input.weeklyRepayment * 52) / 12;
  const share = input.monthlyIncome > 0 ? monthlyRepayment / input.monthlyIncome : Number.POSITIVE_INFINITY;
  const percent = Number.isFinite(share) ? `${Math.round(share * 100)}%` : 'all';
  const affordability = `Repayments of about ${formatUgx(monthlyRepayment)} a month take ${percent} of the stated monthly income of ${formatUgx(input.monthlyIncome)}`;
  if (share <= 0.3) {
    score += 40;
    reasons.push(`${affordability}: affordable`);
  } else if (share <= 0.5) {
    score += 25;
    reasons.push(`${affordability}: manageable`);
  } else if (share <= 0.7) {
    score += 10;
    reasons.push(`${affordability}: stretched`);
  } else {
    reasons.push(`${affordability}: not affordable`);
  }

  if (input.amountRequested >= input.minAmount && input.amountRequested <= input.maxAmount) {
    score += 15;
    reasons.push("The amount requested lies within the product's range");
  } else {
    reasons.push(
      `The amount requested is outside the product's range of ${formatUgx(input.minAmount)} to ${formatUgx(input.maxAmount)}`,
    );
  }

  const has = (type: DocumentCode) => input.documentTypes.includes(type);
  if (input.hasValidNin) score += 6;
  else reasons.push('The National Identification Number is not in the expected format');
  if (input.hasPhoneNumber) score += 3;
  else reasons.push('No mobile number on the account');
  if (has('NATIONAL_ID')) score += 6;
  if (!input.kyc) {
    reasons.push('No KYC record (date of birth, gender, address, NIN) for this user');
  } else if (!input.kyc.isComplete) {
    reasons.push('The KYC record is incomplete');
  } else if (!input.kyc.isSameNin) {
    reasons.push('The NIN on the application differs from the one in the KYC record');
  } else {
    score += 5;
    reasons.push('KYC record complete and matching the application');
  }
  if (input.hasValidNin && input.hasPhoneNumber && has('NATIONAL_ID')) {
    reasons.push('Identity complete: NIN, mobile number and National ID document');
  } else if (!has('NATIONAL_ID')) {
    reasons.push('National ID document not uploaded');
  }

  const hasRegistration = has('TRADE_LICENSE') || has('INCORPORATION') || has('URA_REGISTRATION');
  const hasCashFlow = has('BANK_STATEMENTS') || has('CASH_FLOW');
  if (hasRegistration) {
    score += 13;
    reasons.push('Business registration document provided');
  } else {
    reasons.push('No business registration document (trade license, incorporation or URA registration)');
  }
  if (hasCashFlow) {
    score += 12;
    reasons.push('Bank or cash flow statements provided');
  } else {
    reasons.push('No bank statements or cash flow statements');
  }

  return { score: Math.min(100, score), reasons };
}
