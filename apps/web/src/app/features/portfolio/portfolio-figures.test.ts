import { describe, expect, it } from 'vitest';
import { describeLoans, interestAfterFees, totalLoans } from './portfolio-figures.ts';

describe('interestAfterFees', () => {
  it('takes the platform fee off the interest the borrowers paid', () => {
    // docs/marketplace.md's worked example: lender 101's 3,545 interest less its 355 fee.
    expect(interestAfterFees({ interest_earned: '3545.00', fees_paid: '355.00' })).toBe(3190);
    expect(interestAfterFees({ interest_earned: '0.00', fees_paid: '0.00' })).toBe(0);
  });
});

describe('describeLoans', () => {
  it('names every status, zeros included', () => {
    expect(describeLoans({ active: 2, overdue: 1, default: 0, fully_paid: 3 })).toBe(
      '2 active, 1 overdue, 0 in default, 3 fully paid',
    );
    expect(totalLoans({ active: 2, overdue: 1, default: 4, fully_paid: 3 })).toBe(10);
  });
});
