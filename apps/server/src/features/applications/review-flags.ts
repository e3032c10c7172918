/**
 * What an admin should look at twice before deciding (docs/back-office.md, Application detail).
 * Advice next to the credit score, never a rule: the decision stays human.
 */
import { type ApplicationFlag, type DocumentType, formatUgx, missingDocuments } from '@sente/contract';

/** Repayments above this share of the stated monthly income are flagged (the credit check's "stretched"). */
export const INCOME_SHARE_FLAGGED = 0.5;

export interface ReviewFacts {
  readonly nin: string;
  /** The applicant's KYC record; null when there is none. */
  readonly kyc: { readonly nationalId: string | null; readonly isComplete: boolean } | null;
  readonly documentTypes: readonly DocumentType[];
  readonly monthlyRepayment: number;
  readonly monthlyIncome: number;
  /** The applicant's loans still owing, other than this application's own. */
  readonly otherOpenLoans: readonly { readonly loanRef: string; readonly status: string }[];
  /** The applicant's other applications that are pending, or approved and not paid out. */
  readonly otherOpenApplications: readonly { readonly id: number; readonly status: string }[];
  readonly ninAccounts: number;
  readonly phoneAccounts: number;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function loanLabel(loan: { loanRef: string; status: string }): string {
  return `${loan.loanRef} (${loan.status.toLowerCase().replace('_', ' ')})`;
}

export function reviewFlags(facts: ReviewFacts): ApplicationFlag[] {
  const flags: ApplicationFlag[] = [];
  // Only that they differ: the KYC record itself is read on the profile's KYC tab, where it is logged.
  if (facts.kyc?.nationalId && facts.kyc.nationalId.toUpperCase() !== facts.nin.toUpperCase()) {
    flags.push({
      code: 'NIN_DIFFERS_FROM_KYC',
      message: 'The NIN on the application differs from the one in the KYC record',
    });
  }
  if (!facts.kyc?.isComplete) {
    flags.push({
      code: 'KYC_INCOMPLETE',
      message: facts.kyc ? 'The KYC record is incomplete' : 'No KYC record for this applicant',
    });
  }
  const missing = missingDocuments(facts.documentTypes).map((label) => label.replace(/^your /, 'the '));
  if (missing.length > 0) {
    flags.push({ code: 'DOCUMENTS_MISSING', message: `Missing documents: ${missing.join(', ')}` });
  }
  const share =
    facts.monthlyIncome > 0 ? facts.monthlyRepayment / facts.monthlyIncome : Number.POSITIVE_INFINITY;
  if (share > INCOME_SHARE_FLAGGED) {
    const percent = Number.isFinite(share) ? `${Math.round(share * 100)}%` : 'all';
    flags.push({
      code: 'INCOME_SHORT',
      message: `Repayments of about ${formatUgx(facts.monthlyRepayment)} a month take ${percent} of the stated monthly income of ${formatUgx(facts.monthlyIncome)}`,
    });
  }
  if (facts.otherOpenLoans.length > 0) {
    flags.push({
      code: 'OTHER_OPEN_LOAN',
      message: `Already borrowing: ${plural(facts.otherOpenLoans.length, 'open loan')}, ${facts.otherOpenLoans.map(loanLabel).join(', ')}`,
    });
  }
  if (facts.otherOpenApplications.length > 0) {
    const listed = facts.otherOpenApplications.map((a) => `#${a.id} (${a.status.toLowerCase()})`).join(', ');
    flags.push({
      code: 'OTHER_OPEN_APPLICATION',
      message: `Another open application: ${listed}`,
    });
  }
  if (facts.ninAccounts > 0) {
    flags.push({
      code: 'NIN_ON_OTHER_ACCOUNT',
      message: `The same NIN is used by ${plural(facts.ninAccounts, 'other account')}`,
    });
  }
  if (facts.phoneAccounts > 0) {
    flags.push({
      code: 'PHONE_ON_OTHER_ACCOUNT',
      message: `The same phone number is on ${plural(facts.phoneAccounts, 'other account')}`,
    });
  }
  return flags;
}
