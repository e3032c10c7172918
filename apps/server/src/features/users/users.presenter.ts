import type { Kyc, SessionUser, SignedInUser, UserDetail } from '@sente/contract';
import type { KycRow } from './kyc.repo.ts';
import type { ListedUser } from './user-list.repo.ts';
import type { UserRow } from './users.repo.ts';

export function toSessionUser(row: ListedUser): SessionUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    username: row.username,
    phone_number: row.phoneNumber,
    role: row.role,
    status: row.status,
    registration_date: row.createdAt.toISOString(),
  };
}

/** The signed-in user about themselves (login, /auth/me/): with their phone confirmation. */
export function toSignedInUser(row: UserRow): SignedInUser {
  return { ...toSessionUser(row), phone_verified: row.phoneVerifiedAt !== null };
}

/** Nulls where the user has provided nothing; the screen shows Not provided. */
export function toKycDto(row: KycRow | undefined): Kyc {
  return {
    date_of_birth: row?.dateOfBirth ?? null,
    gender: row?.gender ?? null,
    address: row?.address ?? null,
    national_id: row?.nationalId ?? null,
  };
}

export function toUserDetail(user: UserRow, kyc: KycRow | undefined): UserDetail {
  return { ...toSessionUser(user), kyc: toKycDto(kyc), max_open_applications: user.maxOpenApplications };
}
