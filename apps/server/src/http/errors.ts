import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pg-errors.ts';
import { DomainError, type ErrorKind, RateLimitedError } from '../domain-error.ts';

/**
 * The one place a domain error becomes an HTTP status (house style §7, ADR 010). The code goes to the
 * client beside the message, so the web can branch on it without reading prose.
 */
const STATUS_OF: Readonly<Record<ErrorKind, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'rate-limited': 429,
  'provider-failed': 502,
  unavailable: 503,
};

export function statusOf(error: DomainError): number {
  return STATUS_OF[error.kind];
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

/** One place turns every failure into `{"error"}` with the right status; only real bugs are 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      if (error.kind === 'unavailable') reply.header('retry-after', '5');
      if (error instanceof RateLimitedError && error.retryAfterSeconds !== undefined)
        reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
      return reply.status(statusOf(error)).send({
        error: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
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
