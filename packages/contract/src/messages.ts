import { z } from 'zod';
import { ApiError, IdParams, IsoDateTime, pageOf, pageQuery, Text } from './common.ts';
import { route } from './route.ts';

/** One message of the outbox as the back-office shows it on the user's Messages tab. */
export const SentMessage = z
  .object({
    id: z.number().int(),
    template: z.string(),
    channel: z.enum(['sms', 'email', 'inbox']),
    category: z.string(),
    /** The phone number or e-mail address it went to; null for the in-app inbox. */
    recipient: z.string().nullable(),
    subject: z.string().nullable(),
    body: z.string(),
    status: z.enum(['queued', 'sending', 'sent', 'delivered', 'failed']),
    attempts: z.number().int(),
    /** Why it failed, or the error of the last try while it waits for the next. */
    error: z.string().nullable(),
    created_at: IsoDateTime,
    /** Not before: quiet hours hold SMS until 07:00 Kampala; a failed try waits here. */
    not_before: IsoDateTime,
    sent_at: IsoDateTime.nullable(),
    delivered_at: IsoDateTime.nullable(),
  })
  .meta({ id: 'SentMessage' });
export type SentMessage = z.infer<typeof SentMessage>;

export const MessagePreferences = z
  .object({
    /** News and offers. Security, payment and account messages cannot be turned off. */
    marketing: z.boolean(),
    /** Daily and monthly summaries (lenders' repayment digest and statement). */
    digests: z.boolean(),
  })
  .meta({ id: 'MessagePreferences' });
export type MessagePreferences = z.infer<typeof MessagePreferences>;

export const listUserMessages = route({
  method: 'GET',
  path: '/api/messages/admin/users/:id/',
  auth: 'admin',
  summary: 'What Sente sent a user, newest first: by which channel, when, delivered or failed and why',
  tags: ['messages'],
  params: IdParams,
  query: pageQuery(20),
  responses: { 200: pageOf(SentMessage), 400: ApiError, 401: ApiError, 403: ApiError },
});

export const getMessagePreferences = route({
  method: 'GET',
  path: '/api/messages/preferences/',
  auth: 'user',
  summary: 'Which optional messages the signed-in user receives',
  tags: ['messages'],
  responses: { 200: MessagePreferences, 401: ApiError },
});

export const updateMessagePreferences = route({
  method: 'PUT',
  path: '/api/messages/preferences/',
  auth: 'user',
  summary: 'Turn marketing messages and digests on or off (security and payment messages always go)',
  tags: ['messages'],
  body: MessagePreferences.strict(),
  responses: { 200: MessagePreferences, 400: ApiError, 401: ApiError },
});

/** Africa's Talking posts delivery reports form-encoded; `key` is the secret in the callback URL. */
export const smsDeliveryReport = route({
  method: 'POST',
  path: '/api/messages/delivery-reports/africastalking/',
  auth: 'public',
  summary: "Africa's Talking delivery report for an SMS (callback; the URL carries a secret key)",
  tags: ['messages'],
  query: z.object({ key: Text.pipe(z.string().min(1).max(200)) }),
  body: z.object({
    id: z.string().min(1).max(200),
    status: z.string().min(1).max(50),
    phoneNumber: z.string().max(30).optional(),
    networkCode: z.string().max(20).optional(),
    failureReason: z.string().max(200).optional(),
    retryCount: z.string().max(10).optional(),
  }),
  responses: { 200: z.object({ status: z.enum(['recorded', 'ignored']) }), 400: ApiError, 401: ApiError },
});

export const messagesRoutes = {
  listUserMessages,
  getMessagePreferences,
  updateMessagePreferences,
  smsDeliveryReport,
} as const;
