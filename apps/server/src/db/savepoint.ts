import { sql } from 'drizzle-orm';
import type { Tx } from './client.ts';

/**
 * Runs `work` after a savepoint of the caller's transaction: when it throws, everything it wrote is
 * rolled back to the savepoint and the error goes on, while what the transaction wrote before stays
 * and it can carry on (a settlement parks the money in suspense).
 *
 * Unlike drizzle's nested `tx.transaction`, a savepoint that succeeded is not released: it ends with
 * the transaction anyway, and its RELEASE would cost a round trip on the money write path (issue 20).
 * The statements after it run inside the savepoint's subtransaction, which changes nothing for them:
 * they commit or roll back with the whole.
 */
export async function underSavepoint<T>(tx: Tx, name: string, work: () => Promise<T>): Promise<T> {
  if (!/^[a-z_]+$/.test(name)) throw new Error(`Not a savepoint name: ${name}`);
  await tx.execute(sql.raw(`savepoint ${name}`));
  try {
    return await work();
  } catch (error) {
    await tx.execute(sql.raw(`rollback to savepoint ${name}`));
    throw error;
  }
}
