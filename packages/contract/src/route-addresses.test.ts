import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { routes as definitions } from './index.ts';
import { routes as addresses } from './route-addresses.ts';

describe('route addresses', () => {
  it('name every route of the contract with its method, path and caller, and nothing else', () => {
    const expected = Object.fromEntries(
      Object.entries(definitions).map(([name, route]) => [
        name,
        { method: route.method, path: route.path, auth: route.auth },
      ]),
    );
    expect(addresses).toStrictEqual(expected);
  });
});

/** The kinds of schema whose parse gives back something other than what it was given. */
const CHANGING_KINDS = new Set(['transform', 'pipe', 'default', 'prefault', 'catch', 'success', 'promise']);

/** The places in `schema` that change a value while parsing it (a transform, a default, coercion…). */
function changesOf(schema: z.core.$ZodType, at: string, seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const found: string[] = [];
  if (CHANGING_KINDS.has(def.type)) found.push(`${at}: ${def.type}`);
  // Ids are `z.coerce.number()` (common.ts, for paths); given a number they give it back. The server
  // refuses, in tests and development, an answer its schema would change (response-serializer.ts), so
  // an id always arrives as a number. Coercing anything else would be a change.
  if (def.coerce === true && def.type !== 'number') found.push(`${at}: coerce`);
  for (const check of def.checks ?? []) {
    if (check._zod.def.check === 'overwrite') found.push(`${at}: ${check._zod.def.check}`);
  }
  const inner = (value: unknown, where: string) => {
    if (value && typeof value === 'object' && '_zod' in value) {
      found.push(...changesOf(value as z.core.$ZodType, where, seen));
    }
  };
  if (def.type === 'object') {
    for (const [key, field] of Object.entries(def.shape as Record<string, unknown>))
      inner(field, `${at}.${key}`);
    inner(def.catchall, `${at}[*]`);
  }
  if (def.type === 'lazy') inner((def.getter as () => unknown)(), at);
  for (const key of ['element', 'innerType', 'keyType', 'valueType', 'left', 'right', 'in', 'out', 'rest']) {
    inner(def[key], `${at}.${key}`);
  }
  for (const key of ['options', 'items']) {
    const list = def[key];
    if (!Array.isArray(list)) continue;
    for (const [index, item] of list.entries()) inner(item, `${at}.${key}[${index}]`);
  }
  return found;
}

describe('response schemas', () => {
  // The app does not parse answers in production (docs/app.md): that is only safe while parsing an
  // answer can do nothing but accept or refuse it, as it is here for every route.
  it('only accept or refuse an answer: no transform, default, coercion or overwrite', () => {
    const changes = Object.entries(definitions).flatMap(([name, route]) =>
      Object.entries(route.responses).flatMap(([status, schema]) => changesOf(schema, `${name} ${status}`)),
    );
    expect(changes).toStrictEqual([]);
  });

  it('are walked deep enough to find a transform in a nested field', async () => {
    const { z } = await import('zod');
    const nested = z.object({ page: z.array(z.object({ amount: z.string().transform(Number) })).nullable() });
    expect(changesOf(nested, 'nested')).toStrictEqual([
      'nested.page.innerType.element.amount: pipe',
      'nested.page.innerType.element.amount.out: transform',
    ]);
    expect(changesOf(z.object({ name: z.string().trim() }), 'trimmed')).toStrictEqual([
      'trimmed.name: overwrite',
    ]);
    expect(changesOf(z.object({ on: z.coerce.boolean() }), 'coerced')).toStrictEqual(['coerced.on: coerce']);
  });
});
