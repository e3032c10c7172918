import type { FastifyServerOptions } from 'fastify';

// One-time tokens travel in some page URLs (/reset-password?token=), and document links carry their
// signature (anyone holding one reads the file until it expires); neither reaches the logs.
const SECRET_QUERY = /([?&](?:token|refresh|access|signature)=)[^&]*/gi;

/** Structured JSON request logs (pino) without passwords, tokens or national ids. */
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
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; id: string; ip?: string }) => ({
        id: request.id,
        method: request.method,
        url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
        ip: request.ip,
      }),
    },
  };
}
