import { z } from 'zod';
import { ApiError, IsoDateTime } from './common.ts';
import { route } from './route.ts';

export const Role = z.enum(['admin', 'borrower', 'lender']);
export type Role = z.infer<typeof Role>;
export const UserStatus = z.enum(['Active', 'Inactive']);
export type UserStatus = z.infer<typeof UserStatus>;

/** The user as the signed-in client sees it (stored in localStorage under `user`). */
export const SessionUser = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    username: z.string(),
    phone_number: z.string().nullable(),
    role: Role,
    status: UserStatus,
    registration_date: IsoDateTime,
  })
  .meta({ id: 'SessionUser' });
export type SessionUser = z.infer<typeof SessionUser>;

/** The signed-in user about themselves: the spec's fields and where their phone confirmation stands. */
export const SignedInUser = SessionUser.extend({
  /** False until a self-registered user confirms the number with the SMS code (docs/accounts.md). */
  phone_verified: z.boolean(),
}).meta({ id: 'SignedInUser' });
export type SignedInUser = z.infer<typeof SignedInUser>;

export const LoginBody = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254).email('Enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(256),
});

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export const LoginAnswer = TokenPair.extend({ user: SignedInUser });

/**
 * Two-factor sign-in for admins (mfa.ts): after a correct password, an admin with it turned on (or
 * every admin when the server runs with ADMIN_MFA=required) gets this challenge instead of tokens.
 */
export const MfaChallenge = z
  .object({
    mfa_required: z.literal(true),
    /** A short-lived (5 minutes) signed challenge to send back with the code. */
    mfa_token: z.string(),
    /** True when the admin must first set up an authenticator (ADMIN_MFA=required, none yet). */
    mfa_setup_required: z.boolean(),
  })
  .meta({ id: 'MfaChallenge' });
export type MfaChallenge = z.infer<typeof MfaChallenge>;

/** Tokens, or the challenge above; everyone without two-factor sign-in gets exactly the tokens. */
export const LoginOrChallenge = z.union([LoginAnswer, MfaChallenge]);

export const login = route({
  method: 'POST',
  path: '/api/auth/login/',
  auth: 'public',
  summary: 'Sign in with email and password',
  tags: ['auth'],
  body: LoginBody,
  responses: { 200: LoginOrChallenge, 400: ApiError, 401: ApiError, 403: ApiError, 429: ApiError },
});

export const refreshToken = route({
  method: 'POST',
  path: '/api/token/refresh/',
  auth: 'public',
  summary: 'Trade a refresh token for a new access and refresh token (rotation)',
  tags: ['auth'],
  body: z.object({ refresh: z.string().min(1).max(512) }),
  responses: { 200: TokenPair, 400: ApiError, 401: ApiError },
});

export const logout = route({
  method: 'POST',
  path: '/api/auth/logout/',
  auth: 'public',
  summary: 'Revoke a refresh token and its family',
  tags: ['auth'],
  body: z.object({ refresh: z.string().min(1).max(512) }),
  responses: { 204: z.null(), 400: ApiError },
});

export const me = route({
  method: 'GET',
  path: '/api/auth/me/',
  auth: 'user',
  summary: 'The signed-in user (an admin may pass user_id to read another user)',
  tags: ['auth'],
  query: z.object({ user_id: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
  responses: { 200: SignedInUser, 401: ApiError, 403: ApiError, 404: ApiError },
});

export const authRoutes = { login, refreshToken, logout, me } as const;
