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

  it('matches the text anywhere, and a phone number typed from its start as the start of its +256 form', () => {
    expect(userSearchPatterns(' Nakato ')).toEqual({
      text: '%Nakato%',
      phonePrefix: null,
      phoneDigits: null,
    });
    expect(userSearchPatterns('0772 123')).toEqual({
      text: '%0772 123%',
      phonePrefix: '+256772123%',
      phoneDigits: null,
    });
    expect(userSearchPatterns('+256 772')).toEqual({
      text: '%+256 772%',
      phonePrefix: '+256772%',
      phoneDigits: null,
    });
    expect(userSearchPatterns('256772')).toEqual({
      text: '%256772%',
      phonePrefix: '+256772%',
      phoneDigits: null,
    });
  });

  it('finds other digits anywhere in the number, spaces and dashes ignored', () => {
    // Typed without spaces, the text pattern already finds them in the stored number.
    expect(userSearchPatterns('4567')).toEqual({ text: '%4567%', phonePrefix: null, phoneDigits: null });
    expect(userSearchPatterns('123-456')).toEqual({
      text: '%123-456%',
      phonePrefix: null,
      phoneDigits: '%123456%',
    });
  });
});

describe('userSearchPatterns with control characters', () => {
  it('drops them, so they can neither match the field separator nor fail in the database', () => {
    expect(userSearchPatterns('na\u001fkato\u0000')).toEqual({
      text: '%nakato%',
      phonePrefix: null,
      phoneDigits: null,
    });
    expect(userSearchPatterns('\u0001\u0002')).toBeNull();
  });
});
