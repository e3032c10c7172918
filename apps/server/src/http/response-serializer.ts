import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

/**
 * How responses become JSON. Presenters build exactly the contract's shape, so production writes
 * them with JSON.stringify; re-validating every response cost about a fifth of a list request's time
 * (docs/scale.md). Everywhere else (tests, development) each response is checked against its
 * contract schema *strictly*: it must pass, and passing must not change it (no key the schema would
 * drop, no value it would transform), so what production writes is what the contract says.
 */
export function responseSerializer(validate: boolean): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url }) => {
    if (!validate) return (data: unknown) => JSON.stringify(data);
    const zodSchema = schema as ZodType;
    return (data: unknown) => {
      const result = z.safeEncode(zodSchema, data);
      if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
      const json = JSON.stringify(result.data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(data)))) {
        throw new Error(
          `${method} ${url}: the response has keys or values its contract schema would drop or change`,
        );
      }
      return json;
    };
  };
}
