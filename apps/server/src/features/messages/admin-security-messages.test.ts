import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplication, insertLoanType } from '../../../test/lending-factories.ts';
import { completedRepayment, idempotencyKey } from '../../../test/money-helpers.ts';
import { decodedQuotedPrintable, type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { bearer, createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/test-app.ts';
import { fixedClock } from '../../clock.ts';
import {
  loanInstallments,
  messages,
  platformTransactions,
  simulatedSms,
  users,
} from '../../db/schema/index.ts';
import type { TemplateName } from './message-templates.ts';

// Admin alerts and security messages (docs/notifications.md): each written with its event, exactly once,
// and e-mails read back from a real SMTP server started here.
const kampala = (iso: string) => new Date(`${iso}+03:00`);
const clock = fixedClock(kampala('2026-03-02T10:00:00'));

let smtp: SmtpCapture;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({
    clock,
    config: {
      messages: {
        sms: { provider: 'simulator' },
        callbackKey: null,
        smtp: { url: smtp.url, from: 'Sente <no-reply@sente.ug>' },
        deliveryIntervalMs: 5_000,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const db = () => t.db.database.db;
const messagesOf = (userId: number, template?: TemplateName) =>
  db()
    .select()
    .from(messages)
    .where(and(eq(messages.userId, userId), template ? eq(messages.template, template) : undefined))
    .orderBy(messages.id);
const channelsOf = async (userId: number, template: TemplateName) =>
  (await messagesOf(userId, template)).map((m) => m.channel);
const mailTo = (email: string) =>
  smtp.arrived
    .filter((mail) => mail.to.includes(email))
    .map((mail) => ({ ...mail, raw: decodedQuotedPrintable(mail.raw) }));

/** Active admins for a test, plus one whose account is inactive and so hears nothing. */
async function adminsForTest() {
  const active = [await t.userWithToken('admin'), await t.userWithToken('admin')].map((a) => a.user);
  const inactive = (await t.userWithToken('admin')).user;
  await db().update(users).set({ status: 'Inactive' }).where(eq(users.id, inactive.id));
  return { active, inactive };
}

describe('admin: a new enquiry', () => {
  it('writes one e-mail and one inbox message for every active admin when a contact message is stored, and e-mails it', async () => {
    const { active, inactive } = await adminsForTest();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/contact/',
      remoteAddress: '10.9.0.1',
      payload: {
        name: 'Grace Nakato',
        email: 'grace@example.ug',
        topic: 'borrowing',
        message: 'I run a hardware shop in Ntinda and would like a working capital loan.',
      },
    });
    expect(res.statusCode).toBe(201);
    for (const admin of active)
      expect(await channelsOf(admin.id, 'admin.new-enquiry')).toEqual(['email', 'inbox']);
    expect(await messagesOf(inactive.id)).toEqual([]);
    const [email] = await messagesOf(active[0]?.id ?? 0, 'admin.new-enquiry');
    expect(email?.subject).toBe('Sente: new contact message from Grace Nakato');
    expect(email?.body).toContain('hardware shop in Ntinda');

    await t.services.messages.deliverDue();
    const [mail, ...more] = mailTo(active[0]?.email ?? '');
    expect(more).toEqual([]);
    expect(mail?.raw).toContain('Subject: Sente: new contact message from Grace Nakato');
  });

  it('alerts admins of a lender sign-up, writes nothing for a spam-trap submission, and never twice for one enquiry', async () => {
    const { active } = await adminsForTest();
    const [first] = active;
    if (!first) throw new Error('no admin');
    const lender = {
      name: 'Daniel Okello',
      email: 'daniel@okello-capital.ug',
      phone_number: '256701234567',
      lender_type: 'company',
      organisation: 'Okello Capital Ltd',
      investment_range: '20m_100m',
    };
    const spam = await t.app.inject({
      method: 'POST',
      url: '/api/public/lender-interest/',
      remoteAddress: '10.9.0.2',
      payload: { ...lender, website: 'http://spam.example' },
    });
    expect(spam.statusCode).toBe(201);
    expect(await messagesOf(first.id)).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/lender-interest/',
      remoteAddress: '10.9.0.3',
      payload: lender,
    });
    expect(res.statusCode).toBe(201);
    const written = await messagesOf(first.id, 'admin.new-enquiry');
    expect(written.map((m) => m.channel)).toEqual(['email', 'inbox']);
    expect(written[1]?.subject).toBe('New lender sign-up');
    expect(written[1]?.body).toContain('Daniel Okello, Okello Capital Ltd (company, 20m_100m)');
    // The same enquiry announced again (a retried transaction) adds nothing.
    const dedupeKey = written[0]?.dedupeKey?.replace(/:\d+$/, '') ?? '';
    expect(dedupeKey).toMatch(/^lender-interest:\d+$/);
    await db().transaction((tx) =>
      t.services.messages.sendToAdmins(
        tx,
        'admin.new-enquiry',
        { kind: 'lender-interest', name: 'Daniel Okello', topic: 'company', message: null },
        { dedupeKey },
      ),
    );
    expect(await channelsOf(first.id, 'admin.new-enquiry')).toEqual(['email', 'inbox']);
  });
});

describe('admin: a payment that needs attention', () => {
  it('tells every active admin once, with the loan reference, when a repayment is parked in suspense', async () => {
    const { active } = await adminsForTest();
    const [admin] = active;
    if (!admin) throw new Error('no admin');
    await t.services.capital.payIn({
      amount: 5_000_000,
      idempotencyKey: idempotencyKey('capital'),
      reference: 'test capital',
      adminId: null,
    });
    const borrower = await t.userWithToken('borrower', { phoneNumber: '0772123456' });
    const type = await insertLoanType(db(), { minAmount: 100_000, maxAmount: 10_000_000 });
    const application = await insertApplication(db(), {
      userId: borrower.user.id,
      loanTypeId: type.id,
      amountRequested: 1_000_000,
      loanTermMonths: 3,
    });
    const disbursed = await t.app.inject({
      method: 'POST',
      url: `/api/loans/applications/${application.id}/disburse/`,
      headers: { ...bearer((await t.userWithToken('admin')).token), 'idempotency-key': idempotencyKey('d') },
    });
    expect(disbursed.statusCode).toBe(201);
    const loanId = disbursed.json().id as number;
    const loanRef = disbursed.json().loan_id as string;
    expect(loanRef).toMatch(/^SL-\d{4}-\d{6}$/);
    // A schedule that disagrees with its loan: the allocation fails and the money waits in suspense.
    await db()
      .update(loanInstallments)
      .set({ interestPaid: 0, interestDue: 0, principalDue: 0 })
      .where(eq(loanInstallments.loanId, loanId));
    const { payment } = await completedRepayment(t, { loanId, userId: borrower.user.id, amount: 50_000 });
    // The settlement's answer carries the flag, as the committed row does.
    expect(payment.attentionAt).toBeInstanceOf(Date);
    const [flagged] = await db()
      .select()
      .from(platformTransactions)
      .where(eq(platformTransactions.id, payment.id));
    expect(flagged?.attentionAt).toEqual(payment.attentionAt);

    for (const each of active) {
      expect(await channelsOf(each.id, 'admin.payment-attention')).toEqual(['email', 'inbox']);
    }
    const [, inbox] = await messagesOf(admin.id, 'admin.payment-attention');
    expect(inbox?.body).toMatch(
      new RegExp(
        `^Payment #${payment.id} of UGX 50,000 for loan ${loanRef} waits in suspense: Allocation failed`,
      ),
    );
    // Flagged again (a retried settlement): nothing more.
    await db().transaction((tx) => t.services.payments.flagForAttention(tx, payment, 'again'));
    expect(await channelsOf(admin.id, 'admin.payment-attention')).toEqual(['email', 'inbox']);
    expect(await messagesOf(borrower.user.id, 'admin.payment-attention')).toEqual([]);
  });
});

describe('security: a new sign-in to an admin account', () => {
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login/',
      remoteAddress: '41.210.140.7',
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' },
      payload: { email, password },
    });

  it('e-mails the admin and writes their inbox, with the time, address and browser, once per sign-in', async () => {
    clock.set(kampala('2026-03-02T14:05:00'));
    const { user } = await t.userWithToken('admin');
    expect((await login(user.email, 'not-the-password')).statusCode).toBe(401);
    expect(await messagesOf(user.id, 'security.admin-sign-in')).toEqual([]);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const written = await messagesOf(user.id, 'security.admin-sign-in');
    expect(written.map((m) => m.channel)).toEqual(['email', 'inbox']);
    expect(written[1]?.body).toBe(
      'Signed in 2 Mar 14:05 from 41.210.140.7 (Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0). If this was not you, change your password now and tell another admin.',
    );
    await t.services.messages.deliverDue();
    const [mail] = mailTo(user.email);
    expect(mail?.raw).toContain('Subject: New sign-in to your Sente admin account');
    expect(mail?.raw).toContain('From address: 41.210.140.7');
    expect(mail?.raw).toContain('If this was not you');
    expect(mail?.raw).not.toContain(TEST_PASSWORD);

    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await channelsOf(user.id, 'security.admin-sign-in')).toEqual(['email', 'inbox', 'email', 'inbox']);
  });

  it('writes nothing when a borrower signs in', async () => {
    const { user } = await t.userWithToken('borrower');
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect(await messagesOf(user.id)).toEqual([]);
  });
});

