import {
  type ApplicationOrdering,
  type CreateApplicationBody,
  endOfKampalaDate,
  formatUgx,
  NIN_PATTERN,
  normalizeNin,
  startOfKampalaDate,
} from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { exactCount, type FilterCount } from '../../db/filter-count.ts';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  signedInAccountGone,
} from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { LoanTypesService } from '../loan-types/loan-types.service.ts';
import type { LoansService } from '../loans/loans.service.ts';
import { kampalaSmsTime } from '../messages/kampala-sms-time.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import {
  escapeLikePattern,
  findKycByUserId,
  findOpenUserById,
  findOpenUserByIdForUpdate,
  isPhoneConfirmed,
} from '../users/users.service.ts';
import { reviewApplication } from './application-review.ts';
import {
  findWorklistExportPage,
  hasWorklistFilter,
  listWorklist,
  type WorklistFilter,
} from './application-worklist.repo.ts';
import {
  type ApplicationRow,
  type ApplicationStatus,
  type ApplicationView,
  countApplicationsByStatus,
  decidePendingApplication,
  findApplicationById,
  findApplicationView,
  findOpenApplicationsOfUser,
  insertApplication,
  listApplicationViews,
  listDocuments,
  saveCreditCheck,
} from './applications.repo.ts';
import { runCreditCheck } from './credit-check.ts';

export interface Viewer {
  readonly id: number;
  readonly role: 'admin' | 'borrower' | 'lender';
}

/** Default notes when the admin writes none (spec section 5). */
export const DEFAULT_ADMIN_NOTES = {
  APPROVED: 'Application approved by admin',
  REJECTED: 'Application rejected by admin',
} as const;

/** What another feature does when an application is approved, in the approval's own transaction. */
/**
 * The reason the borrower is given for a decision: the admin's note on a rejection, when the admin
 * chose to share it; otherwise none (docs/lending.md). The API and the data download both use it.
 */
export function decisionReasonFor(
  application: Pick<ApplicationRow, 'status' | 'notesShared' | 'adminNotes'>,
): string | null {
  return application.status === 'REJECTED' && application.notesShared ? application.adminNotes : null;
}

export interface ApplicationListFilter {
  readonly status?: ApplicationStatus | undefined;
  readonly userId?: number | undefined;
  readonly search?: string | undefined;
  /** Kampala calendar dates, both included. */
  readonly submittedFrom?: string | undefined;
  readonly submittedTo?: string | undefined;
  readonly amountMin?: number | undefined;
  readonly amountMax?: number | undefined;
  readonly scoreMin?: number | undefined;
  readonly scoreMax?: number | undefined;
  readonly isAwaitingDisbursement?: boolean | undefined;
  readonly ordering: ApplicationOrdering;
  readonly limit: number;
  readonly offset: number;
}

/**
 * A search that is a whole NIN (spaces aside, any case) is that applicant's NIN: found through
 * applications_nin_idx, the same at any size. Anywhere in the text, its 12 trigrams' posting lists
 * grew with the table (p99 138 ms at a million users, docs/scale.md).
 */
function wholeNinOf(search: string | undefined): string | undefined {
  const nin = search === undefined ? undefined : normalizeNin(search);
  return nin !== undefined && NIN_PATTERN.test(nin) ? nin : undefined;
}

function toWorklistFilter(
  filter: Omit<ApplicationListFilter, 'ordering' | 'limit' | 'offset'>,
): WorklistFilter {
  const nin = wholeNinOf(filter.search);
  return {
    status: filter.status,
    userId: filter.userId,
    nin,
    searchPattern:
      filter.search && nin === undefined ? `%${escapeLikePattern(filter.search.toLowerCase())}%` : undefined,
    submittedFrom: filter.submittedFrom ? startOfKampalaDate(filter.submittedFrom) : undefined,
    submittedBefore: filter.submittedTo ? endOfKampalaDate(filter.submittedTo) : undefined,
    amountMin: filter.amountMin,
    amountMax: filter.amountMax,
    scoreMin: filter.scoreMin,
    scoreMax: filter.scoreMax,
    isAwaitingDisbursement: filter.isAwaitingDisbursement,
  };
}

export type ApprovalHandler = (tx: Tx, application: ApplicationRow) => Promise<void>;

/** One open application per borrower unless an admin allowed more (docs/lending.md). */
function openApplicationExists(open: Pick<ApplicationRow, 'id' | 'status'>): ConflictError {
  const state =
    open.status === 'PENDING'
      ? 'waiting for a decision). You can apply again once it is decided'
      : 'approved and not yet paid out). You can apply again once it is paid out, or ask Sente to allow a second one';
  return new ConflictError(
    'OPEN_APPLICATION_EXISTS',
    `You already have an open application (#${open.id}, ${state}.`,
  );
}

