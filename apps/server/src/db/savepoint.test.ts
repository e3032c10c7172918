import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { underSavepoint } from './savepoint.ts';
import { selectRows } from './select-rows.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await t.database.db.execute(sql`create table savepoint_probe (step text primary key)`);
});
afterAll(() => t.drop());

const steps = async () =>
  (
    await selectRows<{ step: string }>(t.database.db, sql`select step from savepoint_probe order by step`)
  ).map((row) => row.step);

describe('underSavepoint', () => {
  it('rolls back only what its work wrote when the work throws, and the transaction goes on to commit', async () => {
    const outcome = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into savepoint_probe values ('a: before')`);
      const caught = await underSavepoint(tx, 'probe', async () => {
        await tx.execute(sql`insert into savepoint_probe values ('b: inside, rolled back')`);
        throw new Error('the work failed');
      }).catch((error: Error) => error.message);
      await tx.execute(sql`insert into savepoint_probe values ('c: after')`);
      return caught;
    });
    expect(outcome).toBe('the work failed');
    expect(await steps()).toEqual(['a: before', 'c: after']);
  });

  it('keeps what a successful work wrote, with what follows it, in one commit or none', async () => {
    await t.database.db.execute(sql`delete from savepoint_probe`);
    await t.database.db.transaction(async (tx) => {
      await underSavepoint(tx, 'probe', () =>
        tx.execute(sql`insert into savepoint_probe values ('d: inside')`),
      );
      await tx.execute(sql`insert into savepoint_probe values ('e: after')`);
    });
    expect(await steps()).toEqual(['d: inside', 'e: after']);
    // A later failure of the transaction takes the savepoint's work with it.
    await expect(
      t.database.db.transaction(async (tx) => {
        await underSavepoint(tx, 'probe', () =>
          tx.execute(sql`insert into savepoint_probe values ('f: inside')`),
        );
        throw new Error('the transaction failed after the savepoint');
      }),
    ).rejects.toThrow('the transaction failed after the savepoint');
    expect(await steps()).toEqual(['d: inside', 'e: after']);
  });

  it('refuses a name it would have to quote', async () => {
    await expect(
      t.database.db.transaction((tx) => underSavepoint(tx, 'x; drop table savepoint_probe', async () => 1)),
    ).rejects.toThrow('Not a savepoint name');
  });
});
