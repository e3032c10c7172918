import type { FastifyInstance } from 'fastify';
import { InvalidInputError } from '../domain-error.ts';
import { detailsFromIssues } from './errors.ts';

export const NUL_IN_BODY = 'Must not contain NUL characters';

/**
 * The JSON body parser. The spec's client sends `Content-Type: application/json` on every request,
 * body-less ones included (disburse, read_all, toggle-status), so an empty body is no body instead
 * of a 400. A NUL character in any string or key is refused with a 400 naming where: PostgreSQL text
 * cannot store it. The rest is Fastify's own parser: the app's body limit, the prototype-poisoning
 * refusal and the "not valid JSON" answer.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body, (error, value: unknown) => {
      if (error) {
        done(error, undefined);
        return;
      }
      const path = pathToNul(value);
      if (path) {
        done(
          new InvalidInputError(
            'NUL_IN_BODY',
            'Invalid request',
            detailsFromIssues([{ path, message: NUL_IN_BODY }]),
          ),
        );
        return;
      }
      done(null, value);
    });
  });
}

interface Visit {
  readonly value: unknown;
  readonly parent: Visit | null;
  readonly key: string | null;
}

function pathOf(visit: Visit, lastKey?: string): string[] {
  const reversed = lastKey === undefined ? [] : [lastKey];
  for (let at: Visit | null = visit; at?.key != null; at = at.parent) reversed.push(at.key);
  return reversed.reverse();
}

/**
 * Where the first NUL is (the path to the string, or to the key holding it), or null. Walks without
 * recursion and keeps parent links instead of path copies, so 1 MB of nesting costs no stack and no
 * quadratic copying.
 */
function pathToNul(root: unknown): string[] | null {
  const stack: Visit[] = [{ value: root, parent: null, key: null }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    const { value } = visit;
    if (typeof value === 'string') {
      if (value.includes('\0')) return pathOf(visit);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push({ value: value[index], parent: visit, key: String(index) });
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (key.includes('\0')) return pathOf(visit, key);
      for (let index = entries.length - 1; index >= 0; index--) {
        const entry = entries[index];
        if (entry) stack.push({ value: entry[1], parent: visit, key: entry[0] });
      }
    }
  }
  return null;
}
