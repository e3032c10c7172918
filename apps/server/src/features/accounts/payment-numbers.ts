/**
 * The mobile-money numbers a user's money may move to and from (docs/money.md, "Whose numbers"):
 * the phone on file once confirmed, and at most one added number, confirmed by a code sent to it by
 * SMS (the same 10 minutes, 5 tries, one a minute and five an hour as the phone on file). Money may
 * be collected from an added number once it is confirmed; payouts to it wait PAYOUT_WAIT_MS after
 * that, so someone who took over a session cannot add their own number and empty the wallet at once.
 * Every payment a user starts asks `checkUse` inside its own transaction, before anything is sent.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  formatKampalaDateTime,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MINUTES,
  type PhoneCodeState,
} from '@sente/contract';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  ConflictError,
  type DomainError,
  InvalidInputError,
  NotFoundError,
  RateLimitedError,
} from '../../domain-error.ts';
import { providerOfPhone } from '../payments/payment-provider.ts';
import { mobileMoneyNumberOrRefuse } from '../users/phone-number.ts';
import {
  deletePaymentNumber,
  findPaymentNumber,
  findPhoneOnFile,
  insertPaymentNumber,
  isNumberTakenByAnother,
  lockPaymentNumber,
  type PaymentNumberRow,
  updatePaymentNumber,
} from './payment-numbers.repo.ts';
import { lockUserForPhone } from './phone-codes.repo.ts';
import { type CodeMessages, HOUR, resendAfter, sameHash } from './phone-confirmation.ts';

/** Payouts to an added number start this long after it was confirmed. */
export const PAYOUT_WAIT_MS = 24 * HOUR;

export type NumberUse = 'collect' | 'payout';

export interface PaymentNumberView {
  readonly phoneNumber: string;
  readonly kind: 'on_file' | 'added';
  readonly confirmedAt: Date | null;
  readonly payoutsFrom: Date | null;
  readonly canCollect: boolean;
  readonly canPayOut: boolean;
}

export interface PaymentNumbersView {
  readonly numbers: PaymentNumberView[];
  readonly code: PhoneCodeState | null;
}

function hashOf(userId: number, phoneNumber: string, code: string): string {
  return createHash('sha256').update(`added:${userId}:${phoneNumber}:${code}`).digest('hex');
}

function codeState(row: PaymentNumberRow): PhoneCodeState | null {
  if (row.confirmedAt || !row.codeExpiresAt) return null;
  return {
    phone_number: row.phoneNumber,
    expires_at: row.codeExpiresAt.toISOString(),
    resend_after: resendAfter(row).toISOString(),
    tries_left: row.triesLeft,
  };
}

