import { describe, expect, it } from 'vitest';
import { formatNumber, formatSignedUgx, formatUgx, toShillings } from './format-ugx.ts';

describe('formatUgx', () => {
  it('groups wire amounts by locale with the UGX prefix', () => {
    expect(formatUgx('1500000.00')).toBe('UGX 1,500,000');
    expect(formatUgx('350000')).toBe('UGX 350,000');
    expect(formatUgx(2_750_000)).toBe('UGX 2,750,000');
    expect(formatUgx('-45000.00')).toBe('UGX -45,000');
  });

  it('shows 0 for an invalid or empty amount', () => {
    for (const value of [
      '',
      '   ',
      'abc',
      '12.5.0',
      '1,000',
      null,
      undefined,
      Number.NaN,
      Number.POSITIVE_INFINITY,
    ]) {
      expect(formatUgx(value)).toBe('UGX 0');
    }
  });

  it('groups by the locale it is given', () => {
    expect(formatUgx('1234567.00', 'de-DE')).toBe('UGX 1.234.567');
  });

  it('signs money in with + and money out with a minus sign', () => {
    expect(formatSignedUgx('120000.00', 'CREDIT')).toBe('+UGX 120,000');
    expect(formatSignedUgx('120000.00', 'DEBIT')).toBe('\u2212UGX 120,000');
    expect(formatSignedUgx('-5000.00', 'DEBIT')).toBe('\u2212UGX 5,000');
    expect(formatSignedUgx('oops', 'CREDIT')).toBe('+UGX 0');
  });
});

describe('toShillings', () => {
  it('reads whole shillings and treats anything else as 0', () => {
    expect(toShillings('1500000.00')).toBe(1_500_000);
    expect(toShillings(' 42 ')).toBe(42);
    expect(toShillings('0.5')).toBe(0);
    expect(toShillings(1499.6)).toBe(1500);
  });

  it('formats plain counts', () => {
    expect(formatNumber(12345)).toBe('12,345');
    expect(formatNumber(Number.NaN)).toBe('0');
  });
});
