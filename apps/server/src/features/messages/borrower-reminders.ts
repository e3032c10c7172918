import { addDays, kampalaDate } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { findOffersLapsingBy } from './borrower-messages.repo.ts';
import { kampalaSmsTime } from './kampala-sms-time.ts';
import { findInstallmentsDueOn } from './messages.repo.ts';
import type { MessagesService } from './messages.service.ts';

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
  readonly messages: Pick<MessagesService, 'send'>;
}

/**
 * Offers still waiting for the borrower's answer that lapse within 3 hours: one reminder per
 * application and round (the dedupe key), however often and on however many replicas the job runs.
 * Offers answered or lapsed are not found, so they get none. One transaction for the whole run.
 */
export async function sendOfferExpiryReminders({ db, messages }: ReminderDeps, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    let written = 0;
    const until = new Date(now.getTime() + OFFER_EXPIRY_NOTICE_MS);
    for (const due of await findOffersLapsingBy(tx, now, until, OFFER_EXPIRY_NOTICE_MS)) {
      written += await messages.send(
        tx,
        due.userId,
        'offers.expiring',
        { name: due.name, applicationId: due.applicationId, expiresAt: kampalaSmsTime(due.expiresAt) },
        // An SMS the quiet hours would hold past the deadline is not written: the inbox still is.
        { dedupeKey: `offers-expiring:${due.applicationId}:${due.round}`, expiresAt: due.expiresAt },
      );
    }
    return written;
  });
}

/**
 * The daily missed-payment notice: every installment still unpaid 1 day and 7 days after its due
 * date (Kampala dates) gets one, once per installment and stage (the dedupe key
 * `payment-missed:<id>:<days>`), also when two replicas run the job at once. One transaction.
 */
export async function sendMissedPaymentNotices({ db, messages }: ReminderDeps, now: Date): Promise<number> {
  const today = kampalaDate(now);
  const stageOf = new Map(MISSED_PAYMENT_NOTICE_DAYS.map((days) => [addDays(today, -days), days]));
  return db.transaction(async (tx) => {
    let written = 0;
    for (const due of await findInstallmentsDueOn(tx, [...stageOf.keys()])) {
      const daysLate = stageOf.get(due.dueDate) ?? 1;
      written += await messages.send(
        tx,
        due.userId,
        'payment.missed',
        {
          name: due.name,
          loanRef: due.loanRef,
          installment: due.number,
          amount: due.owed,
          dueDate: calendarDay(due.dueDate),
          daysLate,
        },
        { dedupeKey: `payment-missed:${due.installmentId}:${daysLate}` },
      );
    }
    return written;
  });
}
