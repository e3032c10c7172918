import { z } from 'zod';
import { LoginAnswer, SignedInUser } from './auth.ts';
import { ApiError, IsoDateTime, pageOf, pageQuery, Text, UgxString } from './common.ts';
import { route } from './route.ts';

/**
 * Self-service accounts (docs/accounts.md): a borrower or lender signs up in the app, confirms the
 * phone with a code sent by SMS, and may then apply or bid. Admins are only ever made by admins.
 */

export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MINUTES = 10;
export const PHONE_CODE_MAX_TRIES = 5;

export const RegisterBody = z
  .object({
    role: z.enum(['borrower', 'lender'], { error: 'Choose borrower or lender' }),
    name: z.string().max(200),
    email: z.string().max(254),
    phone_number: z.string().max(40),
    password: z.string().max(256),
  })
  .strict();
export type RegisterBody = z.infer<typeof RegisterBody>;

/** Where the phone confirmation stands: when the code sent last expires and when another may be sent. */
export const PhoneCodeState = z
  .object({
    phone_number: z.string(),
    expires_at: IsoDateTime,
    resend_after: IsoDateTime,
    tries_left: z.number().int(),
  })
  .meta({ id: 'PhoneCodeState' });
export type PhoneCodeState = z.infer<typeof PhoneCodeState>;

export const Registered = LoginAnswer.extend({ phone_code: PhoneCodeState }).meta({ id: 'Registered' });
export type Registered = z.infer<typeof Registered>;

export const PhoneCodeBody = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'Enter the 6-digit code from the SMS'),
  })
  .strict();

export const register = route({
  method: 'POST',
  path: '/api/auth/register/',
  auth: 'public',
  summary: 'Sign up as a borrower or lender; signs in and sends a 6-digit code to the phone by SMS',
  tags: ['accounts'],
  body: RegisterBody,
  responses: { 201: Registered, 400: ApiError, 409: ApiError, 429: ApiError },
});

export const phoneCodeState = route({
  method: 'GET',
  path: '/api/auth/phone/',
  auth: 'user',
  summary: "Where the signed-in user's phone confirmation stands (404 when no code is waiting)",
  tags: ['accounts'],
  responses: { 200: PhoneCodeState, 401: ApiError, 404: ApiError },
});

export const verifyPhone = route({
  method: 'POST',
  path: '/api/auth/phone/verify/',
  auth: 'user',
  summary: 'Confirm the phone with the code sent by SMS (10 minutes, 5 tries)',
  tags: ['accounts'],
  body: PhoneCodeBody,
  responses: { 200: SignedInUser, 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError },
});

export const resendPhoneCode = route({
  method: 'POST',
  path: '/api/auth/phone/resend/',
  auth: 'user',
  summary: 'Send a new code (one a minute, five an hour); the old code stops working',
  tags: ['accounts'],
  responses: { 200: PhoneCodeState, 401: ApiError, 409: ApiError, 429: ApiError },
});

/** Everything Sente holds about the signed-in user (Uganda's Data Protection and Privacy Act, 2019). */
export const MyData = z
  .object({
    exported_at: IsoDateTime,
    account: z.record(z.string(), z.unknown()),
    kyc: z.record(z.string(), z.unknown()).nullable(),
    applications: z.array(z.record(z.string(), z.unknown())),
    documents: z.array(z.record(z.string(), z.unknown())),
    loans: z.array(z.record(z.string(), z.unknown())),
    repayments: z.array(z.record(z.string(), z.unknown())),
    transactions: z.array(z.record(z.string(), z.unknown())),
    notifications: z.array(z.record(z.string(), z.unknown())),
    lender: z
      .object({
        profile: z.record(z.string(), z.unknown()).nullable(),
        auto_invest: z.record(z.string(), z.unknown()).nullable(),
        bids: z.array(z.record(z.string(), z.unknown())),
        participations: z.array(z.record(z.string(), z.unknown())),
      })
      .nullable(),
  })
  .meta({ id: 'MyData' });
export type MyData = z.infer<typeof MyData>;

export const myData = route({
  method: 'GET',
  path: '/api/auth/me/data/',
  auth: 'user',
  summary: 'Download everything Sente holds about the signed-in user, as JSON',
  tags: ['accounts'],
  responses: { 200: MyData, 401: ApiError, 429: ApiError },
});

export const SimulatedSms = z
  .object({ id: z.number().int(), to: z.string(), text: z.string(), created_at: IsoDateTime })
  .meta({ id: 'SimulatedSms' });
export type SimulatedSms = z.infer<typeof SimulatedSms>;

export const simulatorSms = route({
  method: 'GET',
  path: '/api/simulator/sms/',
  auth: 'admin',
  summary:
    'What the SMS simulator was asked to send, newest first (exists only while the simulator is the provider)',
  tags: ['accounts'],
  query: pageQuery(20).extend({ to: Text.max(40).optional() }),
  responses: { 200: pageOf(SimulatedSms), 400: ApiError, 401: ApiError, 403: ApiError },
});

