import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { idempotencyKeys, type StoredRefusal } from '../../db/schema/index.ts';

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** Claims the key; undefined when it was claimed before (by this request's twin or an earlier one). */
export async function claimKey(
  db: DbOrTx,
  values: typeof idempotencyKeys.$inferInsert,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values(values)
    .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.userId, idempotencyKeys.key] })
    .returning();
  return row;
}

export async function findKey(
  db: DbOrTx,
  scope: string,
  userId: number,
  key: string,
): Promise<IdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(
      and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)),
    )
    .limit(1);
  return row;
}

/** Takes over an abandoned claim (its process died); only one of several takers wins. */
export async function takeOverStaleKey(db: DbOrTx, row: IdempotencyRow, now: Date): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ updatedAt: now })
    .where(
      and(
        eq(idempotencyKeys.id, row.id),
        eq(idempotencyKeys.state, 'in_progress'),
        eq(idempotencyKeys.updatedAt, row.updatedAt),
      ),
    )
    .returning({ id: idempotencyKeys.id });
  return taken.length > 0;
}

/** The first request's outcome: what it answered, or why it was refused. */
export type StoredOutcome = { answer: unknown } | { refusal: StoredRefusal };

export async function storeOutcome(db: DbOrTx, id: number, outcome: StoredOutcome, now: Date): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({
      state: 'done',
      responseBody: 'answer' in outcome ? outcome.answer : null,
      refusal: 'refusal' in outcome ? outcome.refusal : null,
      updatedAt: now,
    })
    .where(eq(idempotencyKeys.id, id));
}

export async function releaseKey(db: DbOrTx, id: number): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.state, 'in_progress')));
}