export function createPaymentNumbers({
  db,
  clock,
  messages,
}: {
  db: Db;
  clock: Clock;
  messages: CodeMessages;
}) {
  /** The code's SMS to the added number, in the caller's transaction (sent after it commits). */
  const queueCode = (tx: DbOrTx, userId: number, phoneNumber: string, code: string) =>
    messages.queue(tx, userId, 'security.phone-code', { code }, { smsTo: phoneNumber });

  function newCode(userId: number, phoneNumber: string) {
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    const now = clock.now();
    return {
      code,
      fields: {
        codeHash: hashOf(userId, phoneNumber, code),
        codeExpiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000),
        triesLeft: PHONE_CODE_MAX_TRIES,
        sentAt: now,
      },
    };
  }

  async function view(tx: DbOrTx, userId: number): Promise<PaymentNumbersView> {
    const [onFile, added] = [await findPhoneOnFile(tx, userId), await findPaymentNumber(tx, userId)];
    const now = clock.now();
    const numbers: PaymentNumberView[] = [];
    if (onFile?.phoneNumber) {
      const confirmed = onFile.phoneVerifiedAt !== null;
      numbers.push({
        phoneNumber: onFile.phoneNumber,
        kind: 'on_file',
        confirmedAt: onFile.phoneVerifiedAt,
        payoutsFrom: onFile.phoneVerifiedAt,
        canCollect: confirmed,
        canPayOut: confirmed,
      });
    }
    if (added) {
      const payoutsFrom = added.confirmedAt ? new Date(added.confirmedAt.getTime() + PAYOUT_WAIT_MS) : null;
      numbers.push({
        phoneNumber: added.phoneNumber,
        kind: 'added',
        confirmedAt: added.confirmedAt,
        payoutsFrom,
        canCollect: added.confirmedAt !== null,
        canPayOut: payoutsFrom !== null && payoutsFrom <= now,
      });
    }
    return { numbers, code: added ? codeState(added) : null };
  }

  return {
    list: (userId: number) => view(db, userId),

    /** Adds the second number and sends it a code; one added number at most. */
    async add(userId: number, input: string): Promise<PaymentNumbersView> {
      const phoneNumber = mobileMoneyNumberOrRefuse(input);
      if (!providerOfPhone(phoneNumber)) {
        throw new InvalidInputError('UNSUPPORTED_NETWORK', 'Use an MTN or Airtel mobile-money number', {
          phone_number: ['Use an MTN (076-079) or Airtel (070, 074, 075) mobile-money number'],
        });
      }
      const { messageIds, numbers } = await db.transaction(async (tx) => {
        const user = await lockUserForPhone(tx, userId);
        if (!user?.phoneVerifiedAt) {
          throw new ConflictError('PHONE_NOT_CONFIRMED', 'Confirm the phone number on your account first');
        }
        if (user.phoneNumber === phoneNumber) {
          throw new InvalidInputError('NUMBER_ALREADY_YOURS', 'This is already the number on your account', {
            phone_number: ['This is already the number on your account'],
          });
        }
        // As at sign-up (PHONE_TAKEN): the number receives payouts and prompts, so it is one person's.
        if (await isNumberTakenByAnother(tx, userId, phoneNumber)) {
          throw new ConflictError('PHONE_TAKEN', 'This number belongs to another Sente account');
        }
        const { code, fields } = newCode(userId, phoneNumber);
        const now = clock.now();
        const inserted = await insertPaymentNumber(tx, {
          userId,
          phoneNumber,
          confirmedAt: null,
          ...fields,
          sendsInWindow: 1,
          windowStartedAt: now,
          createdAt: now,
        });
        if (!inserted) {
          throw new ConflictError(
            'NUMBER_ALREADY_ADDED',
            'You already added a second number. Remove it before adding another.',
          );
        }
        const messageIds = await queueCode(tx, userId, phoneNumber, code);
        return { messageIds, numbers: await view(tx, userId) };
      });
      await messages.deliverNow(messageIds);
      return numbers;
    },

    async resend(userId: number): Promise<PaymentNumbersView> {
      const { messageIds, numbers } = await db.transaction(async (tx) => {
        const row = await lockPaymentNumber(tx, userId);
        if (!row) throw new ConflictError('NO_ADDED_NUMBER', 'You have not added a second number');
        if (row.confirmedAt)
          throw new ConflictError('NUMBER_ALREADY_CONFIRMED', 'This number is already confirmed');
        const now = clock.now();
        const after = resendAfter(row);
        if (after > now) {
          const seconds = Math.ceil((after.getTime() - now.getTime()) / 1000);
          throw new RateLimitedError(
            'CODE_SENT_RECENTLY',
            `A code was sent a moment ago. You can ask for another in ${seconds} seconds.`,
            seconds,
          );
        }
        const { code, fields } = newCode(userId, row.phoneNumber);
        const freshWindow = now.getTime() - row.windowStartedAt.getTime() >= HOUR;
        await updatePaymentNumber(tx, userId, {
          ...fields,
          sendsInWindow: freshWindow ? 1 : row.sendsInWindow + 1,
          windowStartedAt: freshWindow ? now : row.windowStartedAt,
        });
        const messageIds = await queueCode(tx, userId, row.phoneNumber, code);
        return { messageIds, numbers: await view(tx, userId) };
      });
      await messages.deliverNow(messageIds);
      return numbers;
    },

    /** Confirms the added number when the code is right; a wrong code costs a try (kept). */
    async verify(userId: number, code: string): Promise<PaymentNumbersView> {
      const outcome = await db.transaction(
        async (tx): Promise<{ refusal: DomainError } | { view: PaymentNumbersView }> => {
          const row = await lockPaymentNumber(tx, userId);
          const now = clock.now();
          if (!row)
            return { refusal: new ConflictError('NO_ADDED_NUMBER', 'You have not added a second number') };
          if (row.confirmedAt) {
            return {
              refusal: new ConflictError('NUMBER_ALREADY_CONFIRMED', 'This number is already confirmed'),
            };
          }
          if (!row.codeHash || !row.codeExpiresAt) {
            return {
              refusal: new ConflictError('NO_CODE_WAITING', 'No code is waiting. Ask for a new code.'),
            };
          }
          if (row.triesLeft <= 0) {
            return {
              refusal: new RateLimitedError('TOO_MANY_TRIES', 'Too many wrong codes. Ask for a new code.'),
            };
          }
          if (row.codeExpiresAt <= now) {
            const message = 'This code has expired. Ask for a new code.';
            return { refusal: new InvalidInputError('CODE_EXPIRED', message, { code: [message] }) };
          }
          if (!sameHash(row.codeHash, hashOf(userId, row.phoneNumber, code))) {
            const left = row.triesLeft - 1;
            await updatePaymentNumber(tx, userId, { triesLeft: left });
            const message =
              left > 0
                ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
                : 'That code is not right, and no tries are left. Ask for a new code.';
            return { refusal: new InvalidInputError('WRONG_CODE', message, { code: [message] }) };
          }
          await updatePaymentNumber(tx, userId, { confirmedAt: now, codeHash: null, codeExpiresAt: null });
          return { view: await view(tx, userId) };
        },
      );
      if ('refusal' in outcome) throw outcome.refusal;
      return outcome.view;
    },

    /**
     * Removes the added number at once (the phone on file cannot be removed here). Payments already
     * sent to or from it finish as they are; adding it again starts over: a new code, a new wait.
     */
    async remove(userId: number): Promise<PaymentNumbersView> {
      return db.transaction(async (tx) => {
        if (!(await deletePaymentNumber(tx, userId))) {
          throw new NotFoundError('NO_ADDED_NUMBER', 'You have not added a second number');
        }
        return view(tx, userId);
      });
    },

    /**
     * May this user's money move to (`payout`) or from (`collect`) this number now? Refuses with a
     * domain error otherwise. Reads through the caller's transaction (the payment's own).
     */
    async checkUse(
      tx: DbOrTx,
      input: { userId: number; phoneNumber: string; use: NumberUse },
    ): Promise<void> {
      const { numbers } = await view(tx, input.userId);
      const number = numbers.find((n) => n.phoneNumber === input.phoneNumber);
      if (!number) {
        const own = numbers.filter((n) => (input.use === 'collect' ? n.canCollect : n.canPayOut));
        const message =
          own.length > 0
            ? `Use your own number: ${own.map((n) => n.phoneNumber).join(' or ')}`
            : 'Money moves only to and from your own confirmed number';
        throw new InvalidInputError('NOT_YOUR_NUMBER', 'This number is not one of yours', {
          phone_number: [message],
        });
      }
      if (!number.confirmedAt) {
        throw new ConflictError(
          number.kind === 'on_file' ? 'PHONE_NOT_CONFIRMED' : 'NUMBER_NOT_CONFIRMED',
          `Confirm ${number.phoneNumber} with the code sent to it first`,
        );
      }
      if (input.use === 'payout' && !number.canPayOut && number.payoutsFrom) {
        throw new ConflictError(
          'NUMBER_TOO_NEW',
          `Withdrawals to ${number.phoneNumber} start on ${formatKampalaDateTime(number.payoutsFrom.toISOString())}, 24 hours after it was confirmed`,
        );
      }
    },
  };
}

export type PaymentNumbers = ReturnType<typeof createPaymentNumbers>;
