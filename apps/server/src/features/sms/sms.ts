/**
 * Text messages to Ugandan phones. One provider today: the local simulator, which records what it
 * was asked to send so that a developer or a test (and an admin, through /api/simulator/sms/) can
 * read the codes. Real delivery (Africa's Talking) and the outbox come with the notifications work.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { simulatedSms } from '../../db/schema/index.ts';

export interface OutgoingSms {
  /** +2567XXXXXXXX. */
  readonly to: string;
  readonly text: string;
}

export interface SmsSender {
  readonly provider: 'simulator';
  /** `db`: the caller's transaction, so the message is recorded with the change that caused it. */
  send(db: DbOrTx, message: OutgoingSms): Promise<void>;
}

export type SimulatedSmsRow = typeof simulatedSms.$inferSelect;

export function createSimulatorSms({ db, clock }: { db: Db; clock: Clock }) {
  return {
    provider: 'simulator' as const,

    async send(tx: DbOrTx, message: OutgoingSms): Promise<void> {
      await tx
        .insert(simulatedSms)
        .values({ toNumber: message.to, body: message.text, createdAt: clock.now() });
    },

    /** What it was asked to send, newest first, optionally to one number. */
    async list(filter: { to?: string | undefined; limit: number; offset: number }) {
      const where: SQL | undefined = filter.to ? eq(simulatedSms.toNumber, filter.to) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(simulatedSms)
          .where(and(where))
          .orderBy(desc(simulatedSms.id))
          .limit(filter.limit)
          .offset(filter.offset),
        db.select({ n: count() }).from(simulatedSms).where(and(where)),
      ]);
      return { count: total?.n ?? 0, rows };
    },
  };
}

export type SimulatorSms = ReturnType<typeof createSimulatorSms>;
