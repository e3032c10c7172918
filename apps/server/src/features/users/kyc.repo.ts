import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { userKyc } from '../../db/schema/index.ts';

export type KycRow = typeof userKyc.$inferSelect;
export type KycValues = Pick<
  typeof userKyc.$inferInsert,
  'dateOfBirth' | 'gender' | 'address' | 'nationalId'
>;

export async function findKycByUserId(db: DbOrTx, userId: number): Promise<KycRow | undefined> {
  const [row] = await db.select().from(userKyc).where(eq(userKyc.userId, userId)).limit(1);
  return row;
}

/** Creates the user's KYC row or replaces the given fields of it. */
export async function upsertKyc(db: DbOrTx, userId: number, values: KycValues, at: Date): Promise<KycRow> {
  const [row] = await db
    .insert(userKyc)
    .values({ userId, ...values, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: userKyc.userId, set: { ...values, updatedAt: at } })
    .returning();
  if (!row) throw new Error('upsert into user_kyc returned no row');
  return row;
}
