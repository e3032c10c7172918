import { and, count, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, lenderInterest, users } from '../../db/schema/index.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = typeof contactMessages.$inferInsert;
export type LenderInterestRow = typeof lenderInterest.$inferSelect;
export type NewLenderInterestRow = typeof lenderInterest.$inferInsert;

export interface PageWindow {
  readonly limit: number;
  readonly offset: number;
}

export async function insertContactMessage(db: DbOrTx, values: NewContactMessageRow): Promise<number> {
  const [row] = await db.insert(contactMessages).values(values).returning({ id: contactMessages.id });
  if (!row) throw new Error('The contact message was not stored');
  return row.id;
}

export async function insertLenderInterest(db: DbOrTx, values: NewLenderInterestRow): Promise<number> {
  const [row] = await db.insert(lenderInterest).values(values).returning({ id: lenderInterest.id });
  if (!row) throw new Error('The lender sign-up was not stored');
  return row.id;
}

type EnquiryStatus = ContactMessageRow['status'];

/** A row as the inbox shows it: with its assignee's name. */
export type ListedContactMessage = ContactMessageRow & { assigneeName: string | null };
export type ListedLenderInterest = LenderInterestRow & { assigneeName: string | null };

export interface EnquiryPage extends PageWindow {
  readonly status?: EnquiryStatus | undefined;
}

// Newest first, alone or within one status: each reads its (status,) created_at desc, id desc index.
export async function listContactMessages(
  db: DbOrTx,
  { limit, offset, status }: EnquiryPage,
): Promise<{ rows: ListedContactMessage[]; total: number }> {
  const where = status ? eq(contactMessages.status, status) : undefined;
  const [totals] = await db.select({ total: count() }).from(contactMessages).where(where);
  const rows = await db
    .select({ ...getTableColumns(contactMessages), assigneeName: users.name })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.assigneeId))
    .where(where)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: totals?.total ?? 0 };
}

export async function listLenderInterest(
  db: DbOrTx,
  { limit, offset, status }: EnquiryPage,
): Promise<{ rows: ListedLenderInterest[]; total: number }> {
  const where = status ? eq(lenderInterest.status, status) : undefined;
  const [totals] = await db.select({ total: count() }).from(lenderInterest).where(where);
  const rows = await db
    .select({ ...getTableColumns(lenderInterest), assigneeName: users.name })
    .from(lenderInterest)
    .leftJoin(users, eq(users.id, lenderInterest.assigneeId))
    .where(where)
    .orderBy(desc(lenderInterest.createdAt), desc(lenderInterest.id))
    .limit(limit)
    .offset(offset);
  return { rows, total: totals?.total ?? 0 };
}

export async function lockContactMessage(tx: DbOrTx, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
  return row;
}

export async function lockLenderInterest(tx: DbOrTx, id: number): Promise<LenderInterestRow | undefined> {
  const [row] = await tx.select().from(lenderInterest).where(eq(lenderInterest.id, id)).for('update');
  return row;
}

export async function updateContactMessageRow(
  tx: DbOrTx,
  id: number,
  values: Partial<NewContactMessageRow>,
): Promise<void> {
  await tx.update(contactMessages).set(values).where(eq(contactMessages.id, id));
}

export async function updateLenderInterestRow(
  tx: DbOrTx,
  id: number,
  values: Partial<NewLenderInterestRow>,
): Promise<void> {
  await tx.update(lenderInterest).set(values).where(eq(lenderInterest.id, id));
}

export async function findContactMessage(db: DbOrTx, id: number): Promise<ListedContactMessage | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(contactMessages), assigneeName: users.name })
    .from(contactMessages)
    .leftJoin(users, eq(users.id, contactMessages.assigneeId))
    .where(eq(contactMessages.id, id));
  return row;
}

export async function findLenderInterest(db: DbOrTx, id: number): Promise<ListedLenderInterest | undefined> {
  const [row] = await db
    .select({ ...getTableColumns(lenderInterest), assigneeName: users.name })
    .from(lenderInterest)
    .leftJoin(users, eq(users.id, lenderInterest.assigneeId))
    .where(eq(lenderInterest.id, id));
  return row;
}

/** The sidebar's figure: two index-only counts. */
export async function countNewEnquiries(db: DbOrTx): Promise<{ contact: number; lender: number }> {
  const [contact] = await db
    .select({ n: count() })
    .from(contactMessages)
    .where(eq(contactMessages.status, 'NEW'));
  const [lender] = await db
    .select({ n: count() })
    .from(lenderInterest)
    .where(eq(lenderInterest.status, 'NEW'));
  return { contact: contact?.n ?? 0, lender: lender?.n ?? 0 };
}

/** True when the id is an admin's (an enquiry's assignee must be one). */
export async function isAdminId(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin'), isNull(users.deletedAt)));
  return row !== undefined;
}
