import { kampalaDate, type Role } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  ConflictError,
  type FieldMessages,
  InvalidInputError,
  NotFoundError,
  signedInAccountGone,
} from '../../domain-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { hashPassword, passwordProblem } from '../auth/password.ts';
import { findKycByUserId, type KycRow, type KycValues, upsertKyc } from './kyc.repo.ts';
import { checkKyc, type KycInput } from './kyc.ts';
import { checkEmail, checkName, checkPhone } from './user-fields.ts';
import {
  findOpenUserByEmail,
  findOpenUserById,
  insertUser,
  isUsernameTaken,
  type UserRow,
} from './users.repo.ts';

/**
 * Reads and writes other features compose into their own units of work (they take the caller's
 * `tx`): sign-in and two-factor (auth), the KYC behind an application's credit score (applications).
 */
export { findKycByUserId, type KycRow, type KycValues, upsertKyc } from './kyc.repo.ts';
export type { KycInput } from './kyc.ts';
export { escapeLikePattern } from './user-search.ts';
export {
  findOpenUserByEmail,
  findOpenUserById,
  findOpenUserByIdForUpdate,
  markSessionsRevoked,
  type UserRow,
} from './users.repo.ts';

/**
 * Checks a change to a user's KYC against what is on record: a new NIN against the stored gender,
 * a new gender against the stored NIN (the NIN's second letter records the holder's sex). Answers the
 * values to store and the problems per field, so a caller can add its own before refusing.
 */
export async function checkKycChange(
  tx: DbOrTx,
  userId: number,
  input: KycInput,
  today: string,
): Promise<{ existing: KycRow | undefined; values: KycValues; details: FieldMessages }> {
  const existing = await findKycByUserId(tx, userId);
  const gender = input.gender !== undefined ? input.gender : (existing?.gender ?? null);
  const { values, details } = checkKyc({ ...input, gender }, today);
  if (input.gender === undefined) delete values.gender;
  const storedNin = input.nationalId === undefined ? existing?.nationalId : null;
  if (values.gender && storedNin && storedNin[1] !== values.gender[0]) {
    details.gender = ['The gender does not match the National Identification Number on record'];
  }
  return { existing, values, details };
}

/**
 * Whether the account may apply or bid as far as its phone goes: a self-registered user must have
 * confirmed the number with the SMS code; an admin-made account's number was taken by staff.
 */
export function isPhoneConfirmed(user: Pick<UserRow, 'selfRegistered' | 'phoneVerifiedAt'>): boolean {
  return !user.selfRegistered || user.phoneVerifiedAt !== null;
}

export interface NewUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly role: Role;
  readonly phoneNumber?: string | null;
  readonly status?: 'Active' | 'Inactive';
  /**
   * Signed up in the app: the number stays unconfirmed until the SMS code comes back. Otherwise an
   * admin made the account and took the number, which counts as confirmed (docs/accounts.md).
   */
  readonly selfRegistered?: boolean;
}

export function createUsersService({ db, clock }: { db: Db; clock: Clock }) {
  async function uniqueUsername(email: string, on: DbOrTx = db): Promise<string> {
    const base =
      email
        .split('@')[0]
        ?.toLowerCase()
        .replace(/[^a-z0-9._-]/g, '') || 'user';
    for (let n = 0; n < 1000; n++) {
      const candidate = n === 0 ? base : `${base}${n + 1}`;
      if (!(await isUsernameTaken(on, candidate))) return candidate;
    }
    throw new ConflictError('USERNAME_UNAVAILABLE', 'Could not choose a username');
  }

  async function getOpenUser(id: number): Promise<UserRow> {
    const row = await findOpenUserById(db, id);
    if (!row) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
    return row;
  }

  return {
    getOpenUser,

    /** The signed-in user's own account: closed meanwhile, a 401 (signedInAccountGone). */
    async getSignedInUser(id: number): Promise<UserRow> {
      const row = await findOpenUserById(db, id);
      if (!row) throw signedInAccountGone();
      return row;
    },

    /**
     * `tx`: inside a caller's unit of work (an invitation); `passwordHash`: hashed by the caller before
     * its transaction began, so the slow hash never holds a connection.
     */
    async createUser(
      input: NewUser,
      options: { readonly tx?: DbOrTx; readonly passwordHash?: string } = {},
    ): Promise<UserRow> {
      const on = options.tx ?? db;
      const details: Record<string, string[]> = {};
      const email = checkEmail(input.email);
      if (!email.ok) details.email = [email.message];
      const name = checkName(input.name);
      if (!name.ok) details.name = [name.message];
      const weak = passwordProblem(input.password);
      if (weak) details.password = [weak];
      const phone = checkPhone(input.phoneNumber);
      if (!phone.ok) details.phone_number = [phone.message];
      if (!email.ok || !name.ok || !phone.ok || Object.keys(details).length > 0) {
        throw new InvalidInputError('INVALID_USER', 'Invalid user', details);
      }
      if (await findOpenUserByEmail(on, email.value))
        throw new ConflictError('EMAIL_TAKEN', 'A user with this email already exists');
      const now = clock.now();
      return insertUser(on, {
        email: email.value,
        name: name.value,
        username: await uniqueUsername(email.value, on),
        phoneNumber: phone.value,
        phoneVerifiedAt: phone.value !== null && !input.selfRegistered ? now : null,
        selfRegistered: input.selfRegistered ?? false,
        role: input.role,
        status: input.status ?? 'Active',
        passwordHash: options.passwordHash ?? (await hashPassword(input.password)),
        createdAt: now,
        updatedAt: now,
      });
    },

    /**
     * An open account with its KYC record, as one admin sees it on the profile. The viewing is
     * logged in the same transaction: KYC is personal data the law asks us to account for.
     */
    async detailViewedBy(
      adminId: number,
      userId: number,
    ): Promise<{ user: UserRow; kyc: KycRow | undefined }> {
      return db.transaction(async (tx) => {
        const user = await findOpenUserById(tx, userId);
        if (!user) throw new NotFoundError('USER_NOT_FOUND', 'User not found');
        const kyc = await findKycByUserId(tx, userId);
        await recordAudit(tx, {
          actorId: adminId,
          action: 'user.kyc_viewed',
          entityType: 'user',
          entityId: userId,
          at: clock.now(),
        });
        return { user, kyc };
      });
    },

    /** Creates or updates the given KYC fields of an open account, each validated (docs/users.md). */
    async saveKyc(userId: number, input: KycInput): Promise<KycRow> {
      return db.transaction(async (tx) => {
        if (!(await findOpenUserById(tx, userId)))
          throw new NotFoundError('USER_NOT_FOUND', 'User not found');
        const now = clock.now();
        const { values, details } = await checkKycChange(tx, userId, input, kampalaDate(now));
        if (Object.keys(details).length > 0)
          throw new InvalidInputError('INVALID_KYC', 'Invalid KYC details', details);
        return upsertKyc(tx, userId, values, now);
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
