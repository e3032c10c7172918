import { describe, expect, it } from 'vitest';
import { validateLoanType } from './loan-type-dialog.tsx';

const valid = {
  loan_type_name: 'Working Capital Loans',
  min_amount: '350000',
  max_amount: '3000000',
  interest_rate: '2.80',
  interest_type: 'FLAT',
  appraisal_time: '24 hours',
  status: 'ACTIVE',
} as const;

describe('validateLoanType', () => {
  it('accepts a complete form', () => {
    expect(validateLoanType(valid)).toEqual({});
  });

  it('requires every text field', () => {
    const errors = validateLoanType({
      ...valid,
      loan_type_name: ' ',
      min_amount: '',
      max_amount: '',
      interest_rate: '',
      appraisal_time: '',
    });
    expect(errors).toEqual({
      loan_type_name: 'This field is required',
      min_amount: 'This field is required',
      max_amount: 'This field is required',
      interest_rate: 'This field is required',
      appraisal_time: 'This field is required',
    });
  });

  it('uses the contract rules for amounts, their order and the rate', () => {
    expect(validateLoanType({ ...valid, min_amount: '1500.50' }).min_amount).toBe(
      'Enter a whole number of shillings greater than 0',
    );
    expect(validateLoanType({ ...valid, min_amount: '3000000', max_amount: '350000' }).max_amount).toBe(
      'The maximum amount must be above the minimum amount',
    );
    expect(validateLoanType({ ...valid, interest_rate: '2.805' }).interest_rate).toBe(
      'Enter a rate above 0 with at most two decimals, like 2.80',
    );
  });
});
