/** E-mail through any SMTP server the operator names (nodemailer), plain text plus simple HTML. */
import nodemailer from 'nodemailer';
import type { MessageProvider } from './message-providers.ts';

export interface SmtpConfig {
  /** smtp://user:pass@host:587 or smtps://… */
  readonly url: string;
  /** "Sente <no-reply@sente.ug>" */
  readonly from: string;
}

export function createSmtpEmail(config: SmtpConfig): MessageProvider {
  const transport = nodemailer.createTransport(config.url);
  const domain = config.from.match(/@([^>\s]+)/)?.[1] ?? 'sente.local';
  return {
    name: 'smtp',
    // SMTP has no idempotency key; the Message-ID lets mail systems spot a repeat, but the outbox
    // still never repeats a try whose outcome it did not record.
    isIdempotent: false,
    async send(message) {
      const messageId = `<${message.idempotencyKey}@${domain}>`;
      await transport.sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject ?? 'Sente',
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        messageId,
      });
      return { providerMessageId: messageId, isDelivered: false };
    },
    async close() {
      transport.close();
    },
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** The plain text as simple HTML: escaped, paragraphs kept, nothing remote (no images, no tracking). */
export function simpleHtml(subject: string, text: string): string {
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif;line-height:1.5;max-width:36em">\n${paragraphs}\n</body></html>`;
}
