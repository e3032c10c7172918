import { describe, expect, it } from 'vitest';
import {
  formatNumber,
  formatSignedUgx,
  formatUgx,
  fromUgxString,
  isUgx,
  nonNegativeUgx,
  parseUgx,
  toUgxString,
  UGX_STRING_PATTERN,
  ugx,
  ugxOrZero,
} from './money.ts';

describe('ugx', () => {
  it('takes whole shillings, below zero too', () => {
    expect(ugx(1_500_000)).toBe(1_500_000);
    expect(ugx(-20_000)).toBe(-20_000);
    expect(isUgx(0)).toBe(true);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])('refuses %s', (value) => {
    expect(isUgx(value)).toBe(false);
    expect(() => ugx(value)).toThrow(RangeError);
  });

  it('refuses a string that looks like a number', () => {
    expect(isUgx('1000')).toBe(false);
  });

  it('refuses below zero where an amount of money is meant', () => {
    expect(nonNegativeUgx(0)).toBe(0);
    expect(() => nonNegativeUgx(-1)).toThrow(RangeError);
  });
});

describe('formatUgx', () => {
  it.each([
    [0, 'UGX 0'],
    [-0, 'UGX 0'],
    [1, 'UGX 1'],
    [1_000_000, 'UGX 1,000,000'],
    [1_250_000, 'UGX 1,250,000'],
    [-45_000, 'UGX -45,000'],
    [Number.MAX_SAFE_INTEGER, 'UGX 9,007,199,254,740,991'],
  ])('shows %s as %s', (amount, shown) => {
    expect(formatUgx(amount)).toBe(shown);
  });

  it('reads wire amounts', () => {
    expect(formatUgx('1500000.00')).toBe('UGX 1,500,000');
    expect(formatUgx('350000')).toBe('UGX 350,000');
    expect(formatUgx('-45000.00')).toBe('UGX -45,000');
  });

  it('shows 0 for an invalid or empty amount (spec section 5)', () => {
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

  it('shows a stray fraction to the shilling, and never "-0"', () => {
    expect(formatUgx(1499.6)).toBe('UGX 1,500');
    expect(formatUgx(-0)).toBe('UGX 0');
    expect(formatUgx(-0.2)).toBe('UGX 0');
  });

  it('groups by the locale it is given', () => {
    expect(formatUgx('1234567.00', 'de-DE')).toBe('UGX 1.234.567');
  });
});

describe('formatSignedUgx', () => {
  it('signs money in with + and money out with a minus sign', () => {
    expect(formatSignedUgx('120000.00', 'CREDIT')).toBe('+UGX 120,000');
    expect(formatSignedUgx('120000.00', 'DEBIT')).toBe('\u2212UGX 120,000');
    expect(formatSignedUgx(-5000, 'DEBIT')).toBe('\u2212UGX 5,000');
    expect(formatSignedUgx('oops', 'CREDIT')).toBe('+UGX 0');
  });
});

describe('formatNumber', () => {
  it('groups counts in thousands', () => {
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(Number.NaN)).toBe('0');
  });
});

describe('toUgxString and fromUgxString', () => {
  it('writes whole shillings with two places, as the API does', () => {
    expect(toUgxString(1_500_000)).toBe('1500000.00');
    expect(toUgxString(0)).toBe('0.00');
    expect(toUgxString(-0)).toBe('0.00');
    expect(toUgxString(-20_000)).toBe('-20000.00');
    expect(UGX_STRING_PATTERN.test(toUgxString(Number.MAX_SAFE_INTEGER))).toBe(true);
  });

  it('refuses to write a fraction of a shilling', () => {
    expect(() => toUgxString(10.5)).toThrow(RangeError);
    expect(() => toUgxString(Number.NaN)).toThrow(RangeError);
  });

  it('reads back what it writes', () => {
    for (const amount of [0, 1, 1_500_000, -20_000, Number.MAX_SAFE_INTEGER]) {
      expect(fromUgxString(toUgxString(amount))).toBe(amount);
    }
  });

  it.each([
    ['1500000', 1_500_000],
    ['1500000.0', 1_500_000],
    [' 42 ', 42],
  ])('reads the wire form %j', (text, amount) => {
    expect(fromUgxString(text)).toBe(amount);
  });

  it.each(['0.5', '1,000', 'UGX 5,000', '', 'abc', '99999999999999999'])('reads %j as nothing', (text) => {
    expect(fromUgxString(text)).toBeNull();
  });
});

describe('parseUgx', () => {
  it.each([
    ['1,000', 1_000],
    ['UGX 5,000', 5_000],
    [' 12 ', 12],
    ['1,250,000', 1_250_000],
    ['1500000.00', 1_500_000],
    ['5,000 UGX', 5_000],
    ['ugx 700', 700],
    ['0', 0],
  ])('reads %j as %i', (text, amount) => {
    expect(parseUgx(text)).toBe(amount);
  });

  it.each([
    ['a fraction of a shilling', '1.5'],
    ['a word', 'abc'],
    ['nothing', ''],
    ['only blanks', '   '],
    ['only the currency', 'UGX'],
    ['a negative', '-5,000'],
    ['commas out of place', '1,00,000'],
    ['a decimal comma', '1000,50'],
    ['more than a safe integer', '9,007,199,254,740,993'],
  ])('answers null for %s (%j)', (_label, text) => {
    expect(parseUgx(text)).toBeNull();
  });
});

describe('ugxOrZero', () => {
  it('reads what a screen is given as whole shillings, 0 when invalid', () => {
    expect(ugxOrZero('1500000.00')).toBe(1_500_000);
    expect(ugxOrZero(' 42 ')).toBe(42);
    expect(ugxOrZero('0.5')).toBe(0);
    expect(ugxOrZero(1499.6)).toBe(1500);
    expect(ugxOrZero(null)).toBe(0);
    expect(ugxOrZero(1e300)).toBe(0);
  });
});
