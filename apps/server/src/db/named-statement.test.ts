import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { namedStatement } from './named-statement.ts';
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

const insertProbes = namedStatement<{ id: number; note: string }, { ids: number[]; notes: string[] }>(
  'probe.insert',
  (v) => sql`insert into named_probe (id, note) select * from unnest(${v.ids}::integer[], ${v.notes}::text[])
    returning id, note`,
);

describe('namedStatement', () => {
  it('writes and answers the raw rows of a statement, in one transaction with the rest of its work', async () => {
    const rows = await t.database.db.transaction(async (tx) => {
      const written = await insertProbes(tx, { ids: [1, 2], notes: ['one', 'two'] });
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

  it('builds its text once for a database and every transaction on it, and fills in the values of each run', async () => {
    let builds = 0;
    const count = namedStatement<{ n: number }, { ids: number[] }>('probe.count_built', (v) => {
      builds++;
      return sql`select count(*)::integer as n from named_probe where id = any(${v.ids}::integer[])`;
    });
    const answers = [await count(t.database.db, { ids: [1] })];
    for (const ids of [[1, 2], [1, 2, 3], []]) {
      answers.push(await t.database.db.transaction((tx) => count(tx, { ids })));
    }
    expect(answers).toEqual([[{ n: 1 }], [{ n: 2 }], [{ n: 3 }], [{ n: 0 }]]);
    expect(builds).toBe(1);
  });

  it.runIf(testEngine() === 'postgres')(
    'prepares a text once per connection, and a different text under the same label under its own name',
    async () => {
      const byIds = namedStatement<{ n: number }, { ids: number[] }>(
        'probe.read',
        (v) => sql`select count(*)::integer as n from named_probe where id = any(${v.ids}::integer[])`,
      );
      const all = namedStatement<{ n: number }, Record<string, never>>(
        'probe.read',
        () => sql`select count(*)::integer as n from named_probe`,
      );
      const seen = await t.database.db.transaction(async (tx) => {
        const answers = [
          await byIds(tx, { ids: [1] }),
          await byIds(tx, { ids: [1, 2, 3] }),
          await byIds(tx, { ids: [2, 3] }),
        ];
        const afterOneText = await preparedUnder(tx, 'probe.read');
        await all(tx, {});
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
    const tooLong = namedStatement<{ n: number }, Record<string, never>>('x'.repeat(50), () => sql`select 1`);
    await expect(tooLong(t.database.db, {})).rejects.toThrow(/too long/);
  });
});
