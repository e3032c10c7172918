import { describe, expect, it } from 'vitest';
import { installmentState } from './loan-schedule-table.tsx';

const installment = (over: Partial<Parameters<typeof installmentState>[0]>) => ({
  number: 1,
  due_date: '2026-06-09',
  principal_due: '38461.00',
  interest_due: '6462.00',
  total_due: '44923.00',
  principal_paid: '0.00',
  interest_paid: '0.00',
  is_paid: false,
  ...over,
});

describe('installmentState', () => {
  it('reads Paid for a fully paid installment, even long past its due date', () => {
    expect(installmentState(installment({ is_paid: true }), '2026-09-01').label).toBe('Paid');
  });

  it('reads Late, or Late, part paid, once the due date has passed unpaid', () => {
    expect(installmentState(installment({}), '2026-06-10')).toEqual({ label: 'Late', tone: 'red' });
    expect(installmentState(installment({ interest_paid: '6462.00' }), '2026-06-10').label).toBe(
      'Late, part paid',
    );
  });

  it('reads Due today on its due date, and Upcoming or Part paid before it', () => {
    expect(installmentState(installment({}), '2026-06-09').label).toBe('Due today');
    expect(installmentState(installment({}), '2026-06-01').label).toBe('Upcoming');
    expect(installmentState(installment({ interest_paid: '100.00' }), '2026-06-01').label).toBe('Part paid');
  });
});
