import { z } from 'zod';
import {
  ApiError,
  filteredPageOf,
  Id,
  IdempotencyHeaders,
  IdParams,
  IsoDateTime,
  pageOf,
  pageQuery,
  Text,
  UgxInput,
  UgxString,
} from './common.ts';
import { CalendarDate, CsvFile, exportQuery } from './csv-export.ts';
import { DOCUMENT_TYPES } from './documents.ts';
import { LoanDto } from './loans.ts';
import { route } from './route.ts';
import { PlatformTransaction } from './wallet.ts';

export const ApplicationStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
export type ApplicationStatus = z.infer<typeof ApplicationStatus>;

export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

/** National Identification Number: 14 letters and digits, C then M or F (format only). */
export const NIN_PATTERN = /^C[MF][0-9A-Z]{12}$/;

/** A NIN as stored: spaces dropped, letters upper-cased (the form and the admin search alike). */
export function normalizeNin(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

export const ApplicationDto = z
  .object({
    id: Id,
    user: Id,
    user_name: z.string(),
    business_name: z.string(),
    business_location: z.string(),
    business_type: z.string().nullable(),
    status: ApplicationStatus,
    amount_requested: UgxString,
    /** Months. */
    loan_term: z.number().int(),
    loan_type: Id,
    loan_type_name: z.string(),
    loan_purpose: z.string(),
    monthly_income: UgxString,
    nin: z.string(),
    /** The loan's id once disbursed; its presence means the application has been disbursed. */
    approved_loan: Id.nullable(),
    admin_notes: z.string().nullable(),
    decided_by: Id.nullable(),
    decided_by_name: z.string().nullable(),
    decided_at: IsoDateTime.nullable(),
    /** Advice for the admin, 0–100; the decision stays human. */
    credit_score: z.number().int().nullable(),
    credit_reasons: z.array(z.string()),
    document_count: z.number().int(),
    /** The types with at least one document on file, in DOCUMENT_TYPES order (a borrower sees which). */
    document_types: z.array(DocumentType),
    /** On the marketplace once approved (decisions.md, The marketplace); null before, or if never listed. */
    listing: z
      .object({
        id: Id,
        status: z.enum(['OPEN', 'OFFERED', 'FUNDED', 'DISBURSED', 'EXPIRED']),
        funded_amount: UgxString,
        closes_at: IsoDateTime,
      })
      .nullable(),
    created_at: IsoDateTime,
    updated_at: IsoDateTime,
  })
  .meta({ id: 'Application' });
export type ApplicationDto = z.infer<typeof ApplicationDto>;

/**
 * An application as its borrower sees it: the decision and the reason meant for them (the admin's
 * note on a rejection, when the admin chose to share it), never the credit engine's score and
 * reasons, the admin's own notes or staff names (docs/lending.md).
 */
export const BorrowerApplicationDto = ApplicationDto.omit({
  admin_notes: true,
  decided_by: true,
  decided_by_name: true,
  credit_score: true,
  credit_reasons: true,
})
  .extend({ decision_reason: z.string().nullable() })
  .meta({ id: 'BorrowerApplication' });
export type BorrowerApplicationDto = z.infer<typeof BorrowerApplicationDto>;

const requiredText = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`);

export const CreateApplicationBody = z.object({
  business_name: requiredText('Business name', 200),
  business_location: requiredText('Business location', 200),
  business_type: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((value) => value || null),
  amount_requested: UgxInput,
  loan_term: z.coerce
    .number()
    .int('Enter whole months')
    .min(1, 'At least 1 month')
    .max(24, 'At most 24 months'),
  loan_type: Id,
  loan_purpose: requiredText('Loan purpose', 1000),
  monthly_income: UgxInput,
  nin: z
    .string()
    .transform(normalizeNin)
    .pipe(z.string().regex(NIN_PATTERN, 'Enter a National Identification Number like CM12345678901A')),
});
export type CreateApplicationBody = z.infer<typeof CreateApplicationBody>;

export const APPLICATION_ORDERINGS = [
  'created_at',
  '-created_at',
  'amount_requested',
  '-amount_requested',
  'status',
  '-status',
  'business_name',
  '-business_name',
  'loan_term',
  '-loan_term',
  'credit_score',
  '-credit_score',
] as const;
export const ApplicationOrdering = z.enum(APPLICATION_ORDERINGS);
export type ApplicationOrdering = z.infer<typeof ApplicationOrdering>;

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' ? value.trim().toUpperCase() || undefined : value;

/** An empty query parameter means "no filter", as a cleared form field sends it. */
const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const Score = z.coerce.number().int('Enter a whole number').min(0, 'At least 0').max(100, 'At most 100');

interface WorklistRanges {
  readonly amount_min?: number | undefined;
  readonly amount_max?: number | undefined;
  readonly score_min?: number | undefined;
  readonly score_max?: number | undefined;
  readonly awaiting_disbursement: boolean;
  readonly status?: ApplicationStatus | undefined;
}

/** The worklist's and its export's ranges: an upside-down one, or a contradiction, is a 400. */
function checkWorklistFilters(query: WorklistRanges, ctx: z.RefinementCtx): void {
  const { amount_min, amount_max, score_min, score_max } = query;
  if (amount_min !== undefined && amount_max !== undefined && amount_min > amount_max)
    ctx.addIssue({ code: 'custom', path: ['amount_max'], message: 'Must not be below amount_min' });
  if (score_min !== undefined && score_max !== undefined && score_min > score_max)
    ctx.addIssue({ code: 'custom', path: ['score_max'], message: 'Must not be below score_min' });
  if (query.awaiting_disbursement && query.status && query.status !== 'APPROVED') {
    ctx.addIssue({
      code: 'custom',
      path: ['awaiting_disbursement'],
      message: 'Only approved applications await disbursement',
    });
  }
}

/**
 * The applications worklist (docs/back-office.md, Applications): search by applicant, business or
 * NIN; filters by status, submission date (Kampala days, both ends included), amount and credit
 * score (both ends included), and approved applications still waiting for their payout.
 */
export const ApplicationListQuery = pageQuery(10)
  .extend({
    ordering: z.preprocess((v) => (v === '' ? undefined : v), ApplicationOrdering).default('-created_at'),
    status: z.preprocess(emptyToUndefined, ApplicationStatus.optional()),
    user: Id.optional(),
    search: z.preprocess(blankToUndefined, Text.trim().max(100).optional()),
    submitted_from: z.preprocess(blankToUndefined, CalendarDate.optional()),
    submitted_to: z.preprocess(blankToUndefined, CalendarDate.optional()),
    amount_min: z.preprocess(blankToUndefined, UgxInput.optional()),
    amount_max: z.preprocess(blankToUndefined, UgxInput.optional()),
    score_min: z.preprocess(blankToUndefined, Score.optional()),
    score_max: z.preprocess(blankToUndefined, Score.optional()),
    awaiting_disbursement: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
  })
  .superRefine((query, ctx) => {
    if (query.submitted_from && query.submitted_to && query.submitted_from > query.submitted_to)
      ctx.addIssue({ code: 'custom', path: ['submitted_to'], message: 'Must not be before submitted_from' });
    checkWorklistFilters(query, ctx);
  });
export type ApplicationListQuery = z.infer<typeof ApplicationListQuery>;

/**
 * Every application the worklist's filters match, newest first, as streamed CSV; `from` and `to`
 * are the submission's Kampala days (both included), like the list's submitted_from/submitted_to.
 */
export const exportApplications = route({
  method: 'GET',
  path: '/api/loans/applications/export/',
  auth: 'admin',
  summary: 'Every application matching the worklist filters and the submission date range, as streamed CSV',
  tags: ['applications'],
  query: exportQuery({
    status: z.preprocess(emptyToUndefined, ApplicationStatus.optional()),
    search: z.preprocess(blankToUndefined, Text.trim().max(100).optional()),
    amount_min: z.preprocess(blankToUndefined, UgxInput.optional()),
    amount_max: z.preprocess(blankToUndefined, UgxInput.optional()),
    score_min: z.preprocess(blankToUndefined, Score.optional()),
    score_max: z.preprocess(blankToUndefined, Score.optional()),
    awaiting_disbursement: z
      .enum(['true', 'false', '1', '0'])
      .optional()
      .transform((value) => value === 'true' || value === '1'),
  }).superRefine(checkWorklistFilters),
  responses: { 200: CsvFile, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const ApplicationStatistics = z
  .object({
    total_applications: z.number().int(),
    pending_applications: z.number().int(),
    approved_applications: z.number().int(),
    rejected_applications: z.number().int(),
  })
  .meta({ id: 'ApplicationStatistics' });

export const ApplicationDocumentDto = z
  .object({
    id: Id,
    document_type: DocumentType,
    /** A short-lived signed URL (root-relative) that serves the file. */
    file: z.string(),
    file_name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    uploaded_at: IsoDateTime,
  })
  .meta({ id: 'ApplicationDocument' });

const DecisionBody = z
  .object({ admin_notes: z.string().trim().max(2000, 'At most 2000 characters').nullish() })
  .nullish();

/** A rejection may share its note with the applicant; by default the note stays with the staff. */
const RejectBody = z
  .object({
    admin_notes: z.string().trim().max(2000, 'At most 2000 characters').nullish(),
    share_with_applicant: z.boolean().optional(),
  })
  .nullish();

export const createApplication = route({
  method: 'POST',
  path: '/api/loans/applications/',
  auth: 'user',
  summary: 'Apply for a loan (the amount must lie in the loan type’s range; the type must be active)',
  tags: ['applications'],
  body: CreateApplicationBody,
  // 409: the borrower already has an open application (one at a time unless an admin allowed more);
  // 429: too many applications from this user in the last hour (Retry-After).
  responses: {
    201: BorrowerApplicationDto,
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
    429: ApiError,
  },
});

export const listApplications = route({
  method: 'GET',
  path: '/api/loans/applications/',
  auth: 'admin',
  summary: 'Applications, paged, newest first by default',
  tags: ['applications'],
  query: ApplicationListQuery,
  responses: { 200: filteredPageOf(ApplicationDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const myApplications = route({
  method: 'GET',
  path: '/api/loans/my-applications/',
  auth: 'user',
  summary: 'The signed-in borrower’s own applications, newest first',
  tags: ['applications'],
  query: pageQuery(10),
  responses: { 200: pageOf(BorrowerApplicationDto), 400: ApiError, 401: ApiError },
});

export const applicationStatistics = route({
  method: 'GET',
  path: '/api/loans/applications/statistics/',
  auth: 'admin',
  summary: 'Counts of applications by status',
  tags: ['applications'],
  responses: { 200: ApplicationStatistics, 401: ApiError, 403: ApiError },
});

export const getApplication = route({
  method: 'GET',
  path: '/api/loans/applications/:id/',
  auth: 'user',
  summary: 'One application (its owner or an admin)',
  tags: ['applications'],
  params: IdParams,
  // An admin reads the whole application; its borrower reads their own view of it.
  responses: {
    200: z.union([ApplicationDto, BorrowerApplicationDto]),
    400: ApiError,
    401: ApiError,
    404: ApiError,
  },
});

export const uploadApplicationDocument = route({
  method: 'POST',
  path: '/api/loans/applications/:id/documents/',
  auth: 'user',
  summary:
    'Upload a document to one’s own pending application: multipart `document_type` and `file` (PDF, JPEG, PNG or WebP judged by content, at most 10 MB)',
  tags: ['applications'],
  params: IdParams,
  multipart: true,
  body: z.object({ document_type: DocumentType, file: z.string().meta({ format: 'binary' }) }),
  responses: {
    201: ApplicationDocumentDto,
    400: ApiError,
    401: ApiError,
    404: ApiError,
    409: ApiError,
    413: ApiError,
    429: ApiError,
  },
});

export const listApplicationDocuments = route({
  method: 'GET',
  path: '/api/loans/applications/:id/documents/',
  auth: 'admin',
  summary: 'An application’s documents, each with a short-lived signed URL',
  tags: ['applications'],
  params: IdParams,
  responses: {
    200: z.object({ documents: z.array(ApplicationDocumentDto) }),
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
  },
});

export const approveApplication = route({
  method: 'POST',
  path: '/api/loans/applications/:id/approve/',
  auth: 'admin',
  summary: 'Approve a pending application (409 in any other state)',
  tags: ['applications'],
  params: IdParams,
  body: DecisionBody,
  responses: {
    200: ApplicationDto,
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
  },
});

export const rejectApplication = route({
  method: 'POST',
  path: '/api/loans/applications/:id/reject/',
  auth: 'admin',
  summary: 'Reject a pending application (409 in any other state)',
  tags: ['applications'],
  params: IdParams,
  body: RejectBody,
  responses: {
    200: ApplicationDto,
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
  },
});

export const applicationDocumentFile = route({
  method: 'GET',
  path: '/api/loans/documents/:id/file/',
  auth: 'public',
  summary: 'The bytes of a document, through a signed URL that expires after a few minutes',
  tags: ['applications'],
  params: IdParams,
  query: z.object({
    expires: z.coerce.number().int().positive(),
    signature: z.string().regex(/^[\w-]{20,100}$/),
    download: z.enum(['1', 'true']).optional(),
  }),
  responses: { 200: z.string().meta({ format: 'binary' }), 400: ApiError, 403: ApiError, 404: ApiError },
});

/** The payout was sent and is not confirmed yet: the loan is created when it is. */
export const DisbursementPending = z
  .object({ status: z.literal('PROCESSING'), message: z.string(), transaction: PlatformTransaction })
  .meta({ id: 'DisbursementPending' });

export const disburseApplication = route({
  method: 'POST',
  path: '/api/loans/applications/:id/disburse/',
  auth: 'admin',
  summary:
    'Pay an approved application out by mobile money and create its loan, all or nothing (201 the loan; 202 while the payout is unconfirmed; 502 when it failed and nothing moved)',
  tags: ['applications'],
  params: IdParams,
  headers: IdempotencyHeaders,
  responses: {
    201: LoanDto,
    202: DisbursementPending,
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
    502: ApiError,
  },
});

/** Why an admin should look twice before deciding (docs/back-office.md, Application detail). */
export const APPLICATION_FLAG_CODES = [
  'NIN_DIFFERS_FROM_KYC',
  'KYC_INCOMPLETE',
  'DOCUMENTS_MISSING',
  'INCOME_SHORT',
  'OTHER_OPEN_LOAN',
  'OTHER_OPEN_APPLICATION',
  'NIN_ON_OTHER_ACCOUNT',
  'PHONE_ON_OTHER_ACCOUNT',
] as const;
export const ApplicationFlag = z.object({
  code: z.enum(APPLICATION_FLAG_CODES),
  /** The finding in a sentence, as the screen shows it. */
  message: z.string(),
});
export type ApplicationFlag = z.infer<typeof ApplicationFlag>;

/** One step of an application's history: who did what, when, with which note. */
export const ApplicationEvent = z.object({
  kind: z.enum(['SUBMITTED', 'APPROVED', 'REJECTED', 'DISBURSED']),
  at: IsoDateTime,
  /** The applicant for SUBMITTED, the deciding admin for a decision; null when not recorded. */
  by_name: z.string().nullable(),
  note: z.string().nullable(),
});
export type ApplicationEvent = z.infer<typeof ApplicationEvent>;

/**
 * Everything an admin weighs before a decision, for the application's own page: the application
 * (with its score and reasons), who applied, what needs a second look, and what happened so far.
 * Admins only: a lender never reads this.
 */
export const ApplicationReviewDto = z
  .object({
    application: ApplicationDto,
    applicant: z.object({
      id: Id,
      name: z.string(),
      email: z.string(),
      phone_number: z.string().nullable(),
      status: z.string(),
      joined_at: IsoDateTime,
    }),
    /** The loan's installment over a month (weekly × 52 / 12), as the credit check reckons it. */
    monthly_repayment: UgxString,
    flags: z.array(ApplicationFlag),
    /** The loan made from this application, once disbursed: its reference names it everywhere. */
    loan: z.object({ id: Id, loan_id: z.string() }).nullable(),
    history: z.array(ApplicationEvent),
  })
  .meta({ id: 'ApplicationReview' });
export type ApplicationReviewDto = z.infer<typeof ApplicationReviewDto>;

export const applicationReview = route({
  method: 'GET',
  path: '/api/loans/applications/:id/review/',
  auth: 'admin',
  summary:
    'One application as an admin reviews it: applicant, score and reasons, flags that need a look, loan and decision history',
  tags: ['applications'],
  params: IdParams,
  responses: { 200: ApplicationReviewDto, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const applicationRoutes = {
  applicationReview,
  exportApplications,
  createApplication,
  listApplications,
  myApplications,
  applicationStatistics,
  getApplication,
  uploadApplicationDocument,
  listApplicationDocuments,
  approveApplication,
  rejectApplication,
  disburseApplication,
  applicationDocumentFile,
} as const;
