/**
 * Text messages to Ugandan phones through the local simulator, which records what it was asked to
 * send so that a developer or a test (and an admin, through /api/simulator/sms/) can read it. It is
 * the outbox's SMS provider in embedded mode (features/messages), and can fail on demand (failNext,
 * or POST /api/simulator/sms/failures/). Every SMS, phone codes included, reaches it through the
 * outbox.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { simulatedSms } from '../../db/schema/index.ts';

export type SimulatedSmsRow = typeof simulatedSms.$inferSelect;

/** The outbox's view of a provider (features/messages/message-providers.ts), kept structural here. */
export interface SimulatedDelivery {
  readonly idempotencyKey: string;
  readonly to: string;
  readonly text: string;
}

export function createSimulatorSms({ db, clock }: { db: Db; clock: Clock }) {
  const failures: string[] = [];
  return {
    provider: 'simulator' as const,

    /** The next `times` sends fail with `reason`, as a gateway that is down would. */
    failNext(times: number, reason = 'Simulated gateway failure'): number {
      for (let i = 0; i < times; i++) failures.push(reason);
      return failures.length;
    },

    /**
     * Delivers one outbox message: recorded once per idempotency key however often it is asked,
     * as a provider that honours the key would. Answers the recorded message's id.
     */
    async deliver(message: SimulatedDelivery): Promise<string> {
      const failure = failures.shift();
      if (failure !== undefined) throw new Error(failure);
      const [inserted] = await db
        .insert(simulatedSms)
        .values({
          toNumber: message.to,
          body: message.text,
          idempotencyKey: message.idempotencyKey,
          createdAt: clock.now(),
        })
        .onConflictDoNothing({ target: simulatedSms.idempotencyKey })
        .returning({ id: simulatedSms.id });
      if (inserted) return `sim-${inserted.id}`;
      const [existing] = await db
        .select({ id: simulatedSms.id })
        .from(simulatedSms)
        .where(eq(simulatedSms.idempotencyKey, message.idempotencyKey));
      return `sim-${existing?.id ?? 0}`;
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