describe('security: repeated failed sign-ins', () => {
  it('e-mails the account owner after repeated failures, once a window, without the guessed password', async () => {
    clock.set(kampala('2026-03-03T09:00:00'));
    const { user } = await t.userWithToken('lender');
    const guess = (i: number, from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login/',
        remoteAddress: from,
        payload: { email: user.email, password: `Secret-Guess-${i}` },
      });
    for (let i = 0; i < 4; i++) await guess(i, `197.239.7.${i}`);
    expect(await messagesOf(user.id)).toEqual([]);
    await guess(4, '197.239.7.9');
    expect(await channelsOf(user.id, 'security.sign-in-failures')).toEqual(['email', 'inbox']);
    await t.services.messages.deliverDue();
    const [mail, ...more] = mailTo(user.email);
    expect(more).toEqual([]);
    expect(mail?.raw).toContain('Subject: Failed sign-in attempts on your Sente account');
    expect(mail?.raw).toContain(
      'wrong password for your Sente account 5 times in the last hour, from 5 addresses',
    );
    expect(mail?.raw).not.toMatch(/Secret-Guess/);

    // More failures in the same window: no second e-mail.
    for (let i = 5; i < 9; i++) await guess(i, `197.239.8.${i}`);
    await t.services.messages.deliverDue();
    expect(mailTo(user.email)).toHaveLength(1);
    expect(await channelsOf(user.id, 'security.sign-in-failures')).toEqual(['email', 'inbox']);
  });
});

