import type { DbOrTx } from './client.ts';

/** What drizzle's `.prepare(name)` answers: the query, built, waiting for its placeholder values. */
interface PreparedQuery {
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

interface Preparable<Q extends PreparedQuery> {
  prepare(name: string): Q;
}

/**
 * A hot read whose SQL drizzle builds once per database handle (and per shape), then only executes
 * with `sql.placeholder` values. Building the SQL cost more of a small admin request's CPU than
 * anything else on the server (docs/scale.md), and the named statement lets PostgreSQL parse it once
 * per connection and reuse its plan. Shapes are the few variants a read has (which filters are
 * present, which ordering): each gets its own statement, named `name:shape`, so no two SQL texts
 * share a name on a connection. Transactions get their own copy, dropped with them.
 */
export function preparedRead<Q extends PreparedQuery, S extends string = ''>(
  name: string,
  build: (db: DbOrTx, shape: S) => Preparable<Q>,
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
      query = build(db, shape).prepare(shape ? `${name}:${shape}` : name);
      byShape.set(shape, query);
    }
    return query;
  };
}