/**
 * Makes the SMS simulator fail the next `count` sends, as a gateway that is down would (tests,
 * demos, an admin watching the outbox retry and then fail a message). Held in the memory of the
 * process that answered; sends beyond them succeed again.
 */
export const SimulatorSmsFailuresBody = z
  .object({
    count: z.number().int().min(1).max(50),
    reason: Text.min(1).max(200).default('Simulated gateway failure'),
  })
  .strict();

export const SimulatorSmsFailures = z
  .object({ failing_next: z.number().int() })
  .meta({ id: 'SimulatorSmsFailures' });
export type SimulatorSmsFailures = z.infer<typeof SimulatorSmsFailures>;

export const simulatorSmsFailures = route({
  method: 'POST',
  path: '/api/simulator/sms/failures/',
  auth: 'admin',
  summary: 'Make the SMS simulator fail its next sends (exists only while the simulator is the SMS provider)',
  tags: ['accounts'],
  body: SimulatorSmsFailuresBody,
  responses: { 200: SimulatorSmsFailures, 400: ApiError, 401: ApiError, 403: ApiError },
});

/**
 * The numbers a user's money may move to and from (docs/money.md, "Whose numbers"): the phone on
 * file once confirmed, and at most one added number, confirmed by a code sent to it by SMS. Money
 * may be collected from an added number once it is confirmed and sent to it from `payouts_from`
 * (24 hours after). The limits are the user's: per payment, and per Kampala day and direction.
 */
export const PaymentNumber = z.object({
  phone_number: z.string(),
  /** `on_file`: the account's own phone; `added`: the second number. */
  kind: z.enum(['on_file', 'added']),
  confirmed_at: IsoDateTime.nullable(),
  /** When payouts (withdrawals) to it may start; null while unconfirmed. */
  payouts_from: IsoDateTime.nullable(),
  can_collect: z.boolean(),
  can_pay_out: z.boolean(),
});
export type PaymentNumber = z.infer<typeof PaymentNumber>;

export const PaymentNumbers = z
  .object({
    numbers: z.array(PaymentNumber),
    /** The code waiting for the added number, if any. */
    code: PhoneCodeState.nullable(),
    limits: z.object({
      per_transaction: UgxString,
      per_day: UgxString,
      open_prompts: z.number().int(),
    }),
  })
  .meta({ id: 'PaymentNumbers' });
export type PaymentNumbers = z.infer<typeof PaymentNumbers>;

export const AddPaymentNumberBody = z
  .object({ phone_number: z.string().trim().min(1, 'Enter the number to add').max(40) })
  .strict();

export const paymentNumbers = route({
  method: 'GET',
  path: '/api/auth/payment-numbers/',
  auth: 'user',
  summary: "The signed-in user's mobile-money numbers (the phone on file and an added one) and limits",
  tags: ['accounts'],
  responses: { 200: PaymentNumbers, 401: ApiError },
});

export const addPaymentNumber = route({
  method: 'POST',
  path: '/api/auth/payment-numbers/',
  auth: 'user',
  summary:
    'Add a second mobile-money number (one at most): a 6-digit code is sent to it by SMS; payouts to it wait 24 hours after it is confirmed',
  tags: ['accounts'],
  body: AddPaymentNumberBody,
  responses: { 201: PaymentNumbers, 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError },
});

export const verifyPaymentNumber = route({
  method: 'POST',
  path: '/api/auth/payment-numbers/verify/',
  auth: 'user',
  summary: 'Confirm the added number with the code sent to it (10 minutes, 5 tries)',
  tags: ['accounts'],
  body: PhoneCodeBody,
  responses: { 200: PaymentNumbers, 400: ApiError, 401: ApiError, 409: ApiError, 429: ApiError },
});

export const resendPaymentNumberCode = route({
  method: 'POST',
  path: '/api/auth/payment-numbers/resend/',
  auth: 'user',
  summary: 'Send a new code to the added number (one a minute, five an hour)',
  tags: ['accounts'],
  responses: { 200: PaymentNumbers, 401: ApiError, 409: ApiError, 429: ApiError },
});

export const removePaymentNumber = route({
  method: 'DELETE',
  path: '/api/auth/payment-numbers/',
  auth: 'user',
  summary:
    'Remove the added number (the phone on file stays); adding one again starts over with a new code and a new 24-hour wait',
  tags: ['accounts'],
  responses: { 200: PaymentNumbers, 401: ApiError, 404: ApiError },
});

export const accountRoutes = {
  paymentNumbers,
  addPaymentNumber,
  verifyPaymentNumber,
  resendPaymentNumberCode,
  removePaymentNumber,
  register,
  phoneCodeState,
  verifyPhone,
  resendPhoneCode,
  myData,
  simulatorSms,
  simulatorSmsFailures,
} as const;
