import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { namedRows } from './named-statement.ts';
import { selectRows } from './select-rows.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.execute(sql`create table named_probe (id integer primary key, note text not null)`);
});
afterAll(() => t.drop());

/** The statements this connection holds under a label (PostgreSQL lists protocol-level ones too). */
const preparedUnder = (db: Parameters<typeof selectRows>[0], label: string) =>
  selectRows<{ name: string; statement: string }>(
    db,
    sql`select name, statement from pg_prepared_statements where name like ${`${label}:%`} order by name`,
  );

describe('namedRows', () => {
  it('writes and answers the raw rows of a statement, in one transaction with the rest of its work', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      const written = await namedRows<{ id: number; note: string }>(
        tx,
        'probe.insert',
        sql`insert into named_probe (id, note) select * from unnest(${sql.param([1, 2])}::integer[],
          ${sql.param(['one', 'two'])}::text[]) returning id, note`,
      );
      await tx.execute(sql`insert into named_probe values (3, 'three')`);
      return written;
    });
    expect(rows).toEqual([
      { id: 1, note: 'one' },
      { id: 2, note: 'two' },
    ]);
    const all = await selectRows<{ id: number }>(t.database.db, sql`select id from named_probe order by id`);
    expect(all.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it.runIf(testEngine() === 'postgres')(
    'prepares a text once per connection, and a different text under the same label under its own name',
    async () => {
      const seen = await t.database.db.transaction(async (tx) => {
        const read = (values: number[]) =>
          namedRows<{ n: number }>(
            tx,
            'probe.read',
            sql`select count(*)::integer as n from named_probe where id = any(${sql.param(values)}::integer[])`,
          );
        const answers = [await read([1]), await read([1, 2, 3]), await read([2, 3])];
        const afterOneText = await preparedUnder(tx, 'probe.read');
        await namedRows(tx, 'probe.read', sql`select count(*)::integer as n from named_probe`);
        return { answers, afterOneText, afterTwoTexts: await preparedUnder(tx, 'probe.read') };
      });
      expect(seen.answers).toEqual([[{ n: 1 }], [{ n: 3 }], [{ n: 2 }]]);
      // One statement for three runs with different values: parsed once.
      expect(seen.afterOneText).toHaveLength(1);
      expect(seen.afterTwoTexts).toHaveLength(2);
      expect(new Set(seen.afterTwoTexts.map((s) => s.name)).size).toBe(2);
    },
  );

  it('refuses a label whose statement name PostgreSQL would cut at 63 bytes', async () => {
    await expect(namedRows(t.database.db, 'x'.repeat(50), sql`select 1`)).rejects.toThrow(/too long/);
  });
});
