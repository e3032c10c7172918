import { z } from 'zod';
import { LoginAnswer } from './auth.ts';
import { ApiError } from './common.ts';
import { route } from './route.ts';

// Two-factor sign-in for admins: a TOTP authenticator app (RFC 6238, 6 digits, 30 seconds) with ten
// one-time recovery codes. The login answers an `MfaChallenge` (auth.ts) that is finished here.

/** A TOTP code (6 digits) or a recovery code (`abcd-efgh-jk`; dashes and spaces ignored). */
export const MfaCode = z
  .string()
  .trim()
  .min(6, 'Enter the 6-digit code or a recovery code')
  .max(40, 'Enter the 6-digit code or a recovery code');

export const MfaSetup = z
  .object({
    /** The shared secret in base32, for typing into an authenticator app. */
    secret: z.string(),
    /** The otpauth:// URI with the same secret, for apps that accept a link. */
    otpauth_uri: z.string(),
  })
  .meta({ id: 'MfaSetup' });

export const MfaStatus = z
  .object({
    enabled: z.boolean(),
    /** ADMIN_MFA=required: admins cannot turn it off. */
    required: z.boolean(),
    recovery_codes_left: z.number().int(),
  })
  .meta({ id: 'MfaStatus' });

export const MfaEnabled = z
  .object({
    enabled: z.literal(true),
    /** Ten one-time codes, shown once: the server keeps only their hashes. */
    recovery_codes: z.array(z.string()),
  })
  .meta({ id: 'MfaEnabled' });

export const MfaLoginAnswer = LoginAnswer.extend({
  /** Present only when this sign-in also finished setting up two-factor sign-in. */
  recovery_codes: z.array(z.string()).optional(),
});

const MfaTokenBody = z.object({ mfa_token: z.string().min(1).max(2048) });

export const loginMfa = route({
  method: 'POST',
  path: '/api/auth/login/mfa/',
  auth: 'public',
  summary: 'Finish an admin sign-in with an authenticator code or a recovery code',
  tags: ['auth'],
  body: MfaTokenBody.extend({ code: MfaCode }),
  responses: { 200: MfaLoginAnswer, 400: ApiError, 401: ApiError, 429: ApiError },
});

export const loginMfaSetup = route({
  method: 'POST',
  path: '/api/auth/login/mfa/setup/',
  auth: 'public',
  summary: 'During a sign-in that requires it, start setting up an authenticator (ADMIN_MFA=required)',
  tags: ['auth'],
  body: MfaTokenBody,
  responses: { 200: MfaSetup, 400: ApiError, 401: ApiError, 409: ApiError },
});

export const mfaStatus = route({
  method: 'GET',
  path: '/api/auth/mfa/',
  auth: 'admin',
  summary: 'Whether the signed-in admin has two-factor sign-in on',
  tags: ['auth'],
  responses: { 200: MfaStatus, 401: ApiError, 403: ApiError },
});

export const mfaSetup = route({
  method: 'POST',
  path: '/api/auth/mfa/setup/',
  auth: 'admin',
  summary: 'Start setting up an authenticator: a new secret, active once confirmed with a code',
  tags: ['auth'],
  responses: { 200: MfaSetup, 401: ApiError, 403: ApiError, 409: ApiError },
});

export const mfaConfirm = route({
  method: 'POST',
  path: '/api/auth/mfa/confirm/',
  auth: 'admin',
  summary: 'Turn two-factor sign-in on with a code from the authenticator; answers the recovery codes once',
  tags: ['auth'],
  body: z.object({ code: MfaCode }),
  responses: { 200: MfaEnabled, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError, 429: ApiError },
});

export const mfaDisable = route({
  method: 'POST',
  path: '/api/auth/mfa/disable/',
  auth: 'admin',
  summary: 'Turn two-factor sign-in off with a code (refused when ADMIN_MFA=required)',
  tags: ['auth'],
  body: z.object({ code: MfaCode }),
  responses: { 200: MfaStatus, 400: ApiError, 401: ApiError, 403: ApiError, 409: ApiError, 429: ApiError },
});

export const mfaRoutes = { loginMfa, loginMfaSetup, mfaStatus, mfaSetup, mfaConfirm, mfaDisable } as const;
