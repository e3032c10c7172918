import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api-client.ts';
import { isUnanswered } from './same-key-retry.ts';

describe('isUnanswered', () => {
  it('keeps the key when the network or the server failed', () => {
    expect(isUnanswered(new ApiRequestError(0, null))).toBe(true);
    expect(isUnanswered(new ApiRequestError(502, null))).toBe(true);
    expect(isUnanswered(new ApiRequestError(500, { error: 'Internal server error' }))).toBe(true);
    expect(isUnanswered(new TypeError('failed to fetch'))).toBe(true);
  });

  it('keeps the key while the first request with it is still being handled', () => {
    expect(
      isUnanswered(new ApiRequestError(409, { error: 'Still processing', code: 'IDEMPOTENCY_KEY_IN_USE' })),
    ).toBe(true);
  });

  it('lets a refusal end the request, so the next try is a new one', () => {
    const refusal = new ApiRequestError(400, {
      error: 'Insufficient wallet balance',
      code: 'INSUFFICIENT_WALLET_BALANCE',
      details: { amount: ['You can withdraw at most UGX 1,000'] },
    });
    expect(isUnanswered(refusal)).toBe(false);
    expect(isUnanswered(new ApiRequestError(403, { error: 'Lenders only', code: 'LENDERS_ONLY' }))).toBe(
      false,
    );
  });

  it('keeps a bid’s key only while its answer may not have arrived', () => {
    expect(isUnanswered(new ApiRequestError(503, null))).toBe(true);
    const refused = (status: number, code: string) => new ApiRequestError(status, { error: 'Refused', code });
    expect(isUnanswered(refused(400, 'INSUFFICIENT_CASH'))).toBe(false);
    expect(isUnanswered(refused(409, 'LISTING_NOT_OPEN'))).toBe(false);
    expect(isUnanswered(refused(403, 'LENDER_NOT_VERIFIED'))).toBe(false);
  });
});
