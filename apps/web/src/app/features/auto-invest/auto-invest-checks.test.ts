import type { AutoInvestRule } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import { type AutoInvestDraft, checkAutoInvest, draftOfRule } from './auto-invest-checks.ts';

const defaults: AutoInvestRule = {
  enabled: false,
  risk_grades: [],
  loan_types: [],
  max_term_months: 24,
  min_rate: '1.00',
  amount_per_loan: '50000.00',
  max_share_percent: 25,
  keep_cash: '0.00',
  last_filled_at: null,
  updated_at: null,
};

const draft: AutoInvestDraft = {
  enabled: true,
  risk_grades: ['A', 'B'],
  loan_types: [3],
  max_term_months: '6',
  min_rate: '2.5',
  amount_per_loan: '150,000',
  max_share_percent: '20',
  keep_cash: '1,000,000',
};

const errorsOf = (changes: Partial<AutoInvestDraft>) => {
  const check = checkAutoInvest({ ...draft, ...changes });
  return check.kind === 'invalid' ? check.errors : {};
};

describe('the auto-invest form', () => {
  it('shows a saved rule with money grouped in thousands', () => {
    expect(draftOfRule({ ...defaults, amount_per_loan: '1500000.00', keep_cash: '250000.00' })).toMatchObject(
      {
        amount_per_loan: '1,500,000',
        keep_cash: '250,000',
        max_term_months: '24',
        min_rate: '1.00',
        max_share_percent: '25',
      },
    );
  });

  it('sends numbers the contract’s schema accepts', () => {
    expect(checkAutoInvest(draft)).toEqual({
      kind: 'valid',
      body: {
        enabled: true,
        risk_grades: ['A', 'B'],
        loan_types: [3],
        max_term_months: 6,
        min_rate: '2.5',
        amount_per_loan: 150_000,
        max_share_percent: 20,
        keep_cash: 1_000_000,
      },
    });
    // The defaults, turned off, save as they are; blank cash to keep is 0.
    expect(checkAutoInvest({ ...draftOfRule(defaults), keep_cash: '' })).toMatchObject({
      kind: 'valid',
      body: { enabled: false, risk_grades: [], keep_cash: 0 },
    });
  });

  it('needs a risk grade to turn it on', () => {
    expect(errorsOf({ risk_grades: [] })).toEqual({
      risk_grades: 'Choose at least one risk grade to turn auto-invest on',
    });
    expect(errorsOf({ risk_grades: [], enabled: false })).toEqual({});
  });

  it('refuses each field out of its range, under that field', () => {
    expect(errorsOf({ max_term_months: '25' })).toEqual({ max_term_months: 'At most 24 months' });
    expect(errorsOf({ max_term_months: '0' })).toEqual({ max_term_months: 'At least 1 month' });
    expect(errorsOf({ max_term_months: '2.5' }).max_term_months).toMatch(/whole months/);
    expect(errorsOf({ min_rate: '10.5' })).toEqual({
      min_rate: 'The rate must be from 1.00 to 10.00 percent per month',
    });
    expect(errorsOf({ min_rate: '' })).toEqual({ min_rate: 'Enter the lowest rate, like 2.50' });
    expect(errorsOf({ amount_per_loan: '150,500' })).toEqual({
      amount_per_loan: 'Enter whole thousands of shillings, like 150,000',
    });
    expect(errorsOf({ amount_per_loan: '' }).amount_per_loan).toMatch(/whole shillings/);
    expect(errorsOf({ max_share_percent: '101' })).toEqual({ max_share_percent: 'At most 100 percent' });
    expect(errorsOf({ max_share_percent: '' }).max_share_percent).toMatch(/whole percent/);
    expect(errorsOf({ keep_cash: '-5' })).toEqual({
      keep_cash: 'Enter the cash to keep in whole shillings, or 0',
    });
  });
});