describe('security: a password reset link', () => {
  it('e-mails the link to the user when an admin makes one, only by e-mail, and blanks its token once sent', async () => {
    const admin = await t.userWithToken('admin');
    const { user } = await t.userWithToken('borrower');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/admin/users/${user.id}/reset-password/`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(201);
    const resetUrl = res.json().reset_url as string;
    const written = await messagesOf(user.id);
    expect(written.map((m) => [m.template, m.channel])).toEqual([['security.password-reset', 'email']]);
    expect(written[0]?.body).toContain(resetUrl);

    await t.services.messages.deliverDue();
    const [mail] = mailTo(user.email);
    expect(mail?.raw).toContain('Subject: Reset your Sente password');
    expect(mail?.raw).toContain(resetUrl);
    const [sent] = await messagesOf(user.id);
    expect(sent?.status).toBe('sent');
    expect(sent?.body).not.toContain(new URL(resetUrl).searchParams.get('token'));
    expect(sent?.body).toContain('token=[removed after sending]');
    expect(sent?.html).not.toContain(new URL(resetUrl).searchParams.get('token'));
  });
});

describe('security: the phone verification code', () => {
  let phoneSequence = 0;
  const signUp = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register/',
      payload: {
        role: 'borrower',
        name: 'Nakato Sarah',
        email: `code-${++phoneSequence}-${Date.now()}@example.ug`,
        phone_number: `+25677${String(5_000_000 + phoneSequence).padStart(7, '0')}`,
        password: 'a-long-secret-1',
      },
    });
  const smsTo = (phone: string) => db().select().from(simulatedSms).where(eq(simulatedSms.toNumber, phone));

  it('goes through the outbox and reaches the phone within the sign-up, even in the quiet hours, then is blanked', async () => {
    clock.set(kampala('2026-03-03T23:30:00'));
    const res = await signUp();
    expect(res.statusCode).toBe(201);
    const { id, phone_number: phone } = res.json().user as { id: number; phone_number: string };
    const written = await messagesOf(id);
    expect(written.map((m) => [m.template, m.channel, m.category, m.status])).toEqual([
      ['security.phone-code', 'sms', 'security', 'delivered'],
    ]);
    const [sms, ...more] = await smsTo(phone);
    expect(more).toEqual([]);
    const code = /code is (\d{6})\./.exec(sms?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(sms?.idempotencyKey).toBe(`sente-message-${written[0]?.id}`);
    // The outbox keeps no live code: an admin reading the Messages tab cannot confirm the phone.
    expect(written[0]?.body).not.toContain(code);
    expect(written[0]?.body).toBe(
      'Sente: your code is [removed after sending]. It expires in 10 minutes. Never share it with anyone, not even Sente staff.',
    );
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/phone/verify/',
      headers: bearer(res.json().access),
      payload: { code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('stays queued when the SMS gateway fails (POST /api/simulator/sms/failures/), and the delivery job sends it once', async () => {
    clock.set(kampala('2026-03-04T10:00:00'));
    const admin = await t.userWithToken('admin');
    const failing = await t.app.inject({
      method: 'POST',
      url: '/api/simulator/sms/failures/',
      headers: bearer(admin.token),
      payload: { count: 1, reason: 'Gateway down for the test' },
    });
    expect(failing.statusCode).toBe(200);
    expect(failing.json()).toEqual({ failing_next: 1 });
    const res = await signUp();
    expect(res.statusCode).toBe(201);
    const { id, phone_number: phone } = res.json().user as { id: number; phone_number: string };
    const [queued] = await messagesOf(id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Gateway down for the test' });
    expect(await smsTo(phone)).toEqual([]);

    clock.advance(60_000);
    expect((await t.services.messages.deliverDue()).sent).toBe(1);
    await t.services.messages.deliverDue();
    expect(await smsTo(phone)).toHaveLength(1);
    const [after] = await messagesOf(id);
    expect(after).toMatchObject({ status: 'delivered', attempts: 2 });
  });
});

describe('POST /api/simulator/sms/failures/', () => {
  it('answers 403 to anyone but an admin and 400 to a count out of range, changing nothing', async () => {
    const lender = await t.userWithToken('lender');
    const asLender = await t.app.inject({
      method: 'POST',
      url: '/api/simulator/sms/failures/',
      headers: bearer(lender.token),
      payload: { count: 1 },
    });
    expect(asLender.statusCode).toBe(403);
    const admin = await t.userWithToken('admin');
    for (const count of [0, 51, 1.5]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/simulator/sms/failures/',
        headers: bearer(admin.token),
        payload: { count },
      });
      expect(bad.statusCode).toBe(400);
    }
    // Nothing was queued: the next send goes through.
    const phone = '+256772000123';
    await t.services.simulatorSms.deliver({ idempotencyKey: 'route-check', to: phone, text: 'hello' });
    expect(
      await db()
        .select()
        .from(simulatedSms)
        .where(inArray(simulatedSms.toNumber, [phone])),
    ).toHaveLength(1);
  });

  it('does not exist when Africa’s Talking is the SMS provider', async () => {
    const real = await createTestApp({
      config: {
        messages: {
          sms: {
            provider: 'africastalking',
            baseUrl: 'http://127.0.0.1:9',
            username: 'sandbox',
            apiKey: 'key',
            senderId: null,
          },
          callbackKey: 'delivery-report-key-that-is-long-enough-0123',
          smtp: null,
          deliveryIntervalMs: 5_000,
        },
      },
    });
    try {
      const admin = await real.userWithToken('admin');
      for (const [method, url] of [
        ['POST', '/api/simulator/sms/failures/'],
        ['GET', '/api/simulator/sms/'],
      ] as const) {
        const res = await real.app.inject({
          method,
          url,
          headers: bearer(admin.token),
          ...(method === 'POST' ? { payload: { count: 1 } } : {}),
        });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await real.close();
    }
  });
});
