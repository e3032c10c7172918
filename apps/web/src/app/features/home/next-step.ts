import type { BorrowerApplicationDto, LoanDto } from '@sente/contract';
import { missingDocuments } from '@sente/contract/documents';
import { paths } from '../../../lib/paths.ts';

/**
 * The one thing a borrower should do next, in the order the journey goes (docs/app.md, Home):
 * confirm the phone, finish the profile, apply, upload documents, wait or choose an offer, repay.
 */
export type NextStep =
  | { readonly kind: 'confirm-phone'; readonly to: string }
  | { readonly kind: 'finish-profile'; readonly to: string }
  | { readonly kind: 'apply'; readonly to: string }
  | { readonly kind: 'upload-documents'; readonly to: string; readonly missing: readonly string[] }
  | { readonly kind: 'wait-for-decision'; readonly to: string }
  | { readonly kind: 'wait-for-lenders'; readonly to: string; readonly closesAt: string }
  | { readonly kind: 'choose-offer'; readonly to: string }
  | { readonly kind: 'wait-for-money'; readonly to: string }
  | { readonly kind: 'offers-ended'; readonly to: string }
  | { readonly kind: 'pay-arrears'; readonly to: string; readonly loan: LoanDto }
  | { readonly kind: 'next-installment'; readonly to: string; readonly loan: LoanDto }
  | { readonly kind: 'rejected'; readonly to: string; readonly reason: string | null };

export interface BorrowerFacts {
  readonly isPhoneVerified: boolean;
  readonly isKycComplete: boolean;
  /** Newest first, as GET /api/loans/my-applications/ answers. */
  readonly applications: readonly BorrowerApplicationDto[];
  /** Newest first, as GET /api/loans/my-loans/ answers. */
  readonly loans: readonly LoanDto[];
}

const isOpenLoan = (loan: LoanDto) => loan.status !== 'FULLY_PAID';

export function nextStepFor(facts: BorrowerFacts): NextStep {
  if (!facts.isPhoneVerified) return { kind: 'confirm-phone', to: paths.appVerifyPhone };

  const behind = facts.loans.find((loan) => isOpenLoan(loan) && loan.days_in_arrears > 0);
  if (behind) return { kind: 'pay-arrears', to: paths.appLoan(behind.id), loan: behind };

  const inProgress = facts.applications.find(
    (application) =>
      application.status === 'PENDING' ||
      (application.status === 'APPROVED' && application.approved_loan === null),
  );
  if (inProgress) {
    const to = paths.appApplication(inProgress.id);
    if (inProgress.status === 'PENDING') {
      if (!facts.isKycComplete) return { kind: 'finish-profile', to: paths.appProfile };
      const missing = missingDocuments(inProgress.document_types);
      if (missing.length > 0) return { kind: 'upload-documents', to, missing };
      return { kind: 'wait-for-decision', to };
    }
    const listing = inProgress.listing;
    if (listing?.status === 'OPEN') return { kind: 'wait-for-lenders', to, closesAt: listing.closes_at };
    if (listing?.status === 'OFFERED') return { kind: 'choose-offer', to };
    if (listing?.status === 'EXPIRED') return { kind: 'offers-ended', to };
    return { kind: 'wait-for-money', to };
  }

  const open = facts.loans.find(isOpenLoan);
  if (open) return { kind: 'next-installment', to: paths.appLoan(open.id), loan: open };

  if (!facts.isKycComplete) return { kind: 'finish-profile', to: paths.appProfile };
  const latest = facts.applications[0];
  if (latest?.status === 'REJECTED' && !facts.loans.some((loan) => loan.application === latest.id)) {
    return { kind: 'rejected', to: paths.appApplication(latest.id), reason: latest.decision_reason };
  }
  return { kind: 'apply', to: paths.appApply };
}
