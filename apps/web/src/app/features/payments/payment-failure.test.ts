import { describe, expect, it } from 'vitest';
import { paymentFailureText } from './payment-failure.ts';

describe('paymentFailureText', () => {
  it('explains a known provider code', () => {
    expect(paymentFailureText('APPROVAL_REJECTED', 'collection')).toBe(
      'The payment was not approved on your phone. No money was taken.',
    );
    expect(paymentFailureText('INTERNAL_PROCESSING_ERROR', 'collection')).toBe(
      'The mobile-money provider had a problem with the payment. No money was taken.',
    );
  });

  it('keeps an unknown code visible for support', () => {
    expect(paymentFailureText('WEIRD_CODE', 'collection')).toBe(
      'The mobile-money provider declined the payment (WEIRD_CODE). No money was taken.',
    );
  });

  it('keeps a sentence as it is and says nothing was taken', () => {
    expect(paymentFailureText('The mobile-money provider declined the payment', 'collection')).toBe(
      'The mobile-money provider declined the payment. No money was taken.',
    );
    expect(paymentFailureText(null, 'collection')).toBe(
      'The mobile-money provider declined the payment. No money was taken.',
    );
  });

  it('says a failed payout put the money back in the wallet', () => {
    expect(paymentFailureText('PAYEE_NOT_FOUND', 'payout')).toBe(
      'This number has no mobile-money account. The money is back in your wallet.',
    );
    expect(paymentFailureText('  ', 'payout')).toBe(
      'The mobile-money provider declined the payment. The money is back in your wallet.',
    );
  });
});
