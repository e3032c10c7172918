import { formatUgx } from '@sente/contract/money';
import { buildSchedule } from '@sente/contract/schedule';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CalculatorLoanType } from './calculate-loan.ts';
import { LoanCalculator } from './loan-calculator.tsx';
import { LoanTypesContext } from './loan-types-context.ts';

const loanTypes: readonly CalculatorLoanType[] = [
  {
    id: 1,
    name: 'Working Capital Loans',
    minAmount: 350_000,
    maxAmount: 3_000_000,
    rateBasisPoints: 280,
    interestType: 'FLAT',
    appraisalTime: 'Under 24 hours',
  },
  {
    id: 5,
    name: 'Business Term Loan',
    minAmount: 1_000_000,
    maxAmount: 5_000_000,
    rateBasisPoints: 280,
    interestType: 'COMPOUND',
    appraisalTime: 'Up to 48 hours',
  },
];

function renderCalculator(types: readonly CalculatorLoanType[] = loanTypes) {
  return render(
    <LoanTypesContext value={types}>
      <LoanCalculator />
    </LoanTypesContext>,
  );
}

/** The figure of a result row, by its label. */
function figure(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

describe('LoanCalculator', () => {
  it('starts on the business loan type at 1,000,000 over 6 months, priced by buildSchedule', () => {
    renderCalculator();
    expect((screen.getByLabelText('Loan type') as HTMLSelectElement).value).toBe('5');
    const amount = screen.getByLabelText('Loan amount (UGX)') as HTMLInputElement;
    expect([amount.min, amount.max, amount.step, amount.value]).toEqual([
      '1000000',
      '5000000',
      '50000',
      '1000000',
    ]);
    expect((screen.getByLabelText('Loan term (months)') as HTMLInputElement).value).toBe('6');

    const schedule = buildSchedule({
      principal: 1_000_000,
      monthlyRateBasisPoints: 280,
      months: 6,
      interestType: 'COMPOUND',
    });
    expect(figure('Weekly installment')).toBe(formatUgx(schedule.weeklyRepayment));
    expect(figure('Number of installments')).toBe('26 weeks');
    expect(figure('Total interest')).toBe(formatUgx(schedule.totalInterest));
    expect(figure('Total payment')).toBe(formatUgx(schedule.totalPayable));
    expect(figure('Rate')).toBe('2.8% per month, reducing balance');
    expect(figure('Processing time')).toBe('Up to 48 hours');
    expect(screen.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/apply');
  });

  it('prices a FLAT type at its flat interest and names the rounded last installment', () => {
    renderCalculator();
    fireEvent.change(screen.getByLabelText('Loan type'), { target: { value: '1' } });
    expect(figure('Weekly installment')).toBe('UGX 44,923');
    expect(figure('Total interest')).toBe('UGX 168,000');
    expect(figure('Total payment')).toBe('UGX 1,168,000');
    expect(figure('Rate')).toBe('2.8% per month, flat rate');
    expect(screen.getByText(/The last installment is UGX 44,925/)).toBeTruthy();
  });

  it('limits the amount to the chosen type’s range and says why', () => {
    renderCalculator();
    const amount = screen.getByLabelText('Loan amount (UGX)') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '4500000' } });
    expect(figure('Principal')).toBe('UGX 4,500,000');

    fireEvent.change(screen.getByLabelText('Loan type'), { target: { value: '1' } });
    expect([amount.min, amount.max, amount.value]).toEqual(['350000', '3000000', '3000000']);
    expect(figure('Principal')).toBe('UGX 3,000,000');
    const notice =
      'Amounts for Working Capital Loans run from UGX 350,000 to UGX 3,000,000, so this estimate uses UGX 3,000,000.';
    expect(screen.getByText(notice)).toBeTruthy();
    expect(amount.getAttribute('aria-describedby')).toBe(screen.getByText(notice).id);

    fireEvent.change(amount, { target: { value: '2000000' } });
    expect(screen.queryByText(notice)).toBeNull();
    expect(figure('Principal')).toBe('UGX 2,000,000');
  });

  it('says so when no loan type is open, instead of inventing one', () => {
    renderCalculator([]);
    const section = screen.getByRole('region', { name: 'Loan Calculator' });
    expect(within(section).getByText(/No loan types are open for applications right now/)).toBeTruthy();
    expect(within(section).queryByLabelText('Loan amount (UGX)')).toBeNull();
  });
});
