import { addDays, kampalaDate } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { findOffersLapsingBy } from './borrower-messages.repo.ts';
import { kampalaSmsTime } from './kampala-sms-time.ts';
import { findInstallmentsDueOn } from './messages.repo.ts';
import type { MessagesService, SendRequest } from './messages.service.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date ("2026-03-09") as an SMS writes it: "Mon 9 Mar". */
export function calendarDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/** How long before offers lapse the borrower is reminded. */
export const OFFER_EXPIRY_NOTICE_MS = 3 * 60 * 60 * 1000;

/** The days after an unpaid installment's due date on which the borrower is told (docs/notifications.md). */
export const MISSED_PAYMENT_NOTICE_DAYS = [1, 7] as const;

interface ReminderDeps {
  readonly db: Db;
  readonly messages: Pick<MessagesService, 'sendInBatches'>;
}

/**
 * Offers still waiting for the borrower's answer that lapse within 3 hours: one reminder per
 * application and round (the dedupe key), however often and on however many replicas the job runs.
 * Offers answered or lapsed are not found, so they get none. Written in batches (sendInBatches).
 */
export async function sendOfferExpiryReminders({ db, messages }: ReminderDeps, now: Date): Promise<number> {
  const until = new Date(now.getTime() + OFFER_EXPIRY_NOTICE_MS);
  const due = await findOffersLapsingBy(db, now, until, OFFER_EXPIRY_NOTICE_MS);
  return messages.sendInBatches(
    due.map(
      (offer): SendRequest => ({
        userId: offer.userId,
        name: 'offers.expiring',
        data: {
          name: offer.name,
          applicationId: offer.applicationId,
          expiresAt: kampalaSmsTime(offer.expiresAt),
        },
        // An SMS the quiet hours would hold past the deadline is not written: the inbox still is.
        options: {
          dedupeKey: `offers-expiring:${offer.applicationId}:${offer.round}`,
          expiresAt: offer.expiresAt,
        },
      }),
    ),
  );
}

/**
 * The daily missed-payment notice: every installment still unpaid 1 day and 7 days after its due
 * date (Kampala dates) gets one, once per installment and stage (the dedupe key
 * `payment-missed:<id>:<days>`), also when two replicas run the job at once. Read in one statement,
 * written in batches (messages.sendInBatches).
 */
export async function sendMissedPaymentNotices({ db, messages }: ReminderDeps, now: Date): Promise<number> {
  const today = kampalaDate(now);
  const stageOf = new Map(MISSED_PAYMENT_NOTICE_DAYS.map((days) => [addDays(today, -days), days]));
  const due = await findInstallmentsDueOn(db, [...stageOf.keys()]);
  return messages.sendInBatches(
    due.map((installment): SendRequest => {
      const daysLate = stageOf.get(installment.dueDate) ?? 1;
      return {
        userId: installment.userId,
        name: 'payment.missed',
        data: {
          name: installment.name,
          loanRef: installment.loanRef,
          installment: installment.number,
          amount: installment.owed,
          dueDate: calendarDay(installment.dueDate),
          daysLate,
        },
        options: { dedupeKey: `payment-missed:${installment.installmentId}:${daysLate}` },
      };
    }),
  );
}
