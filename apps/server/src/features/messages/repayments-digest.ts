import { addDays, kampalaDate, startOfKampalaDate } from '@sente/contract';
import type { Db } from '../../db/client.ts';
import { smsDay } from './kampala-sms-time.ts';
import { repaymentSharesReceived } from './lender-messages.repo.ts';
import type { MessagesService } from './messages.service.ts';

/**
 * The daily digest job: each lender whose wallet received repayment shares yesterday (Kampala date)
 * gets one SMS with their count and net total, read from the ledger. Once per lender and day
 * (`repayments-digest:<lender>:<date>`), however often it runs; nothing for a lender with no
 * repayments, and nothing for one who turned digests off (messages.send checks).
 */
export async function sendRepaymentsDigests(
  { db, messages }: { db: Db; messages: Pick<MessagesService, 'send'> },
  now: Date,
): Promise<number> {
  const yesterday = addDays(kampalaDate(now), -1);
  const range = { from: startOfKampalaDate(yesterday), to: startOfKampalaDate(kampalaDate(now)) };
  return db.transaction(async (tx) => {
    let written = 0;
    for (const lender of await repaymentSharesReceived(tx, range)) {
      if (lender.amount <= 0) continue;
      written += await messages.send(
        tx,
        lender.lenderId,
        'lender.repayments-digest',
        { name: lender.name, day: smsDay(yesterday), repayments: lender.repayments, amount: lender.amount },
        { dedupeKey: `repayments-digest:${lender.lenderId}:${yesterday}` },
      );
    }
    return written;
  });
}
