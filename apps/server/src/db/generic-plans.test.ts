import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-db.ts';
import { useGenericPlans } from './generic-plans.ts';
import { selectRows } from './select-rows.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const mode = async (db: Parameters<typeof selectRows>[0]) =>
  (await selectRows<{ mode: string }>(db, sql`select current_setting('plan_cache_mode') as mode`))[0]?.mode;

describe('useGenericPlans', () => {
  it('holds for its own transaction only: the pooled connection goes back to choosing plans per run', async () => {
    const inside = await t.database.db.transaction(async (tx) => {
      const before = await mode(tx);
      await useGenericPlans(tx);
      return { before, after: await mode(tx) };
    });
    expect(inside).toEqual({ before: 'auto', after: 'force_generic_plan' });
    // The next transactions, on whichever connection the pool gives them, choose again.
    const later = await Promise.all([0, 1, 2].map(() => t.database.db.transaction((tx) => mode(tx))));
    expect(later).toEqual(['auto', 'auto', 'auto']);
  });

  it('ends with a transaction that rolls back, too', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await useGenericPlans(tx);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await t.database.db.transaction((tx) => mode(tx))).toBe('auto');
  });
});
