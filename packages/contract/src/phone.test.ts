import { describe, expect, it } from 'vitest';
import { isUgandanMobile, normalizeUgandanMobile } from './phone.ts';

describe('normalizeUgandanMobile', () => {
  it.each([
    ['0772123456', '+256772123456'],
    ['+256772123456', '+256772123456'],
    ['256772123456', '+256772123456'],
    ['0772 123 456', '+256772123456'],
    ['0772 123456', '+256772123456'],
    ['+256 772-123-456', '+256772123456'],
    [' 0700 000 001 ', '+256700000001'],
  ])('keeps %j as %s', (typed, stored) => {
    expect(normalizeUgandanMobile(typed)).toBe(stored);
  });

  it.each([
    ['a landline', '0414123456'],
    ['a prefix that is not mobile', '0872123456'],
    ['a Kenyan number', '+254712345678'],
    ['the trunk 0 after the country code', '+2560772123456'],
    ['the 00 international prefix', '00256772123456'],
    ['too short', '077212345'],
    ['too long', '07721234567'],
    ['too short after 256', '+25677212345'],
    ['too long after 256', '+2567721234567'],
    ['letters', '0772ABC456'],
    ['brackets', '(0772) 123456'],
    ['dots', '0772.123.456'],
    ['nothing', ''],
  ])('refuses %s (%j)', (_label, typed) => {
    expect(normalizeUgandanMobile(typed)).toBeNull();
    expect(isUgandanMobile(typed)).toBe(false);
  });
});
