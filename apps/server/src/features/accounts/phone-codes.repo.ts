import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { phoneCodes, users } from '../../db/schema/index.ts';

export type PhoneCodeRow = typeof phoneCodes.$inferSelect;

export async function lockPhoneCode(db: DbOrTx, userId: number): Promise<PhoneCodeRow | undefined> {
  const [row] = await db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId)).for('update');
  return row;
}

export async function findPhoneCode(db: DbOrTx, userId: number): Promise<PhoneCodeRow | undefined> {
  const [row] = await db.select().from(phoneCodes).where(eq(phoneCodes.userId, userId));
  return row;
}

export async function savePhoneCode(db: DbOrTx, row: PhoneCodeRow): Promise<void> {
  const { userId, ...rest } = row;
  await db.insert(phoneCodes).values(row).onConflictDoUpdate({ target: phoneCodes.userId, set: rest });
}

export async function spendTry(db: DbOrTx, userId: number, triesLeft: number): Promise<void> {
  await db.update(phoneCodes).set({ triesLeft }).where(eq(phoneCodes.userId, userId));
}

/** The code came back right: the number is confirmed and the code is gone. */
export async function confirmPhone(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.delete(phoneCodes).where(eq(phoneCodes.userId, userId));
  await db.update(users).set({ phoneVerifiedAt: at, updatedAt: at }).where(eq(users.id, userId));
}

export async function lockUserForPhone(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: users.id, phoneNumber: users.phoneNumber, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}
