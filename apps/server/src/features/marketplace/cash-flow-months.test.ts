import { describe, expect, it } from 'vitest';
import { cashFlowMonthsEndAt } from './cash-flow-months.ts';

describe('cashFlowMonthsEndAt', () => {
  it('copies a month from the third day of the next, in Kampala time', () => {
    // 2 December, 13:00 in Kampala: November's lines may still be in an open transaction's day.
    expect(cashFlowMonthsEndAt(new Date('2026-12-02T10:00:00Z'))).toBe('2026-11-01');
    // 3 December, 00:30 in Kampala (still the 2nd in UTC): November is copied.
    expect(cashFlowMonthsEndAt(new Date('2026-12-02T21:30:00Z'))).toBe('2026-12-01');
    expect(cashFlowMonthsEndAt(new Date('2027-01-01T12:00:00Z'))).toBe('2026-12-01');
  });
});
