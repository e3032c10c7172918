import { type ContactMessageBody, HONEYPOT_FIELD, type LenderInterestBody } from '@sente/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
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

export function createPublicFormsService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    async submitContactMessage(body: ParsedContact): Promise<{ stored: boolean }> {
      if (isSpam(body)) return { stored: false };
      await insertContactMessage(db, {
        name: body.name,
        email: body.email.toLowerCase(),
        phoneNumber: emptyToNull(body.phone_number),
        topic: body.topic,
        message: body.message,
        createdAt: clock.now(),
      });
      return { stored: true };
    },

    async submitLenderInterest(body: ParsedLender): Promise<{ stored: boolean }> {
      if (isSpam(body)) return { stored: false };
      await insertLenderInterest(db, {
        name: body.name,
        email: body.email.toLowerCase(),
        phoneNumber: body.phone_number,
        lenderType: body.lender_type,
        organisation: emptyToNull(body.organisation),
        investmentRange: body.investment_range,
        message: emptyToNull(body.message),
        createdAt: clock.now(),
      });
      return { stored: true };
    },
  };
}
export type PublicFormsService = ReturnType<typeof createPublicFormsService>;
