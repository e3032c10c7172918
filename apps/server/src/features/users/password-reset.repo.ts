import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';

export type PasswordResetRow = typeof passwordResetTokens.$inferSelect;

export async function insertPasswordResetToken(
  db: DbOrTx,
  values: { userId: number; tokenHash: string; createdById: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Retires every link of the user that is neither used nor already retired. */
export async function revokeOpenPasswordResetTokens(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        isNull(passwordResetTokens.usedAt),
        isNull(passwordResetTokens.revokedAt),
      ),
    );
}

/** Locks the row so a link cannot be used twice by two requests at once. */
export async function findPasswordResetTokenForUpdate(
  db: DbOrTx,
  tokenHash: string,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

export async function markPasswordResetTokenUsed(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(passwordResetTokens).set({ usedAt: at }).where(eq(passwordResetTokens.id, id));
}
