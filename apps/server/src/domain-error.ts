/**
 * Errors as domain facts (house style §7, ADR 010). A use case throws what went wrong, with a code a
 * client or a test can branch on, and knows nothing of HTTP: only `http/errors.ts` turns a kind into
 * a status. Anything that is not a DomainError is a bug (500) or a database outage (503).
 */

/** The request was refused and nothing changed: asking again the same way is refused again. */
export type RefusalKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'rate-limited';

/** The request could not be carried out now; asking again later may succeed. */
export type FailureKind = 'unavailable' | 'provider-failed';

export type ErrorKind = RefusalKind | FailureKind;

/** Field-level messages: `{ "amount": ["You can withdraw at most UGX 5,000"] }`. */
export type FieldMessages = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** SCREAMING_SNAKE, stable: clients and tests branch on it, never on the message. */
    readonly code: string,
    message: string,
    readonly details?: FieldMessages,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

const REFUSALS: ReadonlySet<ErrorKind> = new Set<RefusalKind>([
  'invalid',
  'unauthenticated',
  'forbidden',
  'not-found',
  'conflict',
  'too-large',
  'rate-limited',
]);

/** A refusal is an answer: an idempotent request keeps it and gives it again on a repeat. */
export function isRefusal(error: unknown): error is DomainError {
  return error instanceof DomainError && REFUSALS.has(error.kind);
}

/** Bad input: a value out of range, a wrong format, a rule of the product broken by the request. */
export class InvalidInputError extends DomainError {
  constructor(code: string, message: string, details?: FieldMessages) {
    super('invalid', code, message, details);
  }
}

/** No valid credentials: no token, an expired one, a wrong password or code. */
export class UnauthenticatedError extends DomainError {
  constructor(
    code = 'UNAUTHENTICATED',
    message = 'Authentication credentials were not provided or are invalid',
  ) {
    super('unauthenticated', code, message);
  }
}

/**
 * The signed-in user's own account, found closed by a read of their own data. The guard trusted its
 * cached user (another replica or plain SQL closed the account, and the change notice has not arrived
 * yet); a moment later it refuses the token. Until then the answer is the same 401, never a 404 that
 * would tell the user their own account does not exist.
 */
export function signedInAccountGone(): UnauthenticatedError {
  return new UnauthenticatedError();
}

/** Known, but not allowed: the wrong role, an inactive account, someone else's record. */
export class ForbiddenError extends DomainError {
  constructor(code = 'ADMIN_ONLY', message = 'Access denied. Admin permissions required.') {
    super('forbidden', code, message);
  }
}

export class NotFoundError extends DomainError {
  constructor(code = 'NOT_FOUND', message = 'Not found') {
    super('not-found', code, message);
  }
}

/** A transition the current state does not allow, or a clash with what exists. */
export class ConflictError extends DomainError {
  constructor(code: string, message: string) {
    super('conflict', code, message);
  }
}

export class TooLargeError extends DomainError {
  constructor(code: string, message: string) {
    super('too-large', code, message);
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    code = 'RATE_LIMITED',
    message = 'Too many requests. Please wait a minute and try again.',
    /** How long to wait before asking again, when known (sent as `Retry-After`). */
    readonly retryAfterSeconds?: number,
  ) {
    super('rate-limited', code, message);
  }
}

export class UnavailableError extends DomainError {
  constructor(code = 'UNAVAILABLE', message = 'Service temporarily unavailable. Please try again shortly.') {
    super('unavailable', code, message);
  }
}

/** A payment provider refused or failed a request we made; the state on our side is unchanged. */
export class ProviderFailedError extends DomainError {
  constructor(code: string, message: string) {
    super('provider-failed', code, message);
  }
}
