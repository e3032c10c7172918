import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { namedPageLimit, namedPageOffset } from '../../db/page-ids.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { applications, loans, loanTypes } from '../../db/schema/index.ts';

export type LoanTypeRow = typeof loanTypes.$inferSelect;
export type NewLoanTypeRow = typeof loanTypes.$inferInsert;

export async function findLoanTypeById(db: DbOrTx, id: number): Promise<LoanTypeRow | undefined> {
  const [row] = await db.select().from(loanTypes).where(eq(loanTypes.id, id));
  return row;
}

/** Which of `ids` are loan types (in any status). */
export async function findExistingLoanTypeIds(db: DbOrTx, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: loanTypes.id })
    .from(loanTypes)
    .where(inArray(loanTypes.id, [...ids]));
  return rows.map((row) => row.id);
}

/** Locks the type so no application or loan can start using it while it is being deleted. */
export async function lockLoanType(tx: DbOrTx, id: number): Promise<LoanTypeRow | undefined> {
  const [row] = await tx.select().from(loanTypes).where(eq(loanTypes.id, id)).for('update');
  return row;
}

export async function findLoanTypeByName(db: DbOrTx, name: string): Promise<LoanTypeRow | undefined> {
  const [row] = await db.select().from(loanTypes).where(sql`lower(${loanTypes.name}) = lower(${name})`);
  return row;
}

const byStatus = (shape: 'status' | 'all') =>
  shape === 'status' ? eq(loanTypes.status, sql.placeholder('status')) : undefined;

const loanTypesCount = preparedRead('loan_types.count', (db, shape: 'status' | 'all') =>
  db.select({ n: count() }).from(loanTypes).where(byStatus(shape)),
);

const loanTypesPage = preparedRead('loan_types.page', (db, shape: 'status' | 'all') =>
  db
    .select()
    .from(loanTypes)
    .where(byStatus(shape))
    .orderBy(asc(loanTypes.name), asc(loanTypes.id))
    .limit(namedPageLimit())
    .offset(namedPageOffset()),
);

export async function listLoanTypes(
  db: DbOrTx,
  filter: { status?: LoanTypeRow['status'] | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: LoanTypeRow[] }> {
  const shape = filter.status ? 'status' : 'all';
  const [total] = await loanTypesCount(db, shape).execute(filter);
  const rows = await loanTypesPage(db, shape).execute(filter);
  return { count: total?.n ?? 0, rows };
}

/** Undefined when another type took the name first (the unique index decides). */
export async function insertLoanType(db: DbOrTx, values: NewLoanTypeRow): Promise<LoanTypeRow | undefined> {
  const [row] = await db.insert(loanTypes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateLoanType(
  db: DbOrTx,
  id: number,
  values: Partial<NewLoanTypeRow>,
): Promise<LoanTypeRow | undefined> {
  const [row] = await db.update(loanTypes).set(values).where(eq(loanTypes.id, id)).returning();
  return row;
}

export async function isLoanTypeInUse(db: DbOrTx, id: number): Promise<boolean> {
  const [application] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.loanTypeId, id))
    .limit(1);
  if (application) return true;
  const [loan] = await db.select({ id: loans.id }).from(loans).where(eq(loans.loanTypeId, id)).limit(1);
  return loan !== undefined;
}

export async function deleteLoanType(db: DbOrTx, id: number): Promise<void> {
  await db.delete(loanTypes).where(eq(loanTypes.id, id));
}
