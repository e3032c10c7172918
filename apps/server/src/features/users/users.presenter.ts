import type { SessionUser } from '@sente/contract';
import type { UserRow } from './users.repo.ts';

export function toSessionUser(row: UserRow): SessionUser {
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
