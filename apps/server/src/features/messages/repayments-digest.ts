import { addDays, kampalaDate, startOfKampalaDate } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { smsDay } from './kampala-sms-time.ts';
import { repaymentSharesReceived } from './lender-messages.repo.ts';
import type { MessagesService, SendRequest } from './messages.service.ts';

/**
 * The daily digest job: each lender whose wallet received repayment shares yesterday (Kampala date)
 * gets one SMS with their count and net total, read from the ledger in one statement. Once per
 * lender and day (`repayments-digest:<lender>:<date>`), however often it runs; nothing for a lender
 * with no repayments, and nothing for one who turned digests off (messages.sendInBatches checks).
 * Written in batches, each its own transaction.
 */
export async function sendRepaymentsDigests(
  { db, messages }: { db: Db; messages: Pick<MessagesService, 'sendInBatches'> },
  now: Date,
): Promise<number> {
  const yesterday = addDays(kampalaDate(now), -1);
  const range = { from: startOfKampalaDate(yesterday), to: startOfKampalaDate(kampalaDate(now)) };
  const received = await repaymentSharesReceived(db, range);
  return messages.sendInBatches(
    received
      .filter((lender) => lender.amount > 0)
      .map(
        (lender): SendRequest => ({
          userId: lender.lenderId,
          name: 'lender.repayments-digest',
          data: {
            name: lender.name,
            day: smsDay(yesterday),
            repayments: lender.repayments,
            amount: lender.amount,
          },
          options: { dedupeKey: `repayments-digest:${lender.lenderId}:${yesterday}` },
        }),
      ),
  );
}
