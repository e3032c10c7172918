import { z } from 'zod';
import { ApiError, IsoDateTime, pageOf, pageQuery } from './common.ts';
import { normalizeUgandanMobile, UGANDAN_MOBILE_MESSAGE } from './phone.ts';
import { route } from './route.ts';

/**
 * The public site's two forms: Contact and Become a Lender. The web client validates with these same
 * schemas before it sends, so a visitor sees the server's messages without a round trip.
 */

/** A Ugandan mobile number, kept as +2567XXXXXXXX (decisions.md, Uganda formats). */
export const UgandanPhone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const phone = normalizeUgandanMobile(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: UGANDAN_MOBILE_MESSAGE });
    return z.NEVER;
  });

/** The same, but an empty answer means "no phone number". */
const OptionalUgandanPhone = z
  .string()
  .trim()
  .transform((value, ctx) => {
    if (value === '') return undefined;
    const phone = normalizeUgandanMobile(value);
    if (phone) return phone;
    ctx.addIssue({ code: 'custom', message: UGANDAN_MOBILE_MESSAGE });
    return z.NEVER;
  })
  .optional();

const PersonName = z
  .string()
  .trim()
  .min(2, 'Enter your full name')
  .max(100, 'Keep your name under 100 characters');
const Email = z
  .string()
  .trim()
  .min(1, 'Enter your email address')
  .max(254, 'Keep the email address under 254 characters')
  .email('Enter a valid email address like name@example.com');

/**
 * The spam trap: a field people never see (hidden from view and from assistive technology).
 * Anything in it marks the sender as a bot; the server answers as usual and stores nothing.
 */
export const HONEYPOT_FIELD = 'website';
const Honeypot = z.string().max(500).optional();

export const ContactTopic = z.enum(['borrowing', 'lending', 'repayment', 'partnership', 'other']);
export type ContactTopic = z.infer<typeof ContactTopic>;

export const ContactMessageBody = z.object({
  name: PersonName,
  email: Email,
  phone_number: OptionalUgandanPhone,
  topic: ContactTopic,
  message: z
    .string()
    .trim()
    .min(10, 'Tell us a little more: at least 10 characters')
    .max(2000, 'Keep the message under 2,000 characters'),
  [HONEYPOT_FIELD]: Honeypot,
});
export type ContactMessageBody = z.input<typeof ContactMessageBody>;

export const LenderType = z.enum(['individual', 'company', 'sacco', 'investment_club']);
export type LenderType = z.infer<typeof LenderType>;
export const InvestmentRange = z.enum(['under_5m', '5m_20m', '20m_100m', 'over_100m']);
export type InvestmentRange = z.infer<typeof InvestmentRange>;

export const LenderInterestBody = z.object({
  name: PersonName,
  email: Email,
  phone_number: UgandanPhone,
  lender_type: LenderType,
  organisation: z.string().trim().max(150, 'Keep the organisation name under 150 characters').optional(),
  investment_range: InvestmentRange,
  message: z.string().trim().max(2000, 'Keep the message under 2,000 characters').optional(),
  [HONEYPOT_FIELD]: Honeypot,
});
export type LenderInterestBody = z.input<typeof LenderInterestBody>;

export const FormReceived = z.object({ message: z.string() });

export const ContactMessageDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    topic: ContactTopic,
    message: z.string(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'ContactMessage' });
export type ContactMessageDto = z.infer<typeof ContactMessageDto>;

export const LenderInterestDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    lender_type: LenderType,
    organisation: z.string().nullable(),
    investment_range: InvestmentRange,
    message: z.string().nullable(),
    created_at: IsoDateTime,
  })
  .meta({ id: 'LenderInterest' });
export type LenderInterestDto = z.infer<typeof LenderInterestDto>;

export const submitContactMessage = route({
  method: 'POST',
  path: '/api/public/contact/',
  auth: 'public',
  summary: 'Send a message from the public Contact page',
  tags: ['public-forms'],
  body: ContactMessageBody,
  responses: { 201: FormReceived, 400: ApiError, 429: ApiError },
});

export const submitLenderInterest = route({
  method: 'POST',
  path: '/api/public/lender-interest/',
  auth: 'public',
  summary: 'Register interest in lending from the public Become a Lender page',
  tags: ['public-forms'],
  body: LenderInterestBody,
  responses: { 201: FormReceived, 400: ApiError, 429: ApiError },
});

export const listContactMessages = route({
  method: 'GET',
  path: '/api/public/admin/contact-messages/',
  auth: 'admin',
  summary: 'Messages sent from the Contact page, newest first',
  tags: ['public-forms'],
  query: pageQuery(10),
  responses: { 200: pageOf(ContactMessageDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const listLenderInterest = route({
  method: 'GET',
  path: '/api/public/admin/lender-interest/',
  auth: 'admin',
  summary: 'Lender sign-ups from the Become a Lender page, newest first',
  tags: ['public-forms'],
  query: pageQuery(10),
  responses: { 200: pageOf(LenderInterestDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const publicFormsRoutes = {
  submitContactMessage,
  submitLenderInterest,
  listContactMessages,
  listLenderInterest,
} as const;
