import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

// Tables that legitimately change on a refused request: a wrong password is recorded to throttle
// guessing, and job bookkeeping moves on its own.
const VOLATILE_TABLES = new Set(['login_failures', 'job_runs', '__drizzle_migrations']);

/** A digest of every row of every table: equal digests mean nothing was written. */
export async function databaseFingerprint(db: Db): Promise<string> {
  const tables = (await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name: name } of tables.rows) {
    if (VOLATILE_TABLES.has(name)) continue;
    const result = (await db.execute(
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${sql.identifier(name)} t`,
    )) as unknown as { rows: { digest: string | null }[] };
    parts.push(`${name}:${result.rows[0]?.digest ?? ''}`);
  }
  return parts.join(',');
}
