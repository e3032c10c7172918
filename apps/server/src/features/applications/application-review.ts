import type { ApplicationEvent } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../domain-error.ts';
import type { LoansService } from '../loans/loans.service.ts';
import { findKycByUserId } from '../users/users.service.ts';
import { countAccountsSharingIdentity, findApplicant } from './application-review.repo.ts';
import {
  type ApplicationView,
  findApplicationView,
  findOpenApplicationsOfUser,
} from './applications.repo.ts';
import { reviewFlags } from './review-flags.ts';

const OPEN_LOAN_STATUSES = new Set(['ACTIVE', 'OVERDUE', 'DEFAULT']);

/** A borrower's loans the flags look at; more than this many at once is itself the finding. */
const LOANS_LOOKED_AT = 100;

/**
 * One application as an admin reviews it: applicant, flags, loan and history. Reads only, each on
 * its own (no transaction): a review is advice, and each figure is true when it was read.
 */
export async function reviewApplication(deps: { db: Db; loans: LoansService }, id: number) {
  const { db, loans } = deps;
  const view = await findApplicationView(db, id);
  if (!view) throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
  const { application: a } = view;
  const applicant = await findApplicant(db, a.userId);
  if (!applicant) throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
  const [kyc, borrowerLoans, openApplications, shared] = await Promise.all([
    findKycByUserId(db, a.userId),
    loans.list({ userId: a.userId, limit: LOANS_LOOKED_AT, offset: 0 }),
    findOpenApplicationsOfUser(db, a.userId),
    countAccountsSharingIdentity(db, { userId: a.userId, nin: a.nin, phoneNumber: applicant.phoneNumber }),
  ]);
  const schedule = loans.previewSchedule({
    principal: a.amountRequested,
    rate: view.loanType.interestRate,
    months: a.loanTermMonths,
    interestType: view.loanType.interestType,
  });
  // A weekly installment over a month, as the credit check reckons it: × 52 / 12.
  const monthlyRepayment = Math.round((schedule.weeklyRepayment * 52) / 12);
  const ownLoan = a.approvedLoanId === null ? null : (await loans.get(a.approvedLoanId)).loan;
  const flags = reviewFlags({
    nin: a.nin,
    kyc: kyc
      ? {
          nationalId: kyc.nationalId,
          isComplete: Boolean(kyc.dateOfBirth && kyc.gender && kyc.address && kyc.nationalId),
        }
      : null,
    documentTypes: view.documentTypes,
    monthlyRepayment,
    monthlyIncome: a.monthlyIncome,
    otherOpenLoans: borrowerLoans.rows
      .map((row) => row.loan)
      .filter((loan) => loan.applicationId !== a.id && OPEN_LOAN_STATUSES.has(loan.status)),
    otherOpenApplications: openApplications.filter((open) => open.id !== a.id),
    ...shared,
  });
  return {
    view,
    applicant,
    monthlyRepayment,
    flags,
    loan: ownLoan ? { id: ownLoan.id, loanRef: ownLoan.loanRef } : null,
    history: historyOf(view, applicant.name, ownLoan),
  };
}
export type ApplicationReview = Awaited<ReturnType<typeof reviewApplication>>;

function historyOf(
  view: ApplicationView,
  applicantName: string,
  loan: { loanRef: string; openingDate: Date } | null,
): ApplicationEvent[] {
  const a = view.application;
  const events: ApplicationEvent[] = [
    { kind: 'SUBMITTED', at: a.createdAt.toISOString(), by_name: applicantName, note: null },
  ];
  if (a.status !== 'PENDING' && a.decidedAt) {
    events.push({
      kind: a.status,
      at: a.decidedAt.toISOString(),
      by_name: view.decidedByName,
      note: a.adminNotes,
    });
  }
  if (loan) {
    // Who pressed Disburse is not stored with the loan; the audit log keeps admin actions.
    events.push({
      kind: 'DISBURSED',
      at: loan.openingDate.toISOString(),
      by_name: null,
      note: `Loan ${loan.loanRef}`,
    });
  }
  return events;
}
