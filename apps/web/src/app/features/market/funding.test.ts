import { describe, expect, it } from 'vitest';
import { fundingProgress } from './funding.ts';

describe('a listing’s funding progress', () => {
  it('has no bids yet', () => {
    expect(fundingProgress({ amount: '2000000.00', funded_amount: '0.00', bids_count: 0 })).toEqual({
      funded: 0,
      amount: 2_000_000,
      percent: 0,
      remaining: 2_000_000,
      isCovered: false,
      text: 'No bids yet on UGX 2,000,000',
    });
  });

  it('is part covered, rounded down so it never reads 100% before it is', () => {
    const progress = fundingProgress({ amount: '2000000.00', funded_amount: '1999000.00', bids_count: 3 });
    expect(progress).toMatchObject({ percent: 99, remaining: 1000, isCovered: false });
    expect(progress.text).toBe('UGX 1,999,000 of UGX 2,000,000 bid by 3 lenders');
    expect(fundingProgress({ amount: '500000.00', funded_amount: '100000.00', bids_count: 1 }).text).toBe(
      'UGX 100,000 of UGX 500,000 bid by 1 lender',
    );
  });

  it('stops the bar at 100% when bids add up to more than the amount', () => {
    const progress = fundingProgress({ amount: '2000000.00', funded_amount: '2300000.00', bids_count: 3 });
    expect(progress).toMatchObject({ percent: 100, remaining: 0, isCovered: true });
    expect(progress.text).toBe('Fully covered: UGX 2,300,000 bid for UGX 2,000,000 by 3 lenders');
  });

  it('shows nothing odd for a zero amount or a bad wire value', () => {
    expect(fundingProgress({ amount: '0.00', funded_amount: '0.00', bids_count: 0 })).toMatchObject({
      percent: 0,
      isCovered: false,
    });
    expect(fundingProgress({ amount: '1000.00', funded_amount: 'x', bids_count: 1 }).percent).toBe(0);
  });
});
