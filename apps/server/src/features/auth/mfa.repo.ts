import { and, count, eq, isNull, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mfaChallengesSpent, mfaRecoveryCodes, mfaSecrets } from '../../db/schema/index.ts';

export type MfaSecretRow = typeof mfaSecrets.$inferSelect;

export async function findMfaSecret(db: DbOrTx, userId: number): Promise<MfaSecretRow | undefined> {
  const [row] = await db.select().from(mfaSecrets).where(eq(mfaSecrets.userId, userId)).limit(1);
  return row;
}

/** A new pending setup replaces any earlier pending one; an enabled authenticator is left alone. */
export async function savePendingMfaSecret(
  db: DbOrTx,
  userId: number,
  secretEncrypted: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .insert(mfaSecrets)
    .values({ userId, secretEncrypted, createdAt: at })
    .onConflictDoUpdate({
      target: mfaSecrets.userId,
      set: { secretEncrypted, createdAt: at, lastUsedStep: 0 },
      setWhere: isNull(mfaSecrets.enabledAt),
    })
    .returning({ userId: mfaSecrets.userId });
  return rows.length > 0;
}

/**
 * Records the step of an accepted code, only if it is later than the last one: of two requests
 * with the same code, exactly one wins.
 */
export async function claimTotpStep(db: DbOrTx, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaSecrets)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaSecrets.userId, userId), lt(mfaSecrets.lastUsedStep, step)))
    .returning({ userId: mfaSecrets.userId });
  return rows.length > 0;
}

export async function markMfaEnabled(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(mfaSecrets).set({ enabledAt: at }).where(eq(mfaSecrets.userId, userId));
}

export async function deleteMfa(db: DbOrTx, userId: number): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaSecrets).where(eq(mfaSecrets.userId, userId));
}

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: number,
  codeHashes: string[],
  at: Date,
): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db
    .insert(mfaRecoveryCodes)
    .values(codeHashes.map((codeHash) => ({ userId, codeHash, createdAt: at })));
}

/** Spends a recovery code: true exactly once per code, even for two requests at the same moment. */
export async function useRecoveryCode(
  db: DbOrTx,
  userId: number,
  codeHash: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: at })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Marks the challenge used; false when it already was (a second sign-in with the same challenge). */
export async function spendChallenge(db: DbOrTx, challengeId: string, at: Date): Promise<boolean> {
  const rows = await db
    .insert(mfaChallengesSpent)
    .values({ challengeId, spentAt: at })
    .onConflictDoNothing()
    .returning({ id: mfaChallengesSpent.challengeId });
  return rows.length === 1;
}

/** Spent challenges older than their lifetime can go: an expired challenge is refused anyway. */
export async function pruneSpentChallenges(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(mfaChallengesSpent).where(lt(mfaChallengesSpent.spentAt, before));
}
