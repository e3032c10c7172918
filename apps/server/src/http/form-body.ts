import type { FastifyInstance } from 'fastify';

/**
 * Form bodies (`application/x-www-form-urlencoded`): Africa's Talking posts its delivery reports so.
 * Each field once, as a string; a NUL is dropped with the rest of the body as bad input by the
 * route's schema, since PostgreSQL text cannot store it.
 */
export function registerFormBodyParser(app: FastifyInstance): void {
  app.addContentTypeParser<string>(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body)) {
        const isSafe = key !== '__proto__' && !key.includes('\0') && !value.includes('\0');
        if (isSafe && !Object.hasOwn(fields, key)) fields[key] = value;
      }
      done(null, fields);
    },
  );
}
