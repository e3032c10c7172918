import type { PaymentCallbackBody } from '@sente/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { InvalidInputError, NotFoundError, UnauthenticatedError } from '../../domain-error.ts';
import { isCallbackSignatureValid } from './callback-signature.ts';
import type { ProviderName } from './payment-provider.ts';
import { findTransactionByReference } from './payments.repo.ts';
import type { PaymentsService } from './payments.service.ts';
import type { TransactionRow } from './platform-transaction.ts';

export const INVALID_SIGNATURE = 'Invalid callback signature';

/**
 * A provider's callback is only a hint that a payment moved: it must be signed with the shared
 * secret, it can only move a status forward (a repeat changes nothing), and its amount is never
 * used; an amount that disagrees with our record is refused and the poller asks the provider itself.
 */
export function createPaymentCallbackHandler({
  db,
  payments,
  secret,
}: {
  db: Db;
  payments: PaymentsService;
  secret: string;
}) {
  return async function handleCallback(input: {
    provider: ProviderName;
    rawBody: Buffer | undefined;
    signature: string | undefined;
    body: z.infer<typeof PaymentCallbackBody>;
  }): Promise<'applied' | 'unchanged'> {
    if (!input.rawBody || !isCallbackSignatureValid(secret, input.rawBody, input.signature)) {
      throw new UnauthenticatedError('INVALID_SIGNATURE', INVALID_SIGNATURE);
    }
    const reference = input.body.referenceId ?? input.body.externalId;
    if (!reference) throw new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found');
    // Checked on the row as the payment's lock reads it, before anything moves: a refusal changes
    // nothing.
    const accept = (payment: TransactionRow): void => {
      if (payment.provider !== input.provider)
        throw new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found');
      if (input.body.amount !== undefined && input.body.amount.trim() !== String(payment.amount)) {
        throw new InvalidInputError(
          'CALLBACK_AMOUNT_MISMATCH',
          'The callback amount does not match the payment',
        );
      }
    };
    const status = input.body.status.toUpperCase();
    if (status === 'SUCCESSFUL') {
      const providerReference = input.body.financialTransactionId ?? null;
      return (await payments.completeByReference(reference, accept, providerReference)).changed
        ? 'applied'
        : 'unchanged';
    }
    if (status === 'FAILED' || status === 'REJECTED' || status === 'TIMEOUT') {
      const reason = input.body.reason;
      const text =
        typeof reason === 'string' ? reason : (reason?.message ?? reason?.code ?? 'Payment failed');
      return (await payments.failByReference(reference, accept, text)).changed ? 'applied' : 'unchanged';
    }
    // A status that moves nothing (PENDING…) is still answered as the others would be.
    const payment = await findTransactionByReference(db, reference);
    if (!payment) throw new NotFoundError('PAYMENT_NOT_FOUND', 'Payment not found');
    accept(payment);
    return 'unchanged';
  };
}
export type PaymentCallbackHandler = ReturnType<typeof createPaymentCallbackHandler>;
