import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType, makeLoan } from '../../../test/lending-factories.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import { messages, notifications, simulatedSms, users } from '../../db/schema/index.ts';
import { sendInstallmentReminders } from './installment-reminders.ts';
import type { MessageProvider } from './message-providers.ts';
import { createMessagesService } from './messages.service.ts';

const kampala = (iso: string) => new Date(`${iso}+03:00`);
const clock = fixedClock(kampala('2026-03-02T10:00:00'));
const CALLBACK_KEY = 'delivery-report-key-that-is-long-enough-0123';
let t: TestApp;
let admin: { token: string };
let loanTypeId: number;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    config: {
      messages: {
        sms: { provider: 'simulator' },
        callbackKey: CALLBACK_KEY,
        smtp: null,
        deliveryIntervalMs: 5_000,
      },
    },
  });
  admin = await t.userWithToken('admin');
  loanTypeId = (await insertLoanType(t.db.database.db)).id;
});
afterAll(async () => {
  await t.close();
});

let phoneSequence = 0;
/** A borrower with a confirmed phone and a pending application. */
async function pendingApplication() {
  const borrower = await t.userWithToken('borrower', { name: 'Nakato Sarah Namubiru' });
  const phone = `+25677${String(4_000_000 + ++phoneSequence).padStart(7, '0')}`;
  await t.db.database.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, borrower.user.id));
  const application = await insertApplication(t.db.database.db, {
    userId: borrower.user.id,
    loanTypeId,
    status: 'PENDING',
    amountRequested: 1_500_000,
  });
  return { borrower: borrower.user, phone, application };
}

const messagesOf = (userId: number) =>
  t.db.database.db.select().from(messages).where(eq(messages.userId, userId)).orderBy(messages.id);
const simulatorTo = (phone: string) =>
  t.db.database.db.select().from(simulatedSms).where(eq(simulatedSms.toNumber, phone));
/** Signs the admin in again first: the tests move the clock past an access token's 15 minutes. */
async function decide(id: number, verb: 'approve' | 'reject', body: object = {}) {
  admin = await t.userWithToken('admin');
  return t.app.inject({
    method: 'POST',
    url: `/api/loans/applications/${id}/${verb}/`,
    headers: bearer(admin.token),
    payload: body,
  });
}

