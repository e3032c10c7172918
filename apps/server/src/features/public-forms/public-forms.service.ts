import { type ContactMessageBody, HONEYPOT_FIELD, type LenderInterestBody } from '@sente/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import { insertContactMessage, insertLenderInterest } from './public-forms.repo.ts';

type ParsedContact = z.output<typeof ContactMessageBody>;
type ParsedLender = z.output<typeof LenderInterestBody>;

/** What the forms answer, whether the message was kept or dropped as spam (the bot cannot tell). */
export const CONTACT_RECEIVED =
  "Thank you. We've received your message and will reply within one working day.";
export const LENDER_RECEIVED =
  'Thank you for your interest in lending with Sente. Our lender team will call you within two working days.';

/** A filled spam trap marks a bot: it gets the usual answer and nothing is stored. */
function isSpam(body: { readonly [HONEYPOT_FIELD]?: string | undefined }): boolean {
  return (body[HONEYPOT_FIELD] ?? '').trim() !== '';
}

const emptyToNull = (value: string | undefined): string | null => (value ? value : null);

/**
 * The public forms. A stored enquiry and the admins' alert of it (e-mail and inbox, docs/notifications.md)
 * are one unit of work: an enquiry nobody hears of cannot happen.
 */
export function createPublicFormsService({
  db,
  clock,
  messages,
}: {
  db: Db;
  clock: Clock;
  messages: Pick<MessagesService, 'sendToAdmins'>;
}) {
  return {
    async submitContactMessage(body: ParsedContact): Promise<{ stored: boolean }> {
      if (isSpam(body)) return { stored: false };
      await db.transaction(async (tx) => {
        const id = await insertContactMessage(tx, {
          name: body.name,
          email: body.email.toLowerCase(),
          phoneNumber: emptyToNull(body.phone_number),
          topic: body.topic,
          message: body.message,
          createdAt: clock.now(),
        });
        await messages.sendToAdmins(
          tx,
          'admin.new-enquiry',
          { kind: 'contact', name: body.name, topic: body.topic, message: body.message },
          { dedupeKey: `contact-message:${id}` },
        );
      });
      return { stored: true };
    },

    async submitLenderInterest(body: ParsedLender): Promise<{ stored: boolean }> {
      if (isSpam(body)) return { stored: false };
      await db.transaction(async (tx) => {
        const id = await insertLenderInterest(tx, {
          name: body.name,
          email: body.email.toLowerCase(),
          phoneNumber: body.phone_number,
          lenderType: body.lender_type,
          organisation: emptyToNull(body.organisation),
          investmentRange: body.investment_range,
          message: emptyToNull(body.message),
          createdAt: clock.now(),
        });
        await messages.sendToAdmins(
          tx,
          'admin.new-enquiry',
          {
            kind: 'lender-interest',
            name: body.organisation ? `${body.name}, ${body.organisation}` : body.name,
            topic: `${body.lender_type}, ${body.investment_range}`,
            message: emptyToNull(body.message),
          },
          { dedupeKey: `lender-interest:${id}` },
        );
      });
      return { stored: true };
    },
  };
}
export type PublicFormsService = ReturnType<typeof createPublicFormsService>;
