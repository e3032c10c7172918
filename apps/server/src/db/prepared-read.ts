import type { DbOrTx } from './client.ts';
import { statementName } from './named-statement.ts';

/** What drizzle's `.prepare(name)` answers: the query, built, waiting for its placeholder values. */
interface PreparedQuery {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

interface Preparable<Q extends PreparedQuery> {
  prepare(name: string): Q;
}

export interface PreparedReadOptions<S extends string> {
  /**
   * Shapes whose best plan depends on the values (a LIKE pattern above all): these run as unnamed
   * statements, planned with each request's values. A named statement gets PostgreSQL's generic
   * plan after five runs, and for an unknown pattern that plan can read the whole table.
   */
  readonly planPerRequest?: boolean | ((shape: S) => boolean);
}

/**
 * A hot read whose SQL drizzle builds once per database handle (and per shape), then only executes
 * with `sql.placeholder` values. Building the SQL cost more of a small admin request's CPU than
 * anything else on the server (docs/scale.md), and the named statement lets PostgreSQL parse it once
 * per connection and reuse its plan (test/query-plans.test.ts checks that plan too). Shapes are the
 * few variants a read has (which filters are present, which ordering), only ever derived from
 * validated enums: each gets its own statement, named `name:shape`, so no two SQL texts share a name
 * on a connection. Transactions get their own copy, dropped with them.
 */
export function preparedRead<Q extends PreparedQuery, S extends string = ''>(
  name: string,
  build: (db: DbOrTx, shape: S) => Preparable<Q>,
  options: PreparedReadOptions<S> = {},
): (db: DbOrTx, shape?: S) => Q {
  const byDb = new WeakMap<DbOrTx, Map<S, Q>>();
  return (db, shape = '' as S) => {
    let byShape = byDb.get(db);
    if (!byShape) {
      byShape = new Map();
      byDb.set(db, byShape);
    }
    let query = byShape.get(shape);
    if (!query) {
      // Two shapes must not collapse into one name.
      const statement = statementName(shape ? `${name}:${shape}` : name);
      // An empty name is node-postgres's unnamed statement, parsed and planned on every run.
      const { planPerRequest = false } = options;
      const perRequest = typeof planPerRequest === 'function' ? planPerRequest(shape) : planPerRequest;
      query = build(db, shape).prepare(perRequest ? '' : statement);
      byShape.set(shape, query);
    }
    return query;
  };
}
