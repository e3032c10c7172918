import { describe, expect, it } from 'vitest';
import { formatRate, parseRate, RATE_STRING_PATTERN, rateToBasisPoints, toRateString } from './rate.ts';

describe('parseRate', () => {
  it.each([
    ['2.80', 280],
    ['2.8', 280],
    [' 2.8 ', 280],
    ['0.05', 5],
    ['3', 300],
    ['0', 0],
    [2.8, 280],
    [2.75, 275],
  ])('reads %j as %i basis points', (value, basisPoints) => {
    expect(parseRate(value)).toBe(basisPoints);
  });

  it.each(['2.805', '', 'abc', '-1', '2,8', '1000', '2.8%', 2.805, -1])('answers null for %j', (value) => {
    expect(parseRate(value)).toBeNull();
  });

  it('throws only for a rate that was supposed to be good already', () => {
    expect(rateToBasisPoints('2.80')).toBe(280);
    expect(() => rateToBasisPoints('2.805')).toThrow(RangeError);
  });
});

describe('toRateString', () => {
  it('writes the wire form with two places', () => {
    expect(toRateString(280)).toBe('2.80');
    expect(toRateString(5)).toBe('0.05');
    expect(toRateString(1000)).toBe('10.00');
    expect(RATE_STRING_PATTERN.test(toRateString(280))).toBe(true);
  });

  it('reads back what it writes', () => {
    for (const basisPoints of [0, 5, 100, 275, 280, 99_999]) {
      expect(parseRate(toRateString(basisPoints))).toBe(basisPoints);
    }
  });

  it('refuses anything but whole basis points from 0', () => {
    expect(() => toRateString(2.8)).toThrow(RangeError);
    expect(() => toRateString(-1)).toThrow(RangeError);
  });
});

describe('formatRate', () => {
  it.each([
    [280, '2.8% per month'],
    [275, '2.75% per month'],
    [300, '3% per month'],
    [5, '0.05% per month'],
    [0, '0% per month'],
  ])('shows %i basis points as %j', (basisPoints, shown) => {
    expect(formatRate(basisPoints)).toBe(shown);
  });
});
