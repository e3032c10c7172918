/** A collection takes money from the person's phone; a payout sends money to it. */
export type PaymentDirection = 'collection' | 'payout';

/**
 * Why a mobile-money payment failed, in plain words. The provider's reason arrives as its code
 * (MTN MoMo's, e.g. APPROVAL_REJECTED) or as a sentence; codes are explained, sentences kept.
 */
const REASONS: Readonly<Record<string, string>> = {
  APPROVAL_REJECTED: 'The payment was not approved on your phone.',
  EXPIRED: 'The payment was not approved in time on your phone.',
  NOT_ENOUGH_FUNDS: 'There was not enough money on the mobile-money account.',
  PAYER_LIMIT_REACHED: 'The mobile-money account has reached its limit for payments.',
  PAYER_NOT_FOUND: 'This number has no mobile-money account.',
  PAYEE_NOT_FOUND: 'This number has no mobile-money account.',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'The mobile-money provider refused the payment.',
  NOT_ALLOWED: 'The mobile-money provider refused the payment.',
  TRANSACTION_CANCELED: 'The payment was cancelled.',
  INTERNAL_PROCESSING_ERROR: 'The mobile-money provider had a problem with the payment.',
  SERVICE_UNAVAILABLE: 'The mobile-money service was not available.',
};

/** What a failure leaves behind: a failed collection took nothing; a failed payout is reversed. */
const AFTERMATH: Readonly<Record<PaymentDirection, string>> = {
  collection: 'No money was taken.',
  payout: 'The money is back in your wallet.',
};

export function paymentFailureText(reason: string | null, direction: PaymentDirection): string {
  const after = AFTERMATH[direction];
  const text = reason?.trim() ?? '';
  if (!text) return `The mobile-money provider declined the payment. ${after}`;
  const known = REASONS[text.toUpperCase()];
  if (known) return `${known} ${after}`;
  return /^[A-Z_]+$/.test(text)
    ? `The mobile-money provider declined the payment (${text}). ${after}`
    : `${text.replace(/\.?$/, '.')} ${after}`;
}
