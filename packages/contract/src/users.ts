import { z } from 'zod';
import { SessionUser, UserStatus } from './auth.ts';
import { ApiError, filteredPageOf, IdParams, IsoDate, IsoDateTime, pageQuery, Text } from './common.ts';
import { LenderKind } from './lenders.ts';
import { route } from './route.ts';

// ---- KYC rules, shared by the server (which enforces them) and the web (which can pre-check). ----

export const Gender = z.enum(['Male', 'Female']);
export type Gender = z.infer<typeof Gender>;

/**
 * Uganda's National Identification Number: 14 letters and digits, C then M or F (citizen, male or
 * female). Format only: there is no public check digit (decisions.md, Uganda formats).
 */
export const NATIONAL_ID_PATTERN = /^C[MF][0-9A-Z]{12}$/;
export const KYC_MIN_AGE_YEARS = 18;

/** Upper-cases and drops spaces; the stored form. */
export function normalizeNationalId(input: string): string {
  return input.replace(/\s+/g, '').toUpperCase();
}

export function isValidNationalId(input: string): boolean {
  return NATIONAL_ID_PATTERN.test(normalizeNationalId(input));
}

/** True when `date` (YYYY-MM-DD) is a real calendar day. */
export function isCalendarDate(date: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** Whole years from `dateOfBirth` to `today`, both YYYY-MM-DD calendar days. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  if (by === undefined || bm === undefined || bd === undefined) return Number.NaN;
  if (ty === undefined || tm === undefined || td === undefined) return Number.NaN;
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

// ---- Wire shapes ----

/**
 * KYC as the profile screen reads it; null where the user has not provided a field. A lender's also
 * carries its lender details (decisions.md: an institution gives a registration number and a contact
 * person); other users' never do.
 */
export const Kyc = z
  .object({
    date_of_birth: IsoDate.nullable(),
    gender: Gender.nullable(),
    address: z.string().nullable(),
    national_id: z.string().nullable(),
    lender_kind: LenderKind.optional(),
    registration_number: z.string().nullable().optional(),
    contact_person: z.string().nullable().optional(),
  })
  .meta({ id: 'Kyc' });
export type Kyc = z.infer<typeof Kyc>;

/**
 * A change to the signed-in user's own KYC: only the fields sent change, null removes one. The
 * formats and the age are checked on the server (docs/users.md); the lender fields are for lenders.
 */
export const KycUpdateBody = z
  .object({
    date_of_birth: z.string().max(20).nullable().optional(),
    gender: Gender.nullable().optional(),
    address: z.string().max(500).nullable().optional(),
    national_id: z.string().max(40).nullable().optional(),
    lender_kind: LenderKind.optional(),
    registration_number: z.string().max(100).nullable().optional(),
    contact_person: z.string().max(200).nullable().optional(),
  })
  .strict();
export type KycUpdateBody = z.infer<typeof KycUpdateBody>;

export const UserDetail = SessionUser.extend({
  kyc: Kyc,
  /** How many open applications the borrower may have at once (1 unless an admin allowed more). */
  max_open_applications: z.number().int(),
}).meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof UserDetail>;

export const UserStats = z
  .object({
    total_users: z.number().int(),
    active_users: z.number().int(),
    inactive_users: z.number().int(),
  })
  .meta({ id: 'UserStats' });

export const UserListQuery = pageQuery(10).extend({
  search: Text.max(100).optional(),
  status: UserStatus.optional(),
});

/**
 * What an admin may change on a user. Role and status are not here on purpose: status has its own
 * toggle (audited, signs the user out) and roles are fixed at creation (docs/users.md).
 */
export const UserUpdateBody = z
  .object({
    name: z.string().max(200).optional(),
    email: z.string().max(254).optional(),
    /** A Ugandan mobile number in any usual form; null or "" removes it. */
    phone_number: z.string().max(40).nullable().optional(),
  })
  .strict();

export const UserIdQuery = z.object({
  user_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const PasswordResetLink = z
  .object({ reset_url: z.string(), expires_at: IsoDateTime })
  .meta({ id: 'PasswordResetLink' });

export const PasswordResetBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(256),
});

// ---- Routes ----

export const UserPage = filteredPageOf(SessionUser).meta({ id: 'UserPage' });

export const listUsers = route({
  method: 'GET',
  path: '/api/auth/admin/users/',
  auth: 'admin',
  summary: 'Open accounts, newest first, 10 a page; search name, email and phone; filter by status',
  tags: ['users'],
  query: UserListQuery,
  responses: { 200: UserPage, 400: ApiError, 401: ApiError, 403: ApiError },
});

export const userStats = route({
  method: 'GET',
  path: '/api/auth/admin/stats/',
  auth: 'admin',
  summary: 'Counts of open accounts: total, active, inactive',
  tags: ['users'],
  responses: { 200: UserStats, 401: ApiError, 403: ApiError },
});

export const toggleUserStatus = route({
  method: 'PATCH',
  path: '/api/auth/admin/users/:id/toggle-status/',
  auth: 'admin',
  summary: 'Switch a user between Active and Inactive; deactivating signs them out everywhere',
  tags: ['users'],
  params: IdParams,
  responses: {
    200: z.object({ id: z.number().int(), status: UserStatus }),
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
  },
});

export const getUser = route({
  method: 'GET',
  path: '/api/auth/admin/users/:id/',
  auth: 'admin',
  summary: 'One open account',
  tags: ['users'],
  params: IdParams,
  responses: { 200: SessionUser, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const updateUser = route({
  method: 'PATCH',
  path: '/api/auth/admin/users/:id/',
  auth: 'admin',
  summary: 'Edit name, email or phone number',
  tags: ['users'],
  params: IdParams,
  body: UserUpdateBody,
  responses: {
    200: SessionUser,
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
    409: ApiError,
  },
});

/** Open loan applications a borrower may have at once: 1, unless an admin allows more. */
export const OpenApplicationsAllowed = z
  .object({ max_open_applications: z.number().int().min(1).max(10) })
  .strict()
  .meta({ id: 'OpenApplicationsAllowed' });

export const setOpenApplicationsAllowed = route({
  method: 'PUT',
  path: '/api/auth/admin/users/:id/open-applications/',
  auth: 'admin',
  summary:
    'How many open loan applications (pending, or approved and not yet paid out) the user may have at once: 1 unless allowed more; audited',
  tags: ['users'],
  params: IdParams,
  body: OpenApplicationsAllowed,
  responses: {
    200: OpenApplicationsAllowed.extend({ id: z.number().int() }),
    400: ApiError,
    401: ApiError,
    403: ApiError,
    404: ApiError,
  },
});

export const deleteUser = route({
  method: 'DELETE',
  path: '/api/auth/admin/users/:id/',
  auth: 'admin',
  summary: 'Close an account: sign-in stops, it leaves lists and counts, its records stay',
  tags: ['users'],
  params: IdParams,
  responses: { 204: z.null(), 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError, 409: ApiError },
});

export const getUserDetail = route({
  method: 'GET',
  path: '/api/auth/admin/users/:id/detail/',
  auth: 'admin',
  summary: 'One open account with its KYC (nulls where not provided)',
  tags: ['users'],
  params: IdParams,
  responses: { 200: UserDetail, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const getKyc = route({
  method: 'GET',
  path: '/api/auth/kyc/',
  auth: 'user',
  summary: "The signed-in user's KYC (an admin may pass user_id to read another user's)",
  tags: ['users'],
  query: UserIdQuery,
  responses: { 200: Kyc, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const updateKyc = route({
  method: 'PUT',
  path: '/api/auth/kyc/',
  auth: 'user',
  summary:
    "Change the signed-in user's own KYC (only the fields sent; a lender also its kind, registration number and contact person)",
  tags: ['users'],
  body: KycUpdateBody,
  responses: { 200: Kyc, 400: ApiError, 401: ApiError, 409: ApiError },
});

export const createPasswordResetLink = route({
  method: 'POST',
  path: '/api/auth/admin/users/:id/reset-password/',
  auth: 'admin',
  summary: 'A one-time password reset link for the user, valid 24 hours, for the admin to pass on',
  tags: ['users'],
  params: IdParams,
  responses: { 201: PasswordResetLink, 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const resetPassword = route({
  method: 'POST',
  path: '/api/auth/reset-password/',
  auth: 'public',
  summary: 'Choose a new password with a reset link token; signs the user out everywhere',
  tags: ['users'],
  body: PasswordResetBody,
  responses: { 204: z.null(), 400: ApiError, 429: ApiError },
});

export const usersRoutes = {
  listUsers,
  userStats,
  toggleUserStatus,
  getUser,
  updateUser,
  setOpenApplicationsAllowed,
  deleteUser,
  getUserDetail,
  getKyc,
  updateKyc,
  createPasswordResetLink,
  resetPassword,
} as const;
