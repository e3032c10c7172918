import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testEngine } from '../../test/test-db.ts';
import { users } from './schema/index.ts';
import { outsideTransaction, RootQueryInTransactionError } from './transaction-guard.ts';

/** Drizzle wraps what the driver threw in a DrizzleQueryError; the guard's error is its cause. */
function guardError(message?: RegExp) {
  return {
    cause: message
      ? expect.objectContaining({
          name: 'RootQueryInTransactionError',
          message: expect.stringMatching(message),
        })
      : expect.any(RootQueryInTransactionError),
  };
}

/** Both drivers answer `{ rows }`; the shared Db type does not say so. */
function firstN(result: unknown): number | undefined {
  return (result as { rows: { n: number }[] }).rows[0]?.n;
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.drop();
});

describe(`the transaction guard (${testEngine()})`, () => {
  it('throws at once, naming the query, when the root handle is used inside a transaction', async () => {
    const db = t.database.db;
    const attempt = db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await db.select({ id: users.id }).from(users).limit(1);
    });
    await expect(attempt).rejects.toMatchObject(guardError());
    await expect(
      db.transaction(async () => {
        await db.select({ id: users.id }).from(users).limit(1);
      }),
    ).rejects.toMatchObject(guardError(/Query: select "id" from "users"/));
  });

  it('catches the root handle in work started from inside the transaction, however deep', async () => {
    const db = t.database.db;
    const readLater = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return db.execute(sql`select 1`);
    };
    await expect(db.transaction(async () => readLater())).rejects.toMatchObject(guardError());
  });

  it('lets the transaction handle, nested savepoints and the root handle outside work as usual', async () => {
    const db = t.database.db;
    const inside = await db.transaction(async (tx) => {
      await tx.transaction(async (savepoint) => savepoint.execute(sql`select 1`));
      const result = await tx.execute(sql`select 2 as n`);
      return firstN(result);
    });
    expect(inside).toBe(2);
    const outside = await db.execute(sql`select 3 as n`);
    expect(firstN(outside)).toBe(3);
  });

  it('lets work that deliberately leaves the transaction use the root handle', async () => {
    const db = t.database.db;
    if (testEngine() === 'pglite') {
      // One connection: the root handle would wait behind the transaction, so the guard's escape
      // hatch is only for work that does not wait for the transaction (fire and forget).
      let later: Promise<unknown> = Promise.resolve();
      await db.transaction(async () => {
        later = outsideTransaction(() => db.execute(sql`select 1`));
      });
      await expect(later).resolves.toBeDefined();
      return;
    }
    const n = await db.transaction(async () =>
      outsideTransaction(async () => {
        const result = await db.execute(sql`select 4 as n`);
        return firstN(result);
      }),
    );
    expect(n).toBe(4);
  });
});
