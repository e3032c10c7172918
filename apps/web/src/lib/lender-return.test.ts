import { describe, expect, it } from 'vitest';
import { describeReturn } from './lender-return.ts';

const portfolio = {
  cash_available: '1200000.00',
  cash_reserved: '0.00',
  outstanding_principal: '0.00',
  principal_repaid: '0.00',
  interest_earned: '0.00',
  fees_paid: '0.00',
  loans: { active: 0, overdue: 0, default: 0, fully_paid: 0 },
  net_annual_return: null,
};

describe('describeReturn', () => {
  it('reads the rate per year when the server could work one out, losses included', () => {
    expect(describeReturn({ ...portfolio, net_annual_return: '14.25' })).toBe('14.25% a year');
    expect(describeReturn({ ...portfolio, net_annual_return: '-3.10' })).toBe('-3.10% a year');
    expect(describeReturn({ ...portfolio, net_annual_return: '-0.00' })).toBe('0.00% a year');
    expect(describeReturn({ ...portfolio, net_annual_return: '-0.01' })).toBe('-0.01% a year');
  });

  it('says there are no loans yet before the lender funded any', () => {
    expect(describeReturn(portfolio)).toBe('No loans yet');
  });

  it('says total loss when everything still owed is in default and nothing came back', () => {
    const lost = {
      ...portfolio,
      outstanding_principal: '500000.00',
      loans: { active: 0, overdue: 0, default: 1, fully_paid: 0 },
    };
    expect(describeReturn(lost)).toBe('Total loss');
    expect(describeReturn({ ...lost, interest_earned: '1200.00' })).toBe('Not yet meaningful');
    expect(describeReturn({ ...lost, loans: { active: 1, overdue: 0, default: 1, fully_paid: 0 } })).toBe(
      'Not yet meaningful',
    );
  });

  it('says not yet meaningful for loans without a rate yet (all lent today)', () => {
    const lentToday = {
      ...portfolio,
      outstanding_principal: '500000.00',
      loans: { active: 1, overdue: 0, default: 0, fully_paid: 0 },
    };
    expect(describeReturn(lentToday)).toBe('Not yet meaningful');
  });
});
