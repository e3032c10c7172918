/**
 * What every template is made of, and the helpers that keep texts short: apart from
 * message-templates.ts so the per-area template files (templates/) can use them without an import
 * cycle.
 */
import { formatUgx } from '@sente/contract';

/** What a user may turn off (marketing, digest) and what quiet hours hold (all but security). */
export type MessageCategory = 'security' | 'payment' | 'service' | 'marketing' | 'digest';
export type Channel = 'sms' | 'email' | 'inbox';

export interface RenderedEmail {
  readonly subject: string;
  readonly text: string;
}
export interface RenderedInbox {
  readonly title: string;
  readonly message: string;
}

export interface MessageTemplate<Data> {
  readonly category: MessageCategory;
  /** Who it is for, for the docs and the admin's Messages tab. */
  readonly audience: 'borrower' | 'lender' | 'admin' | 'anyone';
  readonly sms?: (data: Data) => string;
  readonly email?: (data: Data) => RenderedEmail;
  readonly inbox?: (data: Data) => RenderedInbox;
  /** Blanks the secret (a code, a link's token) in the stored text once the provider has it. */
  readonly blankSecret?: (text: string) => string;
}

/** Shortens free text (an admin's reason) to `max` characters on a word boundary. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 3);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}...`;
}

/** First name only: SMS is short, and a full name on a lock screen tells others too much. */
export function firstName(name: string): string {
  return clip(name.trim().split(/\s+/)[0] ?? '', 15);
}

export const money = (amount: number) => formatUgx(amount);
