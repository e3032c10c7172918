import { z } from 'zod';
import { ApiError, Id, IdParams, IsoDateTime, pageOf, pageQuery } from './common.ts';
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

/** The Enquiries inbox (issue 18): where the staff are with a message or a sign-up. */
export const EnquiryStatus = z.enum(['NEW', 'IN_PROGRESS', 'CLOSED']);
export type EnquiryStatus = z.infer<typeof EnquiryStatus>;
export const ENQUIRY_STATUS_LABELS: Readonly<Record<EnquiryStatus, string>> = {
  NEW: 'New',
  IN_PROGRESS: 'In progress',
  CLOSED: 'Closed',
};

const EnquiryHandling = {
  status: EnquiryStatus,
  assignee: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  notes: z.string().nullable(),
  updated_at: IsoDateTime.nullable(),
};

export const ContactMessageDto = z
  .object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
    topic: ContactTopic,
    message: z.string(),
    created_at: IsoDateTime,
    ...EnquiryHandling,
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
    ...EnquiryHandling,
    /** The lender account the invitation created. */
    invited_user_id: z.number().int().nullable(),
    invited_at: IsoDateTime.nullable(),
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
  summary: 'Messages sent from the Contact page, newest first, optionally of one status',
  tags: ['public-forms'],
  query: pageQuery(10).extend({ status: EnquiryStatus.optional() }),
  responses: { 200: pageOf(ContactMessageDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const listLenderInterest = route({
  method: 'GET',
  path: '/api/public/admin/lender-interest/',
  auth: 'admin',
  summary: 'Lender sign-ups from the Become a Lender page, newest first, optionally of one status',
  tags: ['public-forms'],
  query: pageQuery(10).extend({ status: EnquiryStatus.optional() }),
  responses: { 200: pageOf(LenderInterestDto), 400: ApiError, 401: ApiError, 403: ApiError },
});

/** What an admin changes on an enquiry: any of its status, assignee (an admin, or null) and notes. */
export const EnquiryUpdateBody = z
  .object({
    status: EnquiryStatus.optional(),
    assignee_id: Id.nullable().optional(),
    notes: z.string().trim().max(2000, 'At most 2000 characters').nullable().optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Change at least one of status, assignee_id or notes');

const enquiryResponses = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError } as const;

export const updateContactMessage = route({
  method: 'PATCH',
  path: '/api/public/admin/contact-messages/:id/',
  auth: 'admin',
  summary: "Set a contact message's status, assignee or notes (audited)",
  tags: ['public-forms'],
  params: IdParams,
  body: EnquiryUpdateBody,
  responses: { 200: ContactMessageDto, ...enquiryResponses },
});

export const updateLenderInterest = route({
  method: 'PATCH',
  path: '/api/public/admin/lender-interest/:id/',
  auth: 'admin',
  summary: "Set a lender sign-up's status, assignee or notes (audited)",
  tags: ['public-forms'],
  params: IdParams,
  body: EnquiryUpdateBody,
  responses: { 200: LenderInterestDto, ...enquiryResponses },
});

export const LenderInvitation = z
  .object({
    enquiry: LenderInterestDto,
    user_id: z.number().int(),
    /** The one-time link the person opens to choose a password; shown once, to the admin. */
    invitation_url: z.string(),
    expires_at: IsoDateTime,
  })
  .meta({ id: 'LenderInvitation' });

export const inviteLender = route({
  method: 'POST',
  path: '/api/public/admin/lender-interest/:id/invite/',
  auth: 'admin',
  summary: "Creates the sign-up's lender account and a one-time link to set its password (audited)",
  tags: ['public-forms'],
  params: IdParams,
  responses: { 201: LenderInvitation, ...enquiryResponses, 409: ApiError },
});

export const EnquiryCounts = z.object({
  contact_messages_new: z.number().int(),
  lender_interest_new: z.number().int(),
  total_new: z.number().int(),
});

export const enquiryCounts = route({
  method: 'GET',
  path: '/api/public/admin/enquiries/counts/',
  auth: 'admin',
  summary: 'How many contact messages and lender sign-ups are new, for the sidebar',
  tags: ['public-forms'],
  responses: { 200: EnquiryCounts, 401: ApiError, 403: ApiError },
});

export const publicFormsRoutes = {
  submitContactMessage,
  submitLenderInterest,
  listContactMessages,
  listLenderInterest,
  updateContactMessage,
  updateLenderInterest,
  inviteLender,
  enquiryCounts,
} as const;
