import { count, desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, lenderInterest } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;
export type LenderInterestRow = typeof lenderInterest.$inferSelect;
export type NewLenderInterestRow = typeof lenderInterest.$inferInsert;

export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

export async function insertContactMessage(db: DbOrTx, values: NewContactMessageRow): Promise<void> {
  await db.insert(contactMessages).values(values);
}

export async function insertLenderInterest(db: DbOrTx, values: NewLenderInterestRow): Promise<void> {
  await db.insert(lenderInterest).values(values);
}

export async function listContactMessages(
  db: DbOrTx,
  { limit, offset }: PageWindow,
): Promise<{ rows: ContactMessageRow[]; total: number }> {
  const [totals] = await db.select({ total: count() }).from(contactMessages);
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: totals?.total ?? 0 };
}

export async function listLenderInterest(
  db: DbOrTx,
  { limit, offset }: PageWindow,
): Promise<{ rows: LenderInterestRow[]; total: number }> {
  const [totals] = await db.select({ total: count() }).from(lenderInterest);
  const rows = await db
    .select()
    .from(lenderInterest)
    .orderBy(desc(lenderInterest.createdAt), desc(lenderInterest.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: totals?.total ?? 0 };
}
