/**
 * One interface for every mobile-money provider: send money (disbursement, withdrawal), request
 * money (repayment, deposit), and look a payment up. Every request carries our reference, which the
 * provider uses to refuse a duplicate, so sending the same order twice moves money once.
 */
export type ProviderName = 'mtn' | 'airtel';
export type PaymentDirection = 'send' | 'request';

export interface PaymentOrder {
  /** Our reference (UUID v4), MoMo's X-Reference-Id. */
  readonly referenceId: string;
  readonly direction: PaymentDirection;
  /** Whole UGX. */
  readonly amount: number;
  /** +2567XXXXXXXX */
  readonly phoneNumber: string;
  readonly message: string;
  /** Where the provider should post its callback; null for none. */
  readonly callbackUrl: string | null;
}

export type ProviderStatus =
  | { readonly state: 'PENDING' }
  | { readonly state: 'SUCCESSFUL'; readonly providerReference: string | null }
  | { readonly state: 'FAILED'; readonly reason: string }
  /** The provider never received the order (it may be sent again with the same reference). */
  | { readonly state: 'NOT_FOUND' };

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Resolves once the provider accepted the order (MoMo's 202). */
  send(order: PaymentOrder): Promise<void>;
  status(direction: PaymentDirection, referenceId: string): Promise<ProviderStatus>;
}

/** The provider refused the order for good (bad number, limits): the payment has failed. */
export class PaymentRejectedError extends Error {}

/** No clear answer (network, timeout, 5xx): the order may or may not have arrived; ask again later. */
export class ProviderUnavailableError extends Error {}

// Uganda's mobile prefixes (07X): MTN 76-79, Airtel 70, 74, 75.
const PREFIXES: Record<string, ProviderName> = {
  '76': 'mtn',
  '77': 'mtn',
  '78': 'mtn',
  '79': 'mtn',
  '70': 'airtel',
  '74': 'airtel',
  '75': 'airtel',
};

/** Which provider serves a normalized number (+2567XXXXXXXX), or null. */
export function providerOfPhone(phoneNumber: string): ProviderName | null {
  const match = /^\+256(7\d)\d{7}$/.exec(phoneNumber);
  return match?.[1] ? (PREFIXES[match[1]] ?? null) : null;
}
