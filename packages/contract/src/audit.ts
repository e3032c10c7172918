import { z } from 'zod';
import { ApiError, Id, IsoDateTime, pageOf, pageQuery, Text } from './common.ts';
import { CsvFile, ExportRange, exportQuery } from './csv-export.ts';
import { route } from './route.ts';

/**
 * The audit log as the back-office reads it: who changed what, when, with the fields before and
 * after (docs/back-office.md, Audit log). Actions are `<entity>.<past-tense verb>`.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'application.approved': 'Application approved',
  'application.rejected': 'Application rejected',
  'application.disbursed': 'Disbursement requested',
  'user.status_changed': 'User status changed',
  'user.updated': 'User edited',
  'user.closed': 'Account closed',
  'user.open_applications_allowed_changed': 'Open applications allowance changed',
  'user.password_reset_link_issued': 'Password-reset link created',
  'user.password_reset': 'Password reset',
  'user.signed_in': 'Signed in',
  'user.mfa_enabled': 'Two-factor sign-in turned on',
  'user.mfa_disabled': 'Two-factor sign-in turned off',
  'loan_type.created': 'Loan type created',
  'loan_type.updated': 'Loan type edited',
  'loan_type.deleted': 'Loan type deleted',
  'lender.verified': 'Lender verified',
  'lender.terms_accepted': 'Lender terms accepted',
  'listing.relisted': 'Listing opened again',
  'capital.paid_in': 'Capital paid in',
  'enquiry.updated': 'Enquiry updated',
  'enquiry.invited': 'Lender invited',
};

/** "Application approved"; an action without a label reads as itself. */
export function auditActionLabel(action: string): string {
  return AUDIT_ACTION_LABELS[action] ?? action;
}

export const AuditEntry = z
  .object({
    id: z.number().int(),
    at: IsoDateTime,
    /** Null for the system itself (jobs, start-up, the CLI). */
    actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof AuditEntry>;

const auditFilters = {
  /** The admin who acted. */
  admin: Id.optional(),
  /** One action exactly, e.g. `application.approved`. */
  action: Text.trim().max(100).optional(),
};

export const listAuditLog = route({
  method: 'GET',
  path: '/api/audit/',
  auth: 'admin',
  summary: 'The audit log, newest first, filtered by admin, action and Kampala date range',
  tags: ['audit'],
  query: pageQuery(25)
    .extend(ExportRange.shape)
    .extend(auditFilters)
    .refine((query) => !query.from || !query.to || query.from <= query.to, {
      path: ['to'],
      message: 'The end date must not be before the start date',
    }),
  responses: { 200: pageOf(AuditEntry), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const exportAuditLog = route({
  method: 'GET',
  path: '/api/audit/export/',
  auth: 'admin',
  summary:
    'Every audit log entry matching the filters and the Kampala date range, newest first, as streamed CSV',
  tags: ['audit'],
  query: exportQuery(auditFilters),
  responses: { 200: CsvFile, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const AuditAdmin = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const listAuditAdmins = route({
  method: 'GET',
  path: '/api/audit/admins/',
  auth: 'admin',
  summary: 'Every admin account, for the audit log filter',
  tags: ['audit'],
  responses: { 200: z.object({ results: z.array(AuditAdmin) }), 401: ApiError, 403: ApiError },
});

export const auditRoutes = { listAuditLog, exportAuditLog, listAuditAdmins } as const;