export function createApplicationsService({
  db,
  clock,
  loanTypes,
  loans,
  messages,
  listingHours,
}: {
  db: Db;
  clock: Clock;
  loanTypes: LoanTypesService;
  loans: LoansService;
  /** The borrower hears of the submission and the decision, each in its own transaction (docs/notifications.md). */
  messages: Pick<MessagesService, 'send'>;
  /** How long an approved application is open to lenders, for the approval message. */
  listingHours: number;
}) {
  const approvalHandlers: ApprovalHandler[] = [];
  const committedApprovalHandlers: Array<(applicationId: number) => void> = [];

  /** Inside a unit of work, pass its transaction: the read then sees (and waits for) its locks. */
  async function view(id: number, handle: DbOrTx = db): Promise<ApplicationView> {
    const row = await findApplicationView(handle, id);
    if (!row) throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
    return row;
  }

  /** Scores the application as it stands now and stores the result (advice for the admin). */
  async function refreshCreditCheck(tx: DbOrTx, applicationId: number): Promise<void> {
    const current = await findApplicationView(tx, applicationId);
    if (!current) return;
    // Everything through `tx`: the embedded database has one connection, which the transaction holds.
    const { application, loanType: type } = current;
    const schedule = loans.previewSchedule({
      principal: application.amountRequested,
      rate: type.interestRate,
      months: application.loanTermMonths,
      interestType: type.interestType,
    });
    const documents = await listDocuments(tx, applicationId);
    const kyc = await findKycByUserId(tx, application.userId);
    const check = runCreditCheck({
      amountRequested: application.amountRequested,
      minAmount: type.minAmount,
      maxAmount: type.maxAmount,
      monthlyIncome: application.monthlyIncome,
      weeklyRepayment: schedule.weeklyRepayment,
      hasValidNin: NIN_PATTERN.test(application.nin),
      hasPhoneNumber: current.userPhone !== null,
      kyc: kyc
        ? {
            isComplete: Boolean(kyc.dateOfBirth && kyc.gender && kyc.address && kyc.nationalId),
            isSameNin: kyc.nationalId?.toUpperCase() === application.nin.toUpperCase(),
          }
        : null,
      documentTypes: documents.map((d) => d.documentType),
    });
    await saveCreditCheck(tx, applicationId, {
      creditScore: check.score,
      creditReasons: check.reasons,
      creditCheckedAt: clock.now(),
    });
  }

  async function decide(
    id: number,
    adminId: number,
    status: 'APPROVED' | 'REJECTED',
    notes: string | null | undefined,
    notesShared = false,
  ): Promise<ApplicationView> {
    await db.transaction(async (tx) => {
      const decided = await decidePendingApplication(tx, id, {
        status,
        adminNotes: notes?.trim() || DEFAULT_ADMIN_NOTES[status],
        // Only a note the admin wrote can be shared; the default text stays for the staff.
        notesShared: notesShared && Boolean(notes?.trim()),
        decidedById: adminId,
        decidedAt: clock.now(),
      });
      if (!decided) {
        const existing = await findApplicationById(tx, id);
        if (!existing) throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
        throw new ConflictError(
          'APPLICATION_NOT_PENDING',
          `Only pending applications can be ${status === 'APPROVED' ? 'approved' : 'rejected'}; this one is already ${existing.status.toLowerCase()}`,
        );
      }
      await recordAudit(tx, {
        actorId: adminId,
        action: status === 'APPROVED' ? 'application.approved' : 'application.rejected',
        entityType: 'application',
        entityId: id,
        before: { status: 'PENDING' },
        after: { status, admin_notes: decided.adminNotes, notes_shared: decided.notesShared },
        at: clock.now(),
      });
      // What follows an approval in the same unit of work (the marketplace lists it at once).
      if (status === 'APPROVED') for (const handler of approvalHandlers) await handler(tx, decided);
      const decision = {
        name: (await findOpenUserById(tx, decided.userId))?.name ?? '',
        applicationId: decided.id,
        amount: decided.amountRequested,
      };
      if (status === 'APPROVED') {
        const closes = new Date(clock.now().getTime() + listingHours * 60 * 60 * 1000);
        await messages.send(tx, decided.userId, 'application.approved', {
          ...decision,
          listedUntil: kampalaSmsTime(closes),
        });
      } else {
        await messages.send(tx, decided.userId, 'application.rejected', {
          ...decision,
          reason: decisionReasonFor(decided),
        });
      }
    });
    if (status === 'APPROVED') for (const handler of committedApprovalHandlers) handler(id);
    return view(id);
  }

  async function create(userId: number, body: CreateApplicationBody): Promise<ApplicationView> {
    const type = await loanTypes.find(body.loan_type);
    if (!type)
      throw new InvalidInputError('UNKNOWN_LOAN_TYPE', 'Invalid application', {
        loan_type: ['Choose an existing loan type'],
      });
    if (type.status !== 'ACTIVE') {
      throw new InvalidInputError('LOAN_TYPE_NOT_OFFERED', 'Invalid application', {
        loan_type: ['This loan type is not on offer'],
      });
    }
    if (body.amount_requested < type.minAmount || body.amount_requested > type.maxAmount) {
      throw new InvalidInputError('AMOUNT_OUT_OF_RANGE', 'Invalid application', {
        amount_requested: [
          `${type.name} lends from ${formatUgx(type.minAmount)} to ${formatUgx(type.maxAmount)}`,
        ],
      });
    }
    const at = clock.now();
    const id = await db.transaction(async (tx) => {
      // The borrower's row is locked, so parallel submissions are counted one after the other.
      const user = await findOpenUserByIdForUpdate(tx, userId);
      if (!user) throw signedInAccountGone();
      const open = await findOpenApplicationsOfUser(tx, userId);
      const first = open[0];
      if (first && open.length >= user.maxOpenApplications) throw openApplicationExists(first);
      const row = await insertApplication(tx, {
        userId,
        loanTypeId: type.id,
        businessName: body.business_name,
        businessLocation: body.business_location,
        businessType: body.business_type,
        amountRequested: body.amount_requested,
        loanTermMonths: body.loan_term,
        loanPurpose: body.loan_purpose,
        monthlyIncome: body.monthly_income,
        nin: body.nin,
        status: 'PENDING',
        createdAt: at,
        updatedAt: at,
      });
      await refreshCreditCheck(tx, row.id);
      await messages.send(tx, userId, 'application.received', {
        name: user.name,
        applicationId: row.id,
        amount: row.amountRequested,
      });
      return row.id;
    });
    return view(id);
  }

  return {
    refreshCreditCheck,

    /** Runs `handler` inside every approval's transaction, after the status changed. */
    onApproved(handler: ApprovalHandler): void {
      approvalHandlers.push(handler);
    },

    /** Told after an approval has committed (its listing is open); must not throw. */
    onApprovalCommitted(handler: (applicationId: number) => void): void {
      committedApprovalHandlers.push(handler);
    },

    create,

    /** A signed-in borrower applies; admins and lenders do not borrow through this door. */
    async applyAs(viewer: Viewer, body: CreateApplicationBody): Promise<ApplicationView> {
      if (viewer.role !== 'borrower')
        throw new ForbiddenError('BORROWERS_ONLY', 'Only borrower accounts can apply for a loan');
      const user = await findOpenUserById(db, viewer.id);
      if (user && !isPhoneConfirmed(user)) {
        throw new ForbiddenError(
          'PHONE_NOT_CONFIRMED',
          'Confirm your phone number with the code we sent by SMS before you apply',
        );
      }
      return create(viewer.id, body);
    },

    /** The owner or an admin may read an application; anyone else is told it does not exist. */
    async getFor(viewer: Viewer, id: number): Promise<ApplicationView> {
      const row = await view(id);
      if (viewer.role !== 'admin' && row.application.userId !== viewer.id) {
        throw new NotFoundError('APPLICATION_NOT_FOUND', 'Application not found');
      }
      return row;
    },

    get: view,

    review: (id: number) => reviewApplication({ db, loans }, id),

    /** A keyset page of the worklist's export (http/csv-export.ts), newest first. */
    exportPage(
      filter: Omit<ApplicationListFilter, 'ordering' | 'limit' | 'offset'>,
      page: { after: { at: string; id: number } | null; limit: number },
    ) {
      return findWorklistExportPage(db, toWorklistFilter(filter), page);
    },

    /** A page of applications and their count; a search's count stops past the cap (db/filter-count.ts). */
    async list(filter: ApplicationListFilter): Promise<FilterCount & { rows: ApplicationView[] }> {
      const worklist = toWorklistFilter(filter);
      if (!hasWorklistFilter(worklist)) {
        const { count, rows } = await listApplicationViews(db, filter);
        return { ...exactCount(count), rows };
      }
      return listWorklist(db, worklist, filter);
    },

    async statistics(userId?: number) {
      const counts = await countApplicationsByStatus(db, userId);
      return {
        total_applications: counts.PENDING + counts.APPROVED + counts.REJECTED,
        pending_applications: counts.PENDING,
        approved_applications: counts.APPROVED,
        rejected_applications: counts.REJECTED,
      };
    },

    approve: (id: number, adminId: number, notes?: string | null) => decide(id, adminId, 'APPROVED', notes),
    reject: (id: number, adminId: number, notes?: string | null, shareWithApplicant = false) =>
      decide(id, adminId, 'REJECTED', notes, shareWithApplicant),
  };
}
export type ApplicationsService = ReturnType<typeof createApplicationsService>;
export type { ExportedApplication } from './application-worklist.repo.ts';
export type { ApplicationRow } from './applications.repo.ts';
