import type { LoanTypeDto } from '@sente/contract';
import { describe, expect, it } from 'vitest';
import {
  calculatorLoanTypesFrom,
  LOAN_TYPES_ELEMENT_ID,
  loanTypesJson,
  readPublishedLoanTypes,
} from './published-loan-types.ts';

const wire = (overrides: Partial<LoanTypeDto> = {}): LoanTypeDto => ({
  id: 7,
  loan_type_name: 'Working Capital Loans',
  min_amount: '350000.00',
  max_amount: '3000000.00',
  interest_rate: '2.80',
  interest_type: 'FLAT',
  appraisal_time: 'Under 24 hours',
  status: 'ACTIVE',
  ...overrides,
});

describe('calculatorLoanTypesFrom', () => {
  it('reads GET /api/public/loan-types/ results into whole shillings and basis points', () => {
    expect(calculatorLoanTypesFrom([wire()])).toEqual([
      {
        id: 7,
        name: 'Working Capital Loans',
        minAmount: 350_000,
        maxAmount: 3_000_000,
        rateBasisPoints: 280,
        interestType: 'FLAT',
        appraisalTime: 'Under 24 hours',
      },
    ]);
  });

  it('keeps only ACTIVE types it can price, in the order given', () => {
    const results = [
      wire({ id: 1, interest_type: 'COMPOUND' }),
      wire({ id: 2, status: 'INACTIVE' }),
      wire({ id: 3, min_amount: '3000000.00' }),
      { ...wire({ id: 4 }), interest_rate: 'lots' },
      null,
      wire({ id: 5 }),
    ];
    expect(calculatorLoanTypesFrom(results).map((type) => type.id)).toEqual([1, 5]);
    expect(calculatorLoanTypesFrom('nothing')).toEqual([]);
  });
});

describe('the data block of a prerendered page', () => {
  it('reads back what the build wrote, even a name that tries to close the script element', () => {
    const name = 'Stock </script><script>alert(1)</script>';
    const json = loanTypesJson({ results: [wire({ loan_type_name: name })] });
    expect(json).not.toContain('<');
    document.body.innerHTML = `<script type="application/json" id="${LOAN_TYPES_ELEMENT_ID}">${json}</script>`;
    expect(readPublishedLoanTypes(document).map((type) => type.name)).toEqual([name]);
  });

  it('gives no loan types when the page carries none or an unreadable block', () => {
    document.body.innerHTML = '';
    expect(readPublishedLoanTypes(document)).toEqual([]);
    document.body.innerHTML = `<script type="application/json" id="${LOAN_TYPES_ELEMENT_ID}">{oops</script>`;
    expect(readPublishedLoanTypes(document)).toEqual([]);
  });
});
