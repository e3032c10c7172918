import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { revokeOpenPasswordResetTokens } from './password-reset.repo.ts';
import { checkEmail, checkName, checkPhone } from './user-fields.ts';
import { countOpenUsersByStatus, listOpenUsers, type OpenUsersPage } from './user-list.repo.ts';
import { userSearchPatterns } from './user-search.ts';
import { findOpenUserByEmail, findOpenUserByIdForUpdate, type UserRow, updateUserRow } from './users.repo.ts';

export const USER_NOT_FOUND = 'User not found';
export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';
export const CANNOT_DELETE_SELF = 'You cannot delete your own account';
export const EMAIL_TAKEN = 'A user with this email already exists';

export interface UserListRequest {
  readonly page: number;
  readonly pageSize: number;
  readonly search?: string | undefined;
  readonly status?: 'Active' | 'Inactive' | undefined;
}

export interface UserChanges {
  readonly name?: string | undefined;
  readonly email?: string | undefined;
  readonly phoneNumber?: string | null | undefined;
}

export interface UserAdminDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly auth: Pick<AuthService, 'signOutEverywhere' | 'userChanged'>;
}

/** The back-office's user management: list, counts, status, edits and closing accounts (docs/users.md). */
export function createUserAdminService({ db, clock, auth }: UserAdminDeps) {
  async function lockOpenUser(tx: DbOrTx, id: number): Promise<UserRow> {
    const user = await findOpenUserByIdForUpdate(tx, id);
    if (!user) throw new NotFoundError('USER_NOT_FOUND', USER_NOT_FOUND);
    return user;
  }

  return {
    async listUsers(request: UserListRequest): Promise<OpenUsersPage> {
      const search = userSearchPatterns(request.search ?? '');
      const filter = { ...(search ? { search } : {}), ...(request.status ? { status: request.status } : {}) };
      return listOpenUsers(db, filter, {
        limit: request.pageSize,
        offset: (request.page - 1) * request.pageSize,
      });
    },

    stats(): Promise<{ total: number; active: number; inactive: number }> {
      return countOpenUsersByStatus(db);
    },

    /** Active ↔ Inactive. Deactivating signs the user out everywhere; nobody deactivates themselves. */
    async toggleStatus(actorId: number, userId: number): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const user = await lockOpenUser(tx, userId);
        const status = user.status === 'Active' ? 'Inactive' : 'Active';
        if (status === 'Inactive' && user.id === actorId)
          throw new ConflictError('CANNOT_DEACTIVATE_SELF', CANNOT_DEACTIVATE_SELF);
        const now = clock.now();
        const updated = await updateUserRow(tx, user.id, { status, updatedAt: now });
        if (status === 'Inactive') await auth.signOutEverywhere(user.id, tx);
        await recordAudit(tx, {
          actorId,
          action: 'user.status_changed',
          entityType: 'user',
          entityId: user.id,
          before: { status: user.status },
          after: { status },
          at: now,
        });
        return updated;
      });
    },

    /** Edits name, email and phone number; each is validated, the email unique among open accounts. */
    async updateUser(actorId: number, userId: number, changes: UserChanges): Promise<UserRow> {
      const details: Record<string, string[]> = {};
      const next: { name?: string; email?: string; phoneNumber?: string | null } = {};
      if (changes.name !== undefined) {
        const name = checkName(changes.name);
        if (name.ok) next.name = name.value;
        else details.name = [name.message];
      }
      if (changes.email !== undefined) {
        const email = checkEmail(changes.email);
        if (email.ok) next.email = email.value;
        else details.email = [email.message];
      }
      if (changes.phoneNumber !== undefined) {
        const phone = checkPhone(changes.phoneNumber);
        if (phone.ok) next.phoneNumber = phone.value;
        else details.phone_number = [phone.message];
      }
      if (Object.keys(details).length > 0)
        throw new InvalidInputError('INVALID_USER', 'Invalid user', details);

      try {
        return await db.transaction(async (tx) => {
          const user = await lockOpenUser(tx, userId);
          const before: Record<string, unknown> = {};
          const after: Record<string, unknown> = {};
          if (next.name !== undefined && next.name !== user.name) {
            before.name = user.name;
            after.name = next.name;
          }
          if (next.email !== undefined && next.email !== user.email) {
            const holder = await findOpenUserByEmail(tx, next.email);
            if (holder && holder.id !== user.id) throw new ConflictError('EMAIL_TAKEN', EMAIL_TAKEN);
            before.email = user.email;
            after.email = next.email;
          }
          if (next.phoneNumber !== undefined && next.phoneNumber !== user.phoneNumber) {
            before.phone_number = user.phoneNumber;
            after.phone_number = next.phoneNumber;
          }
          if (Object.keys(after).length === 0) return user;
          const now = clock.now();
          // A number an admin enters was taken by staff: it counts as confirmed (docs/accounts.md).
          const phoneChange =
            'phone_number' in after ? { phoneVerifiedAt: next.phoneNumber ? now : null } : {};
          const updated = await updateUserRow(tx, user.id, { ...next, ...phoneChange, updatedAt: now });
          auth.userChanged(user.id);
          await recordAudit(tx, {
            actorId,
            action: 'user.updated',
            entityType: 'user',
            entityId: user.id,
            before,
            after,
            at: now,
          });
          return updated;
        });
      } catch (error) {
        // Two edits racing for one email: the partial unique index decides, the loser gets a 409.
        if (isUniqueViolation(error, 'users_email_open_key'))
          throw new ConflictError('EMAIL_TAKEN', EMAIL_TAKEN);
        throw error;
      }
    },

    /** How many open loan applications the user may have at once (docs/lending.md); audited. */
    async setOpenApplicationsAllowed(actorId: number, userId: number, allowed: number): Promise<UserRow> {
      return db.transaction(async (tx) => {
        const user = await lockOpenUser(tx, userId);
        if (user.maxOpenApplications === allowed) return user;
        const now = clock.now();
        const updated = await updateUserRow(tx, user.id, { maxOpenApplications: allowed, updatedAt: now });
        await recordAudit(tx, {
          actorId,
          action: 'user.open_applications_allowed_changed',
          entityType: 'user',
          entityId: user.id,
          before: { max_open_applications: user.maxOpenApplications },
          after: { max_open_applications: allowed },
          at: now,
        });
        return updated;
      });
    },

    /**
     * Closes an account (decisions.md): sign-in stops, the user leaves lists and counts, and their
     * loans, applications and transactions stay. Their sessions and reset links die with it.
     */
    async closeAccount(actorId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const user = await lockOpenUser(tx, userId);
        if (user.id === actorId) throw new ConflictError('CANNOT_DELETE_SELF', CANNOT_DELETE_SELF);
        const now = clock.now();
        await updateUserRow(tx, user.id, { deletedAt: now, updatedAt: now });
        await auth.signOutEverywhere(user.id, tx);
        await revokeOpenPasswordResetTokens(tx, user.id, now);
        await recordAudit(tx, {
          actorId,
          action: 'user.closed',
          entityType: 'user',
          entityId: user.id,
          before: { deleted_at: null, status: user.status },
          after: { deleted_at: now.toISOString(), status: user.status },
          at: now,
        });
      });
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
