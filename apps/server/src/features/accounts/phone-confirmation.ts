/**
 * Confirming a self-registered user's phone (docs/accounts.md): a 6-digit code by SMS, valid 10
 * minutes, 5 tries; a new code at most once a minute and five times an hour. Only a hash of the
 * code is kept. A wrong try is counted even though the request is refused, so the count commits
 * before the refusal is thrown.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import {
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
import type { MessagesService } from '../messages/messages.service.ts';
import {
  confirmPhone,
  findPhoneCode,
  lockPhoneCode,
  lockUserForPhone,
  type PhoneCodeRow,
  savePhoneCode,
  spendTry,
} from './phone-codes.repo.ts';

const MINUTE = 60_000;
const RESEND_GAP_MS = MINUTE;
const SENDS_PER_HOUR = 5;
export const HOUR = 60 * MINUTE;

function hashOf(userId: number, code: string): string {
  return createHash('sha256').update(`${userId}:${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The outbox's security SMS (features/messages): written with the code, sent once that commits. */
export type CodeMessages = Pick<MessagesService, 'queue' | 'deliverNow'>;

/** A code saved in a transaction, and its SMS waiting for that transaction to commit. */
export interface IssuedCode {
  readonly row: PhoneCodeRow;
  readonly messageIds: readonly number[];
}

export function toPhoneCodeState(row: PhoneCodeRow): PhoneCodeState {
  return {
    phone_number: row.phoneNumber,
    expires_at: row.expiresAt.toISOString(),
    resend_after: resendAfter(row).toISOString(),
    tries_left: row.triesLeft,
  };
}

/** When another code may be sent: a minute after the last, and at most five an hour. */
export function resendAfter(row: Pick<PhoneCodeRow, 'sentAt' | 'sendsInWindow' | 'windowStartedAt'>): Date {
  const afterGap = row.sentAt.getTime() + RESEND_GAP_MS;
  const afterWindow =
    row.sendsInWindow >= SENDS_PER_HOUR ? row.windowStartedAt.getTime() + HOUR : Number.NEGATIVE_INFINITY;
  return new Date(Math.max(afterGap, afterWindow));
}

export function createPhoneConfirmation({
  db,
  clock,
  messages,
}: {
  db: Db;
  clock: Clock;
  messages: CodeMessages;
}) {
  /**
   * Makes a new code for the user's number and writes its SMS, inside the caller's transaction;
   * `deliver` sends it once that has committed (a code sent for a rolled-back change would be a lie).
   */
  async function issue(
    tx: DbOrTx,
    user: { id: number; phoneNumber: string },
    previous?: PhoneCodeRow,
  ): Promise<IssuedCode> {
    const now = clock.now();
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    const freshWindow = !previous || now.getTime() - previous.windowStartedAt.getTime() >= HOUR;
    const row: PhoneCodeRow = {
      userId: user.id,
      phoneNumber: user.phoneNumber,
      codeHash: hashOf(user.id, code),
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * MINUTE),
      triesLeft: PHONE_CODE_MAX_TRIES,
      sentAt: now,
      sendsInWindow: freshWindow ? 1 : (previous?.sendsInWindow ?? 0) + 1,
      windowStartedAt: freshWindow ? now : (previous?.windowStartedAt ?? now),
    };
    await savePhoneCode(tx, row);
    const messageIds = await messages.queue(
      tx,
      user.id,
      'security.phone-code',
      { code },
      {
        smsTo: user.phoneNumber,
      },
    );
    return { row, messageIds };
  }

  return {
    issue,

    /** Sends an issued code's SMS now; if the gateway fails, the outbox retries it. */
    async deliver(issued: IssuedCode): Promise<void> {
      await messages.deliverNow(issued.messageIds);
    },

    async state(userId: number): Promise<PhoneCodeState> {
      const row = await findPhoneCode(db, userId);
      if (!row) throw new NotFoundError('NO_CODE_WAITING', 'No code is waiting for this account');
      return toPhoneCodeState(row);
    },

    async resend(userId: number): Promise<PhoneCodeState> {
      const issued = await db.transaction(async (tx) => {
        const user = await lockUserForPhone(tx, userId);
        if (!user?.phoneNumber) throw new ConflictError('NO_PHONE', 'This account has no phone number');
        if (user.phoneVerifiedAt)
          throw new ConflictError('PHONE_ALREADY_CONFIRMED', 'Your phone is already confirmed');
        const previous = await lockPhoneCode(tx, userId);
        if (previous && resendAfter(previous) > clock.now()) {
          const seconds = Math.ceil((resendAfter(previous).getTime() - clock.now().getTime()) / 1000);
          throw new RateLimitedError(
            'CODE_SENT_RECENTLY',
            `A code was sent a moment ago. You can ask for another in ${seconds} seconds.`,
            seconds,
          );
        }
        return issue(tx, { id: userId, phoneNumber: user.phoneNumber }, previous);
      });
      await messages.deliverNow(issued.messageIds);
      return toPhoneCodeState(issued.row);
    },

    /** Confirms the number when the code is right; a wrong code costs a try. */
    async verify(userId: number, code: string): Promise<void> {
      const refusal = await db.transaction(async (tx): Promise<DomainError | null> => {
        const user = await lockUserForPhone(tx, userId);
        if (user?.phoneVerifiedAt) {
          return new ConflictError('PHONE_ALREADY_CONFIRMED', 'Your phone is already confirmed');
        }
        const row = await lockPhoneCode(tx, userId);
        const now = clock.now();
        if (!row || row.phoneNumber !== user?.phoneNumber) {
          return new ConflictError('NO_CODE_WAITING', 'No code is waiting. Ask for a new code.');
        }
        if (row.triesLeft <= 0) {
          return new RateLimitedError('TOO_MANY_TRIES', 'Too many wrong codes. Ask for a new code.');
        }
        if (row.expiresAt <= now) {
          return new InvalidInputError('CODE_EXPIRED', 'This code has expired. Ask for a new code.', {
            code: ['This code has expired. Ask for a new code.'],
          });
        }
        if (!sameHash(row.codeHash, hashOf(userId, code))) {
          const left = row.triesLeft - 1;
          await spendTry(tx, userId, left);
          const message =
            left > 0
              ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
              : 'That code is not right, and no tries are left. Ask for a new code.';
          return new InvalidInputError('WRONG_CODE', message, { code: [message] });
        }
        await confirmPhone(tx, userId, now);
        return null;
      });
      if (refusal) throw refusal;
    },
  };
}

export type PhoneConfirmation = ReturnType<typeof createPhoneConfirmation>;
