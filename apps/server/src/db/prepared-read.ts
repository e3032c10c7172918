import type { DbOrTx } from './client.ts';
import { internalsOf } from './drizzle-internals.ts';
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
 * The query `built` for another handle of the same database: the same statement, run on `db`'s
 * connection. Drizzle's prepared queries (node-postgres and PGlite alike) run on `this.client`, so
 * the copy overrides only that.
 */
function boundTo<Q extends PreparedQuery>(built: Q, db: DbOrTx): Q {
  return Object.assign(Object.create(built) as Q, { client: internalsOf(db).session.client });
}

/**
 * A hot read whose SQL drizzle builds once per database (and per shape), then only executes with
 * `sql.placeholder` values. Building the SQL cost more of a small admin request's CPU than anything
 * else on the server (docs/scale.md), and the named statement lets PostgreSQL parse it once per
 * connection and reuse its plan (test/query-plans.test.ts checks that plan too). A transaction runs
 * the query built for its database on its own connection: a group of settlements reads four of
 * them, and building them again for every transaction was 2 % of the server's CPU on the money path
 * (docs/scale.md, "Statements built once"). Shapes are the few variants a read has (which filters
 * are present, which ordering), only ever derived from validated enums: each gets its own
 * statement, named `name:shape`, so no two SQL texts share a name on a connection.
 */
export function preparedRead<Q extends PreparedQuery, S extends string = ''>(
  name: string,
  build: (db: DbOrTx, shape: S) => Preparable<Q>,
  options: PreparedReadOptions<S> = {},
): (db: DbOrTx, shape?: S) => Q {
  // Per handle, what it runs; per database (its dialect, which its transactions share), what was built.
  const byDb = new WeakMap<DbOrTx, Map<S, Q>>();
  const builtFor = new WeakMap<object, Map<S, Q>>();
  return (db, shape = '' as S) => {
    let byShape = byDb.get(db);
    if (!byShape) {
      byShape = new Map();
      byDb.set(db, byShape);
    }
    let query = byShape.get(shape);
    if (query) return query;
    const { dialect } = internalsOf(db);
    let built = builtFor.get(dialect);
    if (!built) {
      built = new Map();
      builtFor.set(dialect, built);
    }
    const existing = built.get(shape);
    if (existing) {
      query = boundTo(existing, db);
    } else {
      // Two shapes must not collapse into one name.
      const statement = statementName(shape ? `${name}:${shape}` : name);
      // An empty name is node-postgres's unnamed statement, parsed and planned on every run.
      const { planPerRequest = false } = options;
      const perRequest = typeof planPerRequest === 'function' ? planPerRequest(shape) : planPerRequest;
      query = build(db, shape).prepare(perRequest ? '' : statement);
      built.set(shape, query);
    }
    byShape.set(shape, query);
    return query;
  };
}
