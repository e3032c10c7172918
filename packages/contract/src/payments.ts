import { z } from 'zod';
import { ApiError, IsoDateTime, pageOf, pageQuery } from './common.ts';
import { route } from './route.ts';
import { PlatformTransaction } from './wallet.ts';

export const PaymentProviderName = z.enum(['mtn', 'airtel']);

/**
 * A provider's word that a payment changed (MTN MoMo's callback shape). Signed with
 * `X-Sente-Signature: sha256=<hex HMAC-SHA256 of the raw body>`; the amount in it is never used.
 */
export const PaymentCallbackBody = z
  .object({
    externalId: z.string().max(100).optional(),
    referenceId: z.string().max(100).optional(),
    financialTransactionId: z.string().max(100).optional(),
    status: z.string().max(40),
    amount: z.string().max(40).optional(),
    currency: z.string().max(3).optional(),
    reason: z
      .union([z.string().max(500), z.object({ code: z.string().optional(), message: z.string().optional() })])
      .optional(),
  })
  .loose();

export const paymentCallback = route({
  method: 'POST',
  path: '/api/payments/callback/:provider/',
  auth: 'public',
  summary: 'Signed status callback from a mobile-money provider (idempotent)',
  tags: ['payments'],
  params: z.object({ provider: PaymentProviderName }),
  headers: z.object({ 'x-sente-signature': z.string().max(200).optional() }),
  body: PaymentCallbackBody,
  responses: {
    200: z.object({ status: z.enum(['applied', 'unchanged']) }),
    400: ApiError,
    401: ApiError,
    404: ApiError,
  },
});

/** A payment whose money arrived but could not be matched to what it was for: it waits in suspense. */
export const PaymentNeedingAttention = PlatformTransaction.extend({
  attention_reason: z.string(),
  attention_at: IsoDateTime,
}).meta({ id: 'PaymentNeedingAttention' });
export type PaymentNeedingAttention = z.infer<typeof PaymentNeedingAttention>;

export const paymentsNeedingAttention = route({
  method: 'GET',
  path: '/api/payments/admin/attention/',
  auth: 'admin',
  summary:
    'Payments whose money is held in suspense because it could not be allocated (newest first), with the reason',
  tags: ['payments'],
  query: pageQuery(20),
  responses: { 200: pageOf(PaymentNeedingAttention), 400: ApiError, 401: ApiError, 403: ApiError },
});

/**
 * Tells the mobile-money simulator how the next prompts to a number end (tests, demos, an admin
 * trying the failure screens): `fail` (the customer declines: FAILED), `timeout` (nobody answers:
 * PENDING for `seconds`, then FAILED with MoMo's EXPIRED), `lose_answer` (paid, but its 202 is lost:
 * Sente's poller finds it). Queued per number, used in order; prompts
 * beyond the queue follow the simulator's usual failure rate.
 */
export const SimulatorOutcomeBody = z
  .object({
    phone_number: z.string().trim().min(1).max(40),
    outcome: z.enum(['fail', 'timeout', 'lose_answer']),
    count: z.number().int().min(1).max(50).default(1),
    seconds: z.number().int().min(0).max(3600).default(60),
  })
  .strict();

export const SimulatorOutcomes = z
  .object({
    phone_number: z.string(),
    queued: z.array(
      z.object({ outcome: z.enum(['fail', 'timeout', 'lose_answer']), seconds: z.number().int() }),
    ),
  })
  .meta({ id: 'SimulatorOutcomes' });
export type SimulatorOutcomes = z.infer<typeof SimulatorOutcomes>;

export const simulatorMomoOutcomes = route({
  method: 'POST',
  path: '/api/simulator/momo/outcomes/',
  auth: 'admin',
  summary:
    'Queue how the next prompts to a number end in the mobile-money simulator (exists only while the simulator is the provider)',
  tags: ['payments'],
  body: SimulatorOutcomeBody,
  responses: { 200: SimulatorOutcomes, 400: ApiError, 401: ApiError, 403: ApiError, 503: ApiError },
});

export const paymentsRoutes = { paymentCallback, paymentsNeedingAttention, simulatorMomoOutcomes } as const;
