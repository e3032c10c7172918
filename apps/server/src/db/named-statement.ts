import { createHash } from 'node:crypto';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { internalsOf } from './drizzle-internals.ts';

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

/** A statement's values, each filled into its placeholder on every run. */
export type StatementValues = Readonly<Record<string, unknown>>;

/** One placeholder per value of `V`: what a statement's text refers to its values by. */
export type Slots<V extends StatementValues> = { readonly [K in keyof V]: SQLWrapper };

/** A statement built once: its text, its parameters (placeholders) and the name it runs under. */
interface Built {
  readonly sql: string;
  readonly params: unknown[];
  readonly name: string;
}

/**
 * A write whose text never changes, built once and run as a named statement: PostgreSQL parses it
 * once per connection and, after five runs, may keep a plan for it, and the server builds its text
 * once per database instead of on every run. Every value goes in through `slots` (arrays, `unnest`),
 * so the text is the same for one settlement or a group's 32 (ADR 015). Parsing and planning these
 * again on every group was about a quarter of the database's CPU on the money path, and building
 * them again about 4 % of the server's (docs/scale.md, "Where PostgreSQL's time went" and
 * "Statements built once").
 * The name ends with a hash of the text, so two texts can never share a name on a connection.
 * Answers the raw rows (column names as keys), as `selectRows` does. PGlite runs it as any other
 * statement.
 */
export function namedStatement<T, V extends StatementValues>(
  label: string,
  build: (slots: Slots<V>) => SQLWrapper,
): (db: DbOrTx, values: V) => Promise<T[]> {
  // Keyed by the dialect, which a database and all its transactions share: a process may hold both
  // engines (the tests), each with its own.
  const builtFor = new WeakMap<object, Built>();
  const slots = new Proxy({} as Slots<V>, {
    get: (_, key) => sql.placeholder(String(key)),
  });
  return async (db, values) => {
    const { dialect, session } = internalsOf(db);
    let built = builtFor.get(dialect);
    if (!built) {
      const query = dialect.sqlToQuery(build(slots).getSQL());
      const hash = createHash('sha1').update(query.sql).digest('base64url').slice(0, HASH_CHARS);
      built = { ...query, name: statementName(`${label}:${hash}`) };
      builtFor.set(dialect, built);
    }
    const prepared = session.prepareQuery(built, undefined, built.name, false);
    return ((await prepared.execute(values)) as { rows: T[] }).rows;
  };
}
