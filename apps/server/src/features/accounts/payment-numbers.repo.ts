import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentNumbers, users } from '../../db/schema/index.ts';

export type PaymentNumberRow = typeof paymentNumbers.$inferSelect;

export async function findPaymentNumber(db: DbOrTx, userId: number): Promise<PaymentNumberRow | undefined> {
  const [row] = await db.select().from(paymentNumbers).where(eq(paymentNumbers.userId, userId));
  return row;
}

export async function lockPaymentNumber(db: DbOrTx, userId: number): Promise<PaymentNumberRow | undefined> {
  const [row] = await db.select().from(paymentNumbers).where(eq(paymentNumbers.userId, userId)).for('update');
  return row;
}

/** Inserts the user's added number, or answers false when they already have one. */
export async function insertPaymentNumber(db: DbOrTx, row: PaymentNumberRow): Promise<boolean> {
  const inserted = await db
    .insert(paymentNumbers)
    .values(row)
    .onConflictDoNothing({ target: paymentNumbers.userId })
    .returning({ userId: paymentNumbers.userId });
  return inserted.length > 0;
}

export async function updatePaymentNumber(
  db: DbOrTx,
  userId: number,
  set: Partial<Omit<PaymentNumberRow, 'userId'>>,
): Promise<void> {
  await db.update(paymentNumbers).set(set).where(eq(paymentNumbers.userId, userId));
}

export async function deletePaymentNumber(db: DbOrTx, userId: number): Promise<boolean> {
  const deleted = await db
    .delete(paymentNumbers)
    .where(eq(paymentNumbers.userId, userId))
    .returning({ userId: paymentNumbers.userId });
  return deleted.length > 0;
}

/** The phone on file and when it was confirmed. */
export async function findPhoneOnFile(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ phoneNumber: users.phoneNumber, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Is the number another open account's phone on file, or another user's added number? */
export async function isNumberTakenByAnother(
  db: DbOrTx,
  userId: number,
  phoneNumber: string,
): Promise<boolean> {
  const [onFile] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, phoneNumber), isNull(users.deletedAt), ne(users.id, userId)))
    .limit(1);
  if (onFile) return true;
  const [added] = await db
    .select({ userId: paymentNumbers.userId })
    .from(paymentNumbers)
    .where(and(eq(paymentNumbers.phoneNumber, phoneNumber), ne(paymentNumbers.userId, userId)))
    .limit(1);
  return added !== undefined;
}
