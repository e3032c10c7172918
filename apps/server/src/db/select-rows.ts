import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Runs raw SQL and answers its rows; node-postgres and PGlite both return `{ rows }`. */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
