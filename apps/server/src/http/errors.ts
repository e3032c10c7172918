import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Thrown by services; rendered as `{"error": message}` with the status it names. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: Record<string, string[]>,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, details?: Record<string, string[]>) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication credentials were not provided or are invalid') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'Access denied. Admin permissions required.') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}
export class TooManyRequestsError extends HttpError {
  constructor(message = 'Too many requests. Please wait a minute and try again.') {
    super(429, message);
  }
}
export class ServiceUnavailableError extends HttpError {
  constructor(message = 'Service temporarily unavailable. Please try again shortly.') {
    super(503, message);
  }
}

/** Field-level messages from a list of zod-like issues: `{ "amount": ["Too small"] }`. */
export function detailsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix?: string,
): Record<string, string[]> {
  const details: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || 'request';
    const list = details[key] ?? [];
    list.push(issue.message);
    details[key] = list;
  }
  return details;
}

// Errors from a database that is down or restarting: the client should retry, not see a bug.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08003',
  '08006',
]);

function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && UNAVAILABLE_CODES.has(candidate.code)) return true;
    if (
      typeof candidate.message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Query read timeout/i.test(
        candidate.message,
      )
    ) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}

/** One place turns every failure into `{"error"}` with the right status; only real bugs are 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .send(error.details ? { error: error.message, details: error.details } : { error: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const part = error.validationContext ?? 'body';
      const details = detailsFromIssues(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? 'Invalid value',
        })),
        part === 'body' ? undefined : part,
      );
      return reply.status(400).send({ error: 'Invalid request', details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract');
      return reply.status(500).send({ error: 'Internal server error' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ error: 'Service temporarily unavailable. Please try again shortly.' });
    }
    const status = error.statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large, rate limit.
      return reply.status(status).send({ error: clientErrorMessage(error) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type: send application/json';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large: the limit is 10 MB';
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return 'Too many parts in the form: send document_type and one file';
    default:
      return error.message || 'Bad request';
  }
}
