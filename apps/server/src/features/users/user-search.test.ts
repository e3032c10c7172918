import { describe, expect, it } from 'vitest';
import { escapeLikePattern, userSearchPatterns } from './user-search.ts';

describe('escapeLikePattern', () => {
  it('escapes %, _ and the backslash so they match literally', () => {
    expect(escapeLikePattern('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });
});

describe('userSearchPatterns', () => {
  it('answers null for an empty or blank search', () => {
    expect(userSearchPatterns('')).toBeNull();
    expect(userSearchPatterns('   ')).toBeNull();
  });

  it('matches the text anywhere, and a local phone number in its +256 form', () => {
    expect(userSearchPatterns(' Nakato ')).toEqual({ text: '%Nakato%', phone: null });
    expect(userSearchPatterns('0772 123')).toEqual({ text: '%0772 123%', phone: '%256772123%' });
    expect(userSearchPatterns('+256 772')).toEqual({ text: '%+256 772%', phone: '%256772%' });
    expect(userSearchPatterns('4567')).toEqual({ text: '%4567%', phone: '%4567%' });
  });
});

describe('userSearchPatterns with control characters', () => {
  it('drops them, so they can neither match the field separator nor fail in the database', () => {
    expect(userSearchPatterns('na\u001fkato\u0000')).toEqual({ text: '%nakato%', phone: null });
    expect(userSearchPatterns('\u0001\u0002')).toBeNull();
  });
});
