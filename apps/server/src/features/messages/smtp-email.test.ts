import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../../test/smtp-capture.ts';
import { createSmtpEmail, simpleHtml } from './smtp-email.ts';

let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});

describe('e-mail through SMTP', () => {
  it('delivers plain text and simple HTML with the outbox id in the Message-ID', async () => {
    const email = createSmtpEmail({ url: smtp.url, from: 'Sente <no-reply@sente.ug>' });
    const text = 'Dear Grace,\n\nYour lender account is verified.\n\nThe Sente team';
    const outcome = await email.send({
      idempotencyKey: 'sente-message-42',
      to: 'grace@example.ug',
      subject: 'Your Sente lender account is verified',
      text,
      html: simpleHtml('Your Sente lender account is verified', text),
    });
    await email.close?.();
    expect(outcome).toEqual({ providerMessageId: '<sente-message-42@sente.ug>', isDelivered: false });
    expect(smtp.arrived).toHaveLength(1);
    const [mail] = smtp.arrived;
    expect(mail?.from).toBe('no-reply@sente.ug');
    expect(mail?.to).toEqual(['grace@example.ug']);
    expect(mail?.raw).toContain('Message-ID: <sente-message-42@sente.ug>');
    expect(mail?.raw).toContain('Subject: Your Sente lender account is verified');
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.raw).toContain('Your lender account is verified.');
  });

  it('fails the send when the server refuses the recipient, so the outbox retries it', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(new Error('Mailbox unavailable'));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const refusingPort = (refusing.server.address() as AddressInfo).port;
    const email = createSmtpEmail({
      url: `smtp://127.0.0.1:${refusingPort}`,
      from: 'Sente <no-reply@sente.ug>',
    });
    await expect(
      email.send({
        idempotencyKey: 'sente-message-43',
        to: 'nobody@example.ug',
        subject: 'x',
        text: 'x',
        html: null,
      }),
    ).rejects.toThrow(/Mailbox unavailable/);
    await email.close?.();
    await new Promise<void>((resolve) => refusing.close(() => resolve()));
  });

  it('escapes what it puts into the HTML', () => {
    expect(simpleHtml('A <b>', 'Fish & chips\n<script>')).toContain(
      '<p>Fish &amp; chips<br>&lt;script&gt;</p>',
    );
  });
});
