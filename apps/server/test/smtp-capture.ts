import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ArrivedMail {
  readonly from: string;
  readonly to: string[];
  /** The message as it came over the wire (headers, quoted-printable body). */
  readonly raw: string;
}

export interface SmtpCapture {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL or createSmtpEmail. */
  readonly url: string;
  /** Every message received, in order. */
  readonly arrived: ArrivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on a free port that keeps what it receives: e-mail in tests goes over the
 * wire as it would to the operator's server.
 */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const arrived: ArrivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrived.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    arrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Quoted-printable undone (soft line breaks, =3D), so a long line can be searched whole. */
export function decodedQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
