import type { LoanTypeDto } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { checkApplication, EMPTY_APPLY_DRAFT } from './apply-checks.ts';

const workingCapital: LoanTypeDto = {
  id: 3,
  loan_type_name: 'Working Capital',
  min_amount: '350000.00',
  max_amount: '3000000.00',
  interest_rate: '2.80',
  interest_type: 'FLAT',
  appraisal_time: '24 hours',
  status: 'ACTIVE',
};

const filled = {
  ...EMPTY_APPLY_DRAFT,
  loan_type: '3',
  amount_requested: '1,500,000',
  loan_term: '6',
  loan_purpose: 'Stock for the festive season',
  business_name: 'Amina Traders',
  business_location: 'Kampala, Owino Market',
  monthly_income: 'UGX 2,500,000',
  nin: 'cm 1234 5678 901a',
};

describe('checkApplication', () => {
  it('turns what was typed into the body the server takes', () => {
    expect(checkApplication(filled, workingCapital)).toEqual({
      kind: 'ok',
      body: {
        loan_type: 3,
        amount_requested: 1_500_000,
        loan_term: 6,
        loan_purpose: 'Stock for the festive season',
        business_name: 'Amina Traders',
        business_type: null,
        business_location: 'Kampala, Owino Market',
        monthly_income: 2_500_000,
        nin: 'CM12345678901A',
      },
    });
  });

  it('refuses an amount outside the loan type’s range, naming the range', () => {
    expect(checkApplication({ ...filled, amount_requested: '5,000,000' }, workingCapital)).toEqual({
      kind: 'invalid',
      errors: { amount_requested: 'Working Capital lends from UGX 350,000 to UGX 3,000,000' },
    });
  });

  it('names every field that is missing or malformed', () => {
    const check = checkApplication({ ...EMPTY_APPLY_DRAFT, loan_term: '30', nin: 'AB1' }, undefined);
    expect(check.kind).toBe('invalid');
    expect(Object.keys(check.kind === 'invalid' ? check.errors : {}).sort()).toEqual([
      'amount_requested',
      'business_location',
      'business_name',
      'loan_purpose',
      'loan_term',
      'loan_type',
      'monthly_income',
      'nin',
    ]);
  });

  it('refuses fractions of a shilling in words a person understands', () => {
    const check = checkApplication({ ...filled, amount_requested: '1500000.50' }, workingCapital);
    expect(check).toMatchObject({
      errors: { amount_requested: 'Enter the amount in whole shillings, like 1,500,000' },
    });
  });
});