describe('the outbox', () => {
  it('writes exactly an SMS and an inbox message when an application is approved, and delivers the SMS once', async () => {
    clock.set(kampala('2026-03-02T10:00:00'));
    const { borrower, phone, application } = await pendingApplication();
    expect((await decide(application.id, 'approve')).statusCode).toBe(200);
    const written = await messagesOf(borrower.id);
    expect(written.map((m) => [m.template, m.channel, m.status])).toEqual([
      ['application.approved', 'sms', 'queued'],
      ['application.approved', 'inbox', 'delivered'],
    ]);
    expect(written[0]?.body).toBe(
      `Sente: Nakato, application #${application.id} for UGX 1,500,000 is approved and open to lenders until 3 Mar 10:00. We will text you when offers are ready.`,
    );
    const [inbox] = await t.db.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, borrower.id));
    expect(inbox?.title).toBe('Application approved');

    await t.services.messages.deliverDue();
    await t.services.messages.deliverDue();
    const [sms] = await messagesOf(borrower.id);
    expect(sms).toMatchObject({ status: 'delivered', attempts: 1, provider: 'simulator' });
    expect((await simulatorTo(phone)).map((s) => s.body)).toEqual([sms?.body]);
  });

  it('writes nothing when the decision is refused (the event did not happen)', async () => {
    const { borrower, application } = await pendingApplication();
    await decide(application.id, 'approve');
    const before = (await messagesOf(borrower.id)).length;
    expect((await decide(application.id, 'reject')).statusCode).toBe(409);
    expect(await messagesOf(borrower.id)).toHaveLength(before);
  });

  it('tells a rejected borrower the reason the admin chose to share', async () => {
    const { borrower, application } = await pendingApplication();
    await decide(application.id, 'reject', {
      admin_notes: 'Cash flow too low for this amount',
      share_with_applicant: true,
    });
    const [sms] = await messagesOf(borrower.id);
    expect(sms?.body).toContain('Reason: Cash flow too low for this amount');
  });

  it('holds an SMS written in the quiet hours until 07:00 Kampala, then sends it', async () => {
    clock.set(kampala('2026-03-02T22:15:00'));
    const { borrower, phone, application } = await pendingApplication();
    await decide(application.id, 'approve');
    const [held] = await messagesOf(borrower.id);
    expect(held?.notBefore).toEqual(kampala('2026-03-03T07:00:00'));
    clock.set(kampala('2026-03-03T06:59:00'));
    await t.services.messages.deliverDue();
    expect(await simulatorTo(phone)).toHaveLength(0);
    clock.set(kampala('2026-03-03T07:00:00'));
    await t.services.messages.deliverDue();
    expect(await simulatorTo(phone)).toHaveLength(1);
    clock.set(kampala('2026-03-02T10:00:00'));
  });

  it('retries a failing provider with doubling waits, then fails the message with the reason', async () => {
    clock.set(kampala('2026-03-04T10:00:00'));
    const { borrower, phone, application } = await pendingApplication();
    await decide(application.id, 'approve');
    t.services.simulatorSms.failNext(5, 'Gateway timeout');
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const round = await t.services.messages.deliverDue();
      const [sms] = await messagesOf(borrower.id);
      expect(sms?.attempts).toBe(attempt);
      if (attempt < 5) {
        expect(round.retrying).toBe(1);
        waits.push((sms?.notBefore.getTime() ?? 0) - clock.now().getTime());
        // Not due again before its time.
        expect((await t.services.messages.deliverDue()).retrying).toBe(0);
        clock.set(sms?.notBefore ?? clock.now());
      } else {
        expect(round.failed).toBe(1);
      }
    }
    expect(waits).toEqual([60_000, 120_000, 240_000, 480_000]);
    const [failed] = await messagesOf(borrower.id);
    expect(failed).toMatchObject({ status: 'failed', lastError: 'Gateway timeout' });
    expect(await simulatorTo(phone)).toHaveLength(0);
  });

  it('sends once a message whose worker died after the provider took it (same idempotency key)', async () => {
    clock.set(kampala('2026-03-05T10:00:00'));
    const { borrower, phone, application } = await pendingApplication();
    await decide(application.id, 'approve');
    const [sms] = await messagesOf(borrower.id);
    if (!sms) throw new Error('no sms');
    // The dead worker's try: claimed, handed to the provider, and never recorded.
    await t.db.database.db
      .update(messages)
      .set({ status: 'sending', attempts: 1, updatedAt: clock.now() })
      .where(eq(messages.id, sms.id));
    await t.services.simulatorSms.deliver({
      idempotencyKey: `sente-message-${sms.id}`,
      to: phone,
      text: sms.body,
    });
    // Not yet stale: nobody takes it.
    expect(await t.services.messages.deliverDue()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    clock.advance(6 * 60_000);
    expect((await t.services.messages.deliverDue()).sent).toBe(1);
    expect(await simulatorTo(phone)).toHaveLength(1);
    const [after] = await messagesOf(borrower.id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('fails, and never repeats, an orphaned message whose provider has no idempotency key', async () => {
    clock.set(kampala('2026-03-06T10:00:00'));
    const { borrower, application } = await pendingApplication();
    await decide(application.id, 'approve');
    const sent: string[] = [];
    const keyless: MessageProvider = {
      name: 'keyless',
      isIdempotent: false,
      send: async (message) => {
        sent.push(message.idempotencyKey);
        return { providerMessageId: `k-${sent.length}`, isDelivered: false };
      },
    };
    const outbox = createMessagesService({
      db: t.db.database.db,
      clock,
      sms: keyless,
      email: null,
    });
    const [sms] = await messagesOf(borrower.id);
    if (!sms) throw new Error('no sms');
    await t.db.database.db
      .update(messages)
      .set({ status: 'sending', attempts: 1, updatedAt: new Date(clock.now().getTime() - 10 * 60_000) })
      .where(eq(messages.id, sms.id));
    const round = await outbox.deliverDue();
    expect(round.failed).toBe(1);
    expect(sent).not.toContain(`sente-message-${sms.id}`);
    const [after] = await messagesOf(borrower.id);
    expect(after?.status).toBe('failed');
    expect(after?.lastError).toMatch(/^Outcome unknown/);
  });

  it('sends no digest to a user who turned digests off, and keeps payment messages on', async () => {
    const lender = await t.userWithToken('lender', { name: 'Okello Brian' });
    await t.db.database.db
      .update(users)
      .set({ phoneNumber: '+256772999001' })
      .where(eq(users.id, lender.user.id));
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/messages/preferences/',
      headers: bearer(lender.token),
      payload: { marketing: false, digests: false },
    });
    expect(put.json()).toEqual({ marketing: false, digests: false });
    const digest = { name: 'Okello Brian', day: '2 Mar', repayments: 3, amount: 150_000 };
    const payment = { name: 'Okello Brian', amount: 50_000, loanRef: 'SL-2026-000007', balance: 10_000 };
    await t.db.database.db.transaction(async (tx) => {
      expect(await t.services.messages.send(tx, lender.user.id, 'lender.repayments-digest', digest)).toBe(0);
      expect(await t.services.messages.send(tx, lender.user.id, 'payment.received', payment)).toBe(1);
    });
    expect((await messagesOf(lender.user.id)).map((m) => m.template)).toEqual(['payment.received']);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/messages/preferences/',
      headers: bearer(lender.token),
      payload: { marketing: false, digests: false, security: false },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sendAll with notices', () => {
  it("writes the caller's notices with the messages, and a repeat writes its notices but no message or inbox notification again", async () => {
    clock.set(kampala('2026-03-02T11:00:00'));
    const { borrower } = await pendingApplication();
    const other = (await t.userWithToken('borrower')).user;
    const reminder = {
      userId: borrower.id,
      name: 'installment.due',
      data: {
        name: 'Nakato Sarah',
        loanRef: 'SL-NOTICE-1',
        installment: 2,
        amount: 250_000,
        when: 'tomorrow',
      },
      options: { dedupeKey: 'notices-test:1' },
    } as const;
    const notice = (userId: number, message: string) => ({
      userId,
      kind: 'payment.completed',
      title: 'Repayment received',
      message,
      data: { loan_id: 7 },
    });
    const send = (message: string) =>
      t.db.database.db.transaction((tx) =>
        t.services.messages.sendAll(tx, [reminder], {
          notices: [notice(borrower.id, message), notice(other.id, `${message} (other)`)],
        }),
      );

    expect(await send('first')).toEqual([2]);
    expect(await send('second')).toEqual([0]);

    expect((await messagesOf(borrower.id)).map((m) => [m.template, m.channel])).toEqual([
      ['installment.due', 'sms'],
      ['installment.due', 'inbox'],
    ]);
    const inboxOf = (userId: number) =>
      t.db.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(notifications.id);
    expect((await inboxOf(borrower.id)).map((n) => [n.kind, n.title, n.message, n.data])).toEqual([
      ['payment.completed', 'Repayment received', 'first', { loan_id: 7 }],
      ['installment.due', 'Installment due soon', expect.stringContaining('SL-NOTICE-1'), {}],
      ['payment.completed', 'Repayment received', 'second', { loan_id: 7 }],
    ]);
    expect((await inboxOf(other.id)).map((n) => n.message)).toEqual(['first (other)', 'second (other)']);
    for (const row of await inboxOf(borrower.id)) expect(row.createdAt).toEqual(clock.now());
  });
});

describe('POST /api/messages/delivery-reports/africastalking/', () => {
  const report = (key: string, fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/messages/delivery-reports/africastalking/?key=${encodeURIComponent(key)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  async function sentMessage(providerMessageId: string) {
    const { borrower, application } = await pendingApplication();
    await decide(application.id, 'approve');
    const [sms] = await messagesOf(borrower.id);
    if (!sms) throw new Error('no sms');
    await t.db.database.db
      .update(messages)
      .set({ status: 'sent', provider: 'africastalking', providerMessageId, sentAt: clock.now() })
      .where(eq(messages.id, sms.id));
    return sms.id;
  }
  const statusOf = async (id: number) =>
    (await t.db.database.db.select().from(messages).where(eq(messages.id, id)))[0];

  it('answers 401 to a wrong key and changes nothing', async () => {
    const id = await sentMessage('ATXid_wrongkey');
    const res = await report('not-the-key', { id: 'ATXid_wrongkey', status: 'Success' });
    expect(res.statusCode).toBe(401);
    expect((await statusOf(id))?.status).toBe('sent');
  });

  it('moves a sent message to delivered, and another to failed with the reason', async () => {
    const delivered = await sentMessage('ATXid_delivered');
    const failed = await sentMessage('ATXid_failed');
    expect((await report(CALLBACK_KEY, { id: 'ATXid_delivered', status: 'Success' })).json()).toEqual({
      status: 'recorded',
    });
    await report(CALLBACK_KEY, {
      id: 'ATXid_failed',
      status: 'Failed',
      failureReason: 'AbsentSubscriber',
      phoneNumber: '+256772000000',
    });
    expect(await statusOf(delivered)).toMatchObject({ status: 'delivered', deliveredAt: clock.now() });
    expect(await statusOf(failed)).toMatchObject({ status: 'failed', lastError: 'AbsentSubscriber' });
    // A late "Sent" after the final word changes nothing.
    expect((await report(CALLBACK_KEY, { id: 'ATXid_delivered', status: 'Failed' })).json()).toEqual({
      status: 'ignored',
    });
    expect((await statusOf(delivered))?.status).toBe('delivered');
  });

  it('answers 400 to a report without an id', async () => {
    expect((await report(CALLBACK_KEY, { status: 'Success' })).statusCode).toBe(400);
  });
});

describe('GET /api/messages/admin/users/:id/', () => {
  it('shows an admin what a user was sent, by which channel, and whether it arrived', async () => {
    const { borrower, application } = await pendingApplication();
    await decide(application.id, 'approve');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/messages/admin/users/${borrower.id}/`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((m: { channel: string; status: string }) => [m.channel, m.status])).toEqual(
      [
        ['inbox', 'delivered'],
        ['sms', 'queued'],
      ],
    );
  });
});

describe('installment reminders', () => {
  it('remind once per installment 3 days before and the day before, however many runs overlap', async () => {
    clock.set(kampala('2026-03-02T09:00:00'));
    const borrower = await t.userWithToken('borrower', { name: 'Akello Grace' });
    await t.db.database.db
      .update(users)
      .set({ phoneNumber: '+256772555010' })
      .where(eq(users.id, borrower.user.id));
    const adminUser = (await t.userWithToken('admin')).user;
    const loan = await makeLoan(t.services, {
      userId: borrower.user.id,
      adminId: adminUser.id,
      disbursedAt: kampala('2026-03-02T09:00:00'),
    });
    const remind = () => sendInstallmentReminders(t.services, clock.now());
    const reminders = async () =>
      (await messagesOf(borrower.user.id)).filter((m) => m.template === 'installment.due');

    // Installment 1 falls due Monday 9 March: Friday the 6th is 3 days before.
    clock.set(kampala('2026-03-05T09:00:00'));
    expect(await remind()).toBe(0);
    clock.set(kampala('2026-03-06T09:00:00'));
    // Two replicas' runs at the same moment, then a retry of the job: one reminder per channel.
    const written = await Promise.all([remind(), remind()]);
    await remind();
    expect(written.reduce((a, b) => a + b, 0)).toBe(2);
    const first = await reminders();
    expect(first.map((m) => m.channel)).toEqual(['sms', 'inbox']);
    expect(first[0]?.body).toMatch(
      new RegExp(
        `^Sente: Akello, installment 1 of loan ${loan.loanRef}, UGX [\\d,]+, is due on Mon 9 Mar\\. `,
      ),
    );
    clock.set(kampala('2026-03-08T09:00:00'));
    await Promise.all([remind(), remind()]);
    const all = await reminders();
    expect(all).toHaveLength(4);
    expect(all[2]?.body).toContain('is due tomorrow.');
    const inbox = await t.db.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, borrower.user.id));
    expect(inbox.filter((n) => n.kind === 'installment.due')).toHaveLength(2);
  });

  it("writes a job's messages batch by batch: a failure keeps the batches before it, and the next run writes only the rest", async () => {
    const people: { id: number }[] = [];
    for (const n of [1, 2, 3, 4, 5])
      people.push((await t.userWithToken('borrower', { name: `Batch Person ${n}` })).user);
    const requests = people.map((person, at) => ({
      userId: person.id,
      name: 'installment.due' as const,
      data: {
        name: 'Batch',
        loanRef: 'SL-2026-900001',
        installment: at + 1,
        amount: 10_000,
        when: 'tomorrow',
      },
      options: { dedupeKey: `batch-test:${person.id}` },
    }));
    const writtenFor = async () =>
      Promise.all(
        people.map(
          async (person) =>
            (await messagesOf(person.id)).filter((m) => m.template === 'installment.due').length,
        ),
      );
    // The fifth message's data is broken, so its template throws while the third batch is written.
    const broken = [...requests.slice(0, 4), { ...requests[4], data: undefined as never }];
    await expect(t.services.messages.sendInBatches(broken as typeof requests, 2)).rejects.toThrow(TypeError);
    const afterFailure = await writtenFor();
    const each = afterFailure[0] ?? 0;
    expect(each).toBeGreaterThan(0);
    expect(afterFailure).toEqual([each, each, each, each, 0]);

    // The job runs again with every message: the dedupe keys leave only the fifth to write.
    expect(await t.services.messages.sendInBatches(requests, 2)).toBe(each);
    expect(await writtenFor()).toEqual([each, each, each, each, each]);
  });
});
