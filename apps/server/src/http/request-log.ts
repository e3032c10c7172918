import type { FastifyServerOptions } from 'fastify';
import { stdSerializers } from 'pino';

// Query values can be personal (a search for a name, a phone, a NIN) or secret (one-time tokens,
// document signatures): only these, which are neither, are logged as they are.
const PLAIN_QUERY_KEYS = new Set(['page', 'page_size', 'ordering', 'status', 'type', 'expires', 'download']);

/** The URL with every query value but the plain ones replaced by [redacted]. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const [key = '', ...rest] = pair.split('=');
      if (rest.length === 0) return key;
      return PLAIN_QUERY_KEYS.has(key.toLowerCase()) ? pair : `${key}=[redacted]`;
    })
    .join('&');
  return `${url.slice(0, at)}?${query}`;
}

type LoggedError = Record<string, unknown> & { message?: unknown; cause?: unknown };

/**
 * Errors without the values they carry: a failed query's parameters (a NIN, a name, a phone) and
 * PostgreSQL's `detail` ("Key (email)=(…) already exists") are dropped, from the error and from its
 * causes; the SQL text itself has placeholders only and stays, to say what failed.
 */
export function loggableError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 4) return error;
  const serialized = stdSerializers.err(error) as unknown as LoggedError;
  const { params: _params, detail: _detail, parameters: _parameters, ...kept } = serialized;
  const message =
    typeof kept.message === 'string' ? kept.message.replace(/\nparams:[\s\S]*$/, '') : kept.message;
  const stack = typeof kept.stack === 'string' ? kept.stack.replace(/\nparams:[^\n]*/, '') : kept.stack;
  const cause = (error as { cause?: unknown }).cause;
  return {
    ...kept,
    message,
    stack,
    ...(cause === undefined ? {} : { cause: loggableError(cause, depth + 1) }),
  };
}

/** Structured JSON request logs (pino) without passwords, tokens or personal data (SECURITY.md). */
export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.refresh',
        '*.access',
        '*.nin',
        '*.national_id',
        '*.nationalId',
        '*.email',
        '*.phone_number',
        '*.phoneNumber',
        '*.name',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; id: string; ip?: string }) => ({
        id: request.id,
        method: request.method,
        url: loggableUrl(request.url),
        ip: request.ip,
      }),
      // pino's type wants its own error shape back; this one is that shape less the values.
      err: loggableError as (error: unknown) => { type: string; message: string; stack: string },
    },
  };
}
