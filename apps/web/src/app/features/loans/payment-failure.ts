/**
 * Why a mobile-money collection failed, in plain words. The provider's reason arrives as its code
 * (MTN MoMo's, e.g. APPROVAL_REJECTED) or as a sentence; codes are explained, sentences kept.
 */
const REASONS: Readonly<Record<string, string>> = {
  APPROVAL_REJECTED: 'The payment was not approved on your phone.',
  EXPIRED: 'The payment was not approved in time on your phone.',
  NOT_ENOUGH_FUNDS: 'There was not enough money on the mobile-money account.',
  PAYER_LIMIT_REACHED: 'The mobile-money account has reached its limit for payments.',
  PAYER_NOT_FOUND: 'This number has no mobile-money account.',
  PAYEE_NOT_ALLOWED_TO_RECEIVE: 'The mobile-money provider refused the payment.',
  NOT_ALLOWED: 'The mobile-money provider refused the payment.',
  TRANSACTION_CANCELED: 'The payment was cancelled.',
  INTERNAL_PROCESSING_ERROR: 'The mobile-money provider had a problem and took no money.',
  SERVICE_UNAVAILABLE: 'The mobile-money service was not available and took no money.',
};

export function paymentFailureText(reason: string | null): string {
  if (!reason) return 'The mobile-money provider declined the payment. No money was taken.';
  const known = REASONS[reason.trim().toUpperCase()];
  if (known) return `${known} No money was taken.`;
  return /^[A-Z_]+$/.test(reason.trim())
    ? `The mobile-money provider declined the payment (${reason.trim()}). No money was taken.`
    : `${reason.trim().replace(/\.?$/, '.')} No money was taken.`;
}
