import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRead } from '../../db/prepared-read.ts';
import { users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function findOpenUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

const openUserById = preparedRead('users.open_by_id', (db) =>
  db
    .select()
    .from(users)
    .where(and(eq(users.id, sql.placeholder('id')), isNull(users.deletedAt)))
    .limit(1),
);

export async function findOpenUserById(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await openUserById(db).execute({ id });
  return row;
}

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return row !== undefined;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** Locks the open account's row for the rest of the transaction. */
export async function findOpenUserByIdForUpdate(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

export async function updateUserRow(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      NewUserRow,
      | 'name'
      | 'email'
      | 'phoneNumber'
      | 'phoneVerifiedAt'
      | 'status'
      | 'passwordHash'
      | 'deletedAt'
      | 'maxOpenApplications'
    >
  > & {
    updatedAt: Date;
  },
): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new Error(`update of user ${id} returned no row`);
  return row;
}

export async function markSessionsRevoked(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ sessionsRevokedAt: at }).where(eq(users.id, userId));
}
