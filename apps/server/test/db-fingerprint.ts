import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

// Tables that legitimately change on a refused request: a wrong password is recorded to throttle
// guessing, and migrations' own bookkeeping.
const VOLATILE_TABLES = new Set(['login_failures', '__drizzle_migrations']);

// One statement per database, built once: the fuzz suite takes two fingerprints per request, and
// one round trip each instead of one per table is what keeps it minutes shorter on PGlite.
const digestQueries = new WeakMap<Db, SQL>();

async function digestQuery(db: Db): Promise<SQL> {
  const known = digestQueries.get(db);
  if (known) return known;
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const perTable = tables.rows
    .map((row) => row.table_name)
    .filter((name) => !VOLATILE_TABLES.has(name))
    .map(
      (name) =>
        sql`select ${name}::text as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    );
  const query = sql.join(perTable, sql` union all `);
  digestQueries.set(db, query);
  return query;
}

/** A digest of every row of every table: equal digests mean nothing was written. */
export async function databaseFingerprint(db: Db): Promise<string> {
  const result = (await db.execute(await digestQuery(db))) as unknown as {
    rows: { name: string; digest: string | null }[];
  };
  return [...result.rows]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => `${row.name}:${row.digest ?? ''}`)
    .join(',');
}
