/**
 * Self-service accounts (docs/accounts.md): sign-up as a borrower or lender, the phone confirmed by
 * an SMS code, and the user's own data to download.
 */
import { normalizeUgandanMobile, type RegisterBody, UGANDAN_MOBILE_MESSAGE } from '@sente/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users as usersTable } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError, signedInAccountGone } from '../../domain-error.ts';
import { decisionReasonFor } from '../applications/applications.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { UsersService } from '../users/users.service.ts';
import { readMyData } from './my-data.repo.ts';
import type { PhoneConfirmation } from './phone-confirmation.ts';

export interface AccountsDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly users: UsersService;
  readonly auth: AuthService;
  readonly phone: PhoneConfirmation;
}

export function createAccountsService({ db, clock, users, auth, phone }: AccountsDeps) {
  return {
    /** Creates the account, sends the code to the phone and signs the user in. */
    async register(body: RegisterBody) {
      const phoneNumber = normalizeUgandanMobile(body.phone_number.trim());
      if (!phoneNumber) {
        throw new InvalidInputError('INVALID_USER', 'Invalid user', {
          phone_number: [
            body.phone_number.trim() === '' ? 'Phone number is required' : UGANDAN_MOBILE_MESSAGE,
          ],
        });
      }
      // A mobile-money number belongs to one person: it receives payouts and payment prompts.
      const [holder] = await db
        .select({ id: usersTable.id })
        .from(usersTable)
        .where(and(eq(usersTable.phoneNumber, phoneNumber), isNull(usersTable.deletedAt)))
        .limit(1);
      if (holder) {
        throw new ConflictError(
          'PHONE_TAKEN',
          'This phone number already has a Sente account. Sign in instead.',
        );
      }
      const user = await users.createUser({
        email: body.email,
        password: body.password,
        name: body.name,
        role: body.role,
        phoneNumber,
        selfRegistered: true,
      });
      const issued = await db.transaction((tx) => phone.issue(tx, { id: user.id, phoneNumber }));
      await phone.deliver(issued);
      const session = await auth.startSession(user, 'registration');
      return { session, code: issued.row };
    },

    async myData(userId: number) {
      const data = await readMyData(db, userId);
      if (!data) throw signedInAccountGone();
      // Who decided, the credit engine's score and the staff's notes are Sente's working notes
      // (docs/accounts.md); the decision, its date and a rejection reason the admin shared are theirs.
      const applications = data.applications.map((row) => {
        const {
          decidedById: _staff,
          creditScore: _score,
          creditReasons: _reasons,
          adminNotes: _notes,
          notesShared: _shared,
          ...application
        } = row;
        return { ...application, decisionReason: decisionReasonFor(row) };
      });
      return { data: { ...data, applications }, at: clock.now() };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
