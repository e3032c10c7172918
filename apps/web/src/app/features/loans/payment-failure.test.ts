import { describe, expect, it } from 'vitest';
import { paymentFailureText } from './payment-failure.ts';

describe('paymentFailureText', () => {
  it('explains a known provider code', () => {
    expect(paymentFailureText('APPROVAL_REJECTED')).toBe(
      'The payment was not approved on your phone. No money was taken.',
    );
  });

  it('keeps an unknown code visible for support', () => {
    expect(paymentFailureText('WEIRD_CODE')).toBe(
      'The mobile-money provider declined the payment (WEIRD_CODE). No money was taken.',
    );
  });

  it('keeps a sentence as it is and says nothing was taken', () => {
    expect(paymentFailureText('The mobile-money provider declined the payment')).toBe(
      'The mobile-money provider declined the payment. No money was taken.',
    );
    expect(paymentFailureText(null)).toBe(
      'The mobile-money provider declined the payment. No money was taken.',
    );
  });
});
