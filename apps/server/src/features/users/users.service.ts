import type { Role } from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../http/errors.ts';
import { hashPassword, PASSWORD_MIN_LENGTH } from '../auth/password.ts';
import { normalizeUgandanPhone } from './phone-number.ts';
import {
  findOpenUserByEmail,
  findOpenUserById,
  insertUser,
  isUsernameTaken,
  type UserRow,
} from './users.repo.ts';

export interface NewUser {
  readonly email: string;
  readonly password: string;
  readonly name: string;
  readonly role: Role;
  readonly phoneNumber?: string | null;
  readonly status?: 'Active' | 'Inactive';
  readonly createdAt?: Date;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function createUsersService({ db, clock }: { db: Db; clock: Clock }) {
  async function uniqueUsername(email: string): Promise<string> {
    const base =
      email
        .split('@')[0]
        ?.toLowerCase()
        .replace(/[^a-z0-9._-]/g, '') || 'user';
    for (let n = 0; n < 1000; n++) {
      const candidate = n === 0 ? base : `${base}${n + 1}`;
      if (!(await isUsernameTaken(db, candidate))) return candidate;
    }
    throw new ConflictError('Could not choose a username');
  }

  return {
    async getOpenUser(id: number): Promise<UserRow> {
      const row = await findOpenUserById(db, id);
      if (!row) throw new NotFoundError('User not found');
      return row;
    },

    async createUser(input: NewUser): Promise<UserRow> {
      const email = input.email.trim().toLowerCase();
      const name = input.name.trim();
      const details: Record<string, string[]> = {};
      if (!EMAIL_PATTERN.test(email) || email.length > 254) details.email = ['Enter a valid email address'];
      if (name.length < 2 || name.length > 100) details.name = ['Name must be 2 to 100 characters'];
      if (input.password.length < PASSWORD_MIN_LENGTH) {
        details.password = [`Password must be at least ${PASSWORD_MIN_LENGTH} characters`];
      }
      let phoneNumber: string | null = null;
      if (input.phoneNumber) {
        phoneNumber = normalizeUgandanPhone(input.phoneNumber);
        if (!phoneNumber) details.phone_number = ['Enter a Ugandan mobile number like 0772 123456'];
      }
      if (Object.keys(details).length > 0) throw new BadRequestError('Invalid user', details);
      if (await findOpenUserByEmail(db, email))
        throw new ConflictError('A user with this email already exists');
      const now = input.createdAt ?? clock.now();
      return insertUser(db, {
        email,
        name,
        username: await uniqueUsername(email),
        phoneNumber,
        role: input.role,
        status: input.status ?? 'Active',
        passwordHash: await hashPassword(input.password),
        createdAt: now,
        updatedAt: now,
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
