import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { selectRows } from './select-rows.ts';

/**
 * The trigram search indexes (migrations 0012, 0035, 0040 and 0042) on each engine: none keeps a pending
 * list, which every search would read and the planner would cost as if it did (docs/scale.md, "The
 * loans search after month-end"), and the loans' copy of the borrower's text (migration 0041) is in
 * no index: every repayment writes a new version of the loan row, which would enter them all.
 */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe('the trigram search indexes', () => {
  it('are the three searches, on users and the applications’ and loans’ search texts', async () => {
    const rows = await selectRows<{ table: string; index: string }>(
      t.database.db,
      sql`
      select t.relname as "table", c.relname as "index"
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        join pg_class t on t.oid = i.indrelid
        join pg_am a on a.oid = c.relam
       where a.amname = 'gin' and pg_get_indexdef(c.oid) like '%gin_trgm_ops%'
       order by 1`,
    );
    expect(rows).toEqual([
      { table: 'application_search_texts', index: 'application_search_texts_trgm_idx' },
      { table: 'loan_search_texts', index: 'loan_search_texts_trgm_idx' },
      { table: 'users', index: 'users_search_text_trgm_idx' },
    ]);
  });

  it('keep no pending list: each write enters the index at once', async () => {
    const rows = await selectRows<{ index: string; options: string[] | null }>(
      t.database.db,
      sql`
      select c.relname as "index", c.reloptions as "options"
        from pg_class c join pg_am a on a.oid = c.relam
       where a.amname = 'gin'
       order by 1`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows)
      expect({ index: row.index, options: row.options }).toEqual({
        index: row.index,
        options: ['fastupdate=false'],
      });
  });

  it('leave the texts in the applications’ and loans’ own rows in no index', async () => {
    const columns = await selectRows<{ table: string; column: string }>(
      t.database.db,
      sql`
      select table_name as "table", column_name as "column" from information_schema.columns
       where table_name in ('applications', 'loans') and column_name like '%search%'
       order by 1, 2`,
    );
    expect(columns).toEqual([
      { table: 'applications', column: 'borrower_search_text' },
      { table: 'applications', column: 'search_text' },
      { table: 'loans', column: 'borrower_search_text' },
    ]);
    const indexes = await selectRows<{ index: string }>(
      t.database.db,
      sql`
      select c.relname as "index"
        from pg_index i join pg_class c on c.oid = i.indexrelid
       where i.indrelid in ('applications'::regclass, 'loans'::regclass)
         and pg_get_indexdef(c.oid) like '%search%'`,
    );
    expect(indexes).toEqual([]);
  });
});
