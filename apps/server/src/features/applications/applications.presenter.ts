import {
  type ApplicationDto,
  type ApplicationReviewDto,
  type BorrowerApplicationDto,
  type CsvColumn,
  DOCUMENT_TYPES,
  toUgxString,
} from '@sente/contract';
import type { ApplicationReview } from './application-review.ts';
import type { ExportedApplication } from './application-worklist.repo.ts';
import type { ApplicationView, DocumentRow } from './applications.repo.ts';
import { decisionReasonFor } from './applications.service.ts';

export function toApplicationDto({ application: a, ...names }: ApplicationView): ApplicationDto {
  return {
    id: a.id,
    user: a.userId,
    user_name: names.userName,
    business_name: a.businessName,
    business_location: a.businessLocation,
    business_type: a.businessType,
    status: a.status,
    amount_requested: toUgxString(a.amountRequested),
    loan_term: a.loanTermMonths,
    loan_type: a.loanTypeId,
    loan_type_name: names.loanTypeName,
    loan_purpose: a.loanPurpose,
    monthly_income: toUgxString(a.monthlyIncome),
    nin: a.nin,
    approved_loan: a.approvedLoanId,
    admin_notes: a.adminNotes,
    decided_by: a.decidedById,
    decided_by_name: names.decidedByName,
    decided_at: a.decidedAt?.toISOString() ?? null,
    credit_score: a.creditScore,
    credit_reasons: a.creditReasons ?? [],
    document_count: names.documentCount,
    document_types: DOCUMENT_TYPES.filter((type) => names.documentTypes.includes(type)),
    listing: names.listing
      ? {
          id: names.listing.id,
          status: names.listing.status,
          funded_amount: toUgxString(names.listingFunded),
          closes_at: names.listing.closesAt.toISOString(),
        }
      : null,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

/** The borrower's own view: the decision and a shared reason, none of the staff's working notes. */
export function toBorrowerApplicationDto(view: ApplicationView): BorrowerApplicationDto {
  const {
    admin_notes: _notes,
    decided_by: _staff,
    decided_by_name: _staffName,
    credit_score: _score,
    credit_reasons: _reasons,
    ...shown
  } = toApplicationDto(view);
  return { ...shown, decision_reason: decisionReasonFor(view.application) };
}

/** Whoever asks: an admin gets the whole application, anyone else (its owner) their own view. */
export function toApplicationDtoFor(viewer: { role: string }, view: ApplicationView) {
  return viewer.role === 'admin' ? toApplicationDto(view) : toBorrowerApplicationDto(view);
}

export function toDocumentDto(row: DocumentRow, file: string) {
  return {
    id: row.id,
    document_type: row.documentType,
    file,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    uploaded_at: row.uploadedAt.toISOString(),
  };
}

export function toApplicationReviewDto(review: ApplicationReview): ApplicationReviewDto {
  const { applicant } = review;
  return {
    application: toApplicationDto(review.view),
    applicant: {
      id: applicant.id,
      name: applicant.name,
      email: applicant.email,
      phone_number: applicant.phoneNumber,
      status: applicant.status,
      joined_at: applicant.createdAt.toISOString(),
    },
    monthly_repayment: toUgxString(review.monthlyRepayment),
    flags: review.flags,
    loan: review.loan ? { id: review.loan.id, loan_id: review.loan.loanRef } : null,
    history: review.history,
  };
}

/**
 * The applications export: amounts as plain whole shillings, times ISO. The NIN is left out: it is
 * read on the application's page, where the admin needs it, not copied into files.
 */
export const APPLICATION_CSV_COLUMNS: readonly CsvColumn<ExportedApplication>[] = [
  { header: 'id', value: (v) => v.application.id },
  { header: 'submitted_at', value: (v) => v.application.createdAt.toISOString() },
  { header: 'applicant', value: (v) => v.userName },
  { header: 'business_name', value: (v) => v.application.businessName },
  { header: 'business_location', value: (v) => v.application.businessLocation },
  { header: 'business_type', value: (v) => v.application.businessType },
  { header: 'status', value: (v) => v.application.status },
  { header: 'amount_requested', value: (v) => v.application.amountRequested },
  { header: 'loan_term_months', value: (v) => v.application.loanTermMonths },
  { header: 'loan_type', value: (v) => v.loanTypeName },
  { header: 'monthly_income', value: (v) => v.application.monthlyIncome },
  { header: 'credit_score', value: (v) => v.application.creditScore },
  { header: 'decided_by', value: (v) => v.decidedByName },
  { header: 'decided_at', value: (v) => v.application.decidedAt?.toISOString() },
  { header: 'loan', value: (v) => v.application.approvedLoanId },
];
