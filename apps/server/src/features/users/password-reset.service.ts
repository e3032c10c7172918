import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { InvalidInputError, NotFoundError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { hashPassword, passwordProblem } from '../auth/password.ts';
import { kampalaSmsTime } from '../messages/kampala-sms-time.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import {
  findPasswordResetTokenForUpdate,
  insertPasswordResetToken,
  markPasswordResetTokenUsed,
  revokeOpenPasswordResetTokens,
} from './password-reset.repo.ts';
import { findOpenUserById, updateUserRow } from './users.repo.ts';

/** A reset link lives 24 hours (decisions.md: "a one-time link valid 24 hours"). */
export const RESET_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const INVALID_RESET_LINK =
  'This password reset link is invalid, used or expired. Ask an admin for a new one.';

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export interface PasswordResetDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly auth: Pick<AuthService, 'signOutEverywhere'>;
  /** Where the web app lives; the link is `${publicUrl}/reset-password?token=…`. */
  readonly publicUrl: string;
  /** The link goes to the user's e-mail too (only e-mail: never by SMS or in the inbox). */
  readonly messages: Pick<MessagesService, 'send'>;
}

/** Admin-issued, one-time password reset links (docs/users.md). */
export function createPasswordResetService({ db, clock, auth, publicUrl, messages }: PasswordResetDeps) {
  /**
   * Inside the caller's unit of work: a lender invitation creates the account and its first link
   * together (public-forms/invite-lender.ts), with a longer life than a reset link.
   */
  async function issueLinkIn(
    tx: DbOrTx,
    actorId: number,
    userId: number,
    ttlMs: number,
  ): Promise<{ resetUrl: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    if (!(await findOpenUserById(tx, userId))) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + ttlMs);
    await revokeOpenPasswordResetTokens(tx, userId, now);
    await insertPasswordResetToken(tx, {
      userId,
      tokenHash: sha256(token),
      createdById: actorId,
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, {
      actorId,
      action: 'user.password_reset_link_issued',
      entityType: 'user',
      entityId: userId,
      before: null,
      after: { expires_at: expiresAt.toISOString() },
      at: now,
    });
    const url = new URL('/reset-password', publicUrl);
    url.searchParams.set('token', token);
    return { resetUrl: url.toString(), expiresAt };
  }

  return {
    /** A new link for an open account; any older unused link of theirs stops working. */
    /**
     * The admin is shown the link, and the user is sent it by e-mail in the same unit of work (when
     * an e-mail server is configured), so the admin need not pass it on by hand.
     */
    async issueLink(actorId: number, userId: number): Promise<{ resetUrl: string; expiresAt: Date }> {
      return db.transaction(async (tx) => {
        const link = await issueLinkIn(tx, actorId, userId, RESET_LINK_TTL_MS);
        const user = await findOpenUserById(tx, userId);
        if (user?.email) {
          await messages.send(tx, userId, 'security.password-reset', {
            name: user.name,
            resetUrl: link.resetUrl,
            expiresAt: kampalaSmsTime(link.expiresAt),
          });
        }
        return link;
      });
    },

    issueLinkIn,

    /** Sets the new password, uses up the link and signs the user out everywhere. */
    async resetPassword(token: string, password: string): Promise<void> {
      const weak = passwordProblem(password);
      if (weak) {
        throw new InvalidInputError('INVALID_PASSWORD', 'Invalid password', { password: [weak] });
      }
      // Hashing is slow on purpose; do it before taking any lock.
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const now = clock.now();
        const link = await findPasswordResetTokenForUpdate(tx, sha256(token));
        if (!link || link.usedAt || link.revokedAt || link.expiresAt <= now) {
          throw new InvalidInputError('INVALID_RESET_LINK', INVALID_RESET_LINK);
        }
        const user = await findOpenUserById(tx, link.userId);
        if (!user) throw new InvalidInputError('INVALID_RESET_LINK', INVALID_RESET_LINK);
        await updateUserRow(tx, user.id, { passwordHash, updatedAt: now });
        await markPasswordResetTokenUsed(tx, link.id, now);
        await auth.signOutEverywhere(user.id, tx);
        await recordAudit(tx, {
          actorId: user.id,
          action: 'user.password_reset',
          entityType: 'user',
          entityId: user.id,
          before: null,
          after: { via_link_issued_by: link.createdById },
          at: now,
        });
      });
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
