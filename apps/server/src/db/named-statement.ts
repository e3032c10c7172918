import { createHash } from 'node:crypto';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** The two parts of a drizzle handle this needs; both are internal to drizzle's types. */
interface HandleInternals {
  readonly dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  readonly session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      isResponseInArrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
}

/** PostgreSQL keeps the first 63 bytes of a statement's name. */
const MAX_NAME_BYTES = 63;
const HASH_CHARS = 16;

/**
 * `name`, refused if PostgreSQL would cut it: two statements whose names differ only past the 63rd
 * byte would collapse into one on a connection.
 */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) > MAX_NAME_BYTES) throw new Error(`Statement name too long: ${name}`);
  return name;
}

/**
 * Runs a write whose text is the same on every call (values in arrays, `unnest`) as a named
 * statement: PostgreSQL parses it once per connection and, after five runs, may keep a plan for it. A
 * group of settlements runs nine such statements, and parsing and planning them again on every
 * group was about a quarter of the database's CPU on the money path (docs/scale.md, "Where
 * PostgreSQL's time went, and statements parsed once").
 * The name ends with a hash of the text, so two texts can never share a name on a connection; a
 * text built from values would still be correct, but each variant would stay prepared on every
 * connection, so only constant texts belong here. Answers the raw rows (column names as keys), as
 * `selectRows` does. PGlite runs it as any other statement.
 */
export async function namedRows<T>(db: DbOrTx, label: string, query: SQLWrapper): Promise<T[]> {
  const { dialect, session } = db as unknown as HandleInternals;
  const built = dialect.sqlToQuery(query.getSQL());
  const hash = createHash('sha1').update(built.sql).digest('base64url').slice(0, HASH_CHARS);
  const name = statementName(`${label}:${hash}`);
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
