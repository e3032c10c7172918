import { addDays, kampalaDate } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { findInstallmentsDueOn } from './messages.repo.ts';
import type { MessagesService, SendRequest } from './messages.service.ts';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function spokenDate(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  return `on ${WEEKDAYS[day.getUTCDay()]} ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`;
}

/**
 * The daily reminder job: every unpaid installment due in 3 days and tomorrow (Kampala dates) gets
 * one message, once per installment and reminder however often or on however many replicas it runs
 * (the dedupe key `installment-due:<id>:<days>`). The installments are read in one statement; the
 * messages are written in batches, each its own transaction (messages.sendInBatches).
 */
export async function sendInstallmentReminders(
  { db, messages }: { db: Db; messages: Pick<MessagesService, 'sendInBatches'> },
  now: Date,
): Promise<number> {
  const today = kampalaDate(now);
  const inThreeDays = addDays(today, 3);
  const tomorrow = addDays(today, 1);
  const requests = (await findInstallmentsDueOn(db, [inThreeDays, tomorrow])).map((due): SendRequest => {
    const days = due.dueDate === tomorrow ? 1 : 3;
    return {
      userId: due.userId,
      name: 'installment.due',
      data: {
        name: due.name,
        loanRef: due.loanRef,
        installment: due.number,
        amount: due.owed,
        when: days === 1 ? 'tomorrow' : spokenDate(due.dueDate),
      },
      options: { dedupeKey: `installment-due:${due.installmentId}:${days}` },
    };
  });
  return messages.sendInBatches(requests);
}
