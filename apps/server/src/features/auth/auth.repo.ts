import { and, eq, gt, isNotNull, isNull, lt, max, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures, refreshTokens, users } from '../../db/schema/index.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: DbOrTx,
  values: { userId: number; familyId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

/** Locks the row so two refreshes of one token cannot both succeed. */
export async function findRefreshTokenForUpdate(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update')
    .limit(1);
  return row;
}

export async function markRefreshTokenRotated(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
}

/** The tokens of a family issued after `afterId`, oldest first, locked like the one presented. */
export async function findLaterFamilyTokensForUpdate(
  db: DbOrTx,
  familyId: string,
  afterId: number,
): Promise<RefreshTokenRow[]> {
  return db
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), gt(refreshTokens.id, afterId)))
    .orderBy(refreshTokens.id)
    .for('update');
}

/** Replaced by a retry of the token before it; rotated too, so presenting it later is reuse. */
export async function markRefreshTokenSuperseded(db: DbOrTx, id: number, at: Date): Promise<void> {
  await db.update(refreshTokens).set({ rotatedAt: at, supersededAt: at }).where(eq(refreshTokens.id, id));
}

export async function revokeRefreshFamily(db: DbOrTx, familyId: string, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Signs a user out everywhere: every refresh token they hold stops working. */
export async function revokeAllRefreshTokensOfUser(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function countRecentLoginFailures(db: DbOrTx, emailKey: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(loginFailures)
    .where(and(eq(loginFailures.emailKey, emailKey), gt(loginFailures.failedAt, since)));
  return row?.count ?? 0;
}

export async function recordLoginFailure(
  db: DbOrTx,
  emailKey: string,
  at: Date,
  address: string | null = null,
): Promise<void> {
  await db.insert(loginFailures).values({ emailKey, failedAt: at, address });
}

/** Recent failed sign-ins for one email from one client address: how many, and the latest. */
export async function findRecentSignInFailures(
  db: DbOrTx,
  emailKey: string,
  address: string,
  since: Date,
): Promise<{ count: number; lastFailedAt: Date | null }> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, lastFailedAt: max(loginFailures.failedAt) })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.emailKey, emailKey),
        eq(loginFailures.address, address),
        gt(loginFailures.failedAt, since),
      ),
    );
  return { count: row?.count ?? 0, lastFailedAt: row?.lastFailedAt ?? null };
}

/** Recent failed sign-ins for one email from every address, and from how many addresses. */
export async function countRecentSignInFailuresOfEmail(
  db: DbOrTx,
  emailKey: string,
  since: Date,
): Promise<{ failures: number; addresses: number }> {
  const [row] = await db
    .select({
      failures: sql<number>`count(*)::int`,
      addresses: sql<number>`count(distinct ${loginFailures.address})::int`,
    })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.emailKey, emailKey),
        isNotNull(loginFailures.address),
        gt(loginFailures.failedAt, since),
      ),
    );
  return { failures: row?.failures ?? 0, addresses: row?.addresses ?? 0 };
}

/** The failures of one email from one address: the right password was given from there. */
export async function clearSignInFailures(db: DbOrTx, emailKey: string, address: string): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.emailKey, emailKey), eq(loginFailures.address, address)));
}

/**
 * Serialises the sign-in bookkeeping of one key (an email and address) until the transaction ends,
 * so parallel tries cannot all read the same count before any of them is recorded.
 */
export async function lockSignInKey(tx: DbOrTx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

export async function clearLoginFailures(db: DbOrTx, emailKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.emailKey, emailKey));
}

export async function pruneLoginFailures(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, before));
}

/** Refresh tokens that expired more than a day ago serve no purpose, not even reuse detection. */
export async function deleteRefreshTokensExpiredBefore(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, before));
}

/**
 * What the guard needs of a user in one read: the row, and the sessions (refresh families) revoked
 * since `since` (older ones only matter to access tokens that have expired anyway).
 */
export async function findSignInState(db: DbOrTx, userId: number, since: Date) {
  const [row] = await db
    .select({
      user: users,
      revoked: sql<string[]>`coalesce((select array_agg(distinct r.family_id::text) from ${refreshTokens} r
        where r.user_id = ${userId} and r.revoked_at >= ${since}), '{}')`,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

/** Announces a change of the user's sessions to every replica's guard (migration 0022's trigger). */
export async function markSessionsChanged(db: DbOrTx, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ sessionsChangedAt: at }).where(eq(users.id, userId));
}

/** Revokes every live refresh token of the user outside the family `keep` (all of them when null). */
export async function revokeOtherFamilies(
  db: DbOrTx,
  userId: number,
  keep: string | null,
  at: Date,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep === null ? undefined : ne(refreshTokens.familyId, keep),
      ),
    );
}
