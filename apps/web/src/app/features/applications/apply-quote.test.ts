import type { LoanTypeDto } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { quoteFor } from './apply-quote.ts';

const flat: LoanTypeDto = {
  id: 1,
  loan_type_name: 'Working Capital',
  min_amount: '350000.00',
  max_amount: '3000000.00',
  interest_rate: '2.80',
  interest_type: 'FLAT',
  appraisal_time: '24 hours',
  status: 'ACTIVE',
};

describe('quoteFor', () => {
  it('prices the docs/lending.md FLAT example: 1,000,000 at 2.80% for 6 months', () => {
    const quote = quoteFor(flat, '1,000,000', '6');
    expect(quote).toMatchObject({
      weeks: 26,
      weeklyRepayment: 44_923,
      totalInterest: 168_000,
      totalPayable: 1_168_000,
    });
  });

  it('prices reducing balance as an annuity: 350,000 at 2.80% for 1 month', () => {
    const quote = quoteFor({ ...flat, interest_type: 'COMPOUND' }, '350000', '1');
    expect(quote?.weeklyRepayment).toBe(88_918);
    expect(quote?.installments.at(-1)?.total).toBe(88_919);
  });

  it('gives nothing until the amount is in range and the term is whole', () => {
    expect(quoteFor(flat, '', '6')).toBeNull();
    expect(quoteFor(flat, '5,000,000', '6')).toBeNull();
    expect(quoteFor(flat, '1,000,000', '0')).toBeNull();
    expect(quoteFor(undefined, '1,000,000', '6')).toBeNull();
  });
});
