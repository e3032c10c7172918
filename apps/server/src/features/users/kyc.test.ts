import { describe, expect, it } from 'vitest';
import { DomainError } from '../../domain-error.ts';
import { validateKyc } from './kyc.ts';

const TODAY = '2025-06-15';

function detailsOf(run: () => unknown): Record<string, string[]> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'invalid') return error.details;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('validateKyc', () => {
  it('returns the stored form of good details: trimmed address, upper-case NIN without spaces', () => {
    expect(
      validateKyc(
        {
          dateOfBirth: '1990-03-21',
          gender: 'Female',
          address: '  Plot 12,   Ntinda Road, Kampala ',
          nationalId: 'cf90 0341 02ab cd',
        },
        TODAY,
      ),
    ).toEqual({
      dateOfBirth: '1990-03-21',
      gender: 'Female',
      address: 'Plot 12, Ntinda Road, Kampala',
      nationalId: 'CF90034102ABCD',
    });
  });

  it('checks and returns only the fields given', () => {
    expect(validateKyc({ address: 'Gulu Main Street' }, TODAY)).toEqual({ address: 'Gulu Main Street' });
    expect(validateKyc({ nationalId: null, dateOfBirth: '' }, TODAY)).toEqual({
      nationalId: null,
      dateOfBirth: null,
    });
  });

  it('accepts a user whose 18th birthday is today and refuses one whose birthday is tomorrow', () => {
    expect(validateKyc({ dateOfBirth: '2007-06-15' }, TODAY)).toEqual({ dateOfBirth: '2007-06-15' });
    expect(detailsOf(() => validateKyc({ dateOfBirth: '2007-06-16' }, TODAY))).toEqual({
      date_of_birth: ['The user must be at least 18 years old'],
    });
  });

  it.each(['2001-02-30', '1990-13-01', '21/03/1990', '1899-12-31', '2030-01-01', 'yesterday'])(
    'refuses the date of birth %s',
    (dateOfBirth) => {
      expect(detailsOf(() => validateKyc({ dateOfBirth }, TODAY))).toHaveProperty('date_of_birth');
    },
  );

  it.each([
    'CM9001234567AB1', // 15 characters
    'CM9001234567A', // 13 characters
    'CX90012345678A', // neither M nor F
    'AM90012345678A', // not C
    'CM900123-5678A', // a symbol
    'CM90012345678Ä', // not a Latin letter
  ])('refuses the National Identification Number %s', (nationalId) => {
    expect(detailsOf(() => validateKyc({ nationalId }, TODAY))).toHaveProperty('national_id');
  });

  it('refuses a NIN whose sex letter contradicts the gender', () => {
    expect(detailsOf(() => validateKyc({ gender: 'Male', nationalId: 'CF90034102ABCD' }, TODAY))).toEqual({
      national_id: ['The National Identification Number does not match the gender'],
    });
  });

  it('refuses an unknown gender and a too-short address, naming every bad field', () => {
    const details = detailsOf(() =>
      validateKyc({ gender: 'Other' as 'Male', address: 'x', dateOfBirth: '2020-01-01' }, TODAY),
    );
    expect(Object.keys(details ?? {}).sort()).toEqual(['address', 'date_of_birth', 'gender']);
  });
});
