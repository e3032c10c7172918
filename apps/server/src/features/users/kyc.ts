import {
  ageOn,
  type Gender,
  isCalendarDate,
  KYC_MIN_AGE_YEARS,
  NATIONAL_ID_PATTERN,
  normalizeNationalId,
} from '@sente/contract';
import { type FieldMessages, InvalidInputError } from '../../domain-error.ts';
import type { KycValues } from './kyc.repo.ts';

export interface KycInput {
  readonly dateOfBirth?: string | null | undefined;
  readonly gender?: Gender | null | undefined;
  readonly address?: string | null | undefined;
  readonly nationalId?: string | null | undefined;
}

const ADDRESS_MIN = 3;
const ADDRESS_MAX = 200;
const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * Checks KYC fields and returns their stored form; throws 400 with a message per bad field.
 * Only the fields present in `input` are checked and returned (a partial update).
 * `today` is the Kampala calendar day the 18-year minimum age is measured on.
 */
export function validateKyc(input: KycInput, today: string): KycValues {
  const { values, details } = checkKyc(input, today);
  if (Object.keys(details).length > 0)
    throw new InvalidInputError('INVALID_KYC', 'Invalid KYC details', details);
  return values;
}

/** The same checks, answering the problems instead of throwing, so a caller can add its own. */
export function checkKyc(input: KycInput, today: string): { values: KycValues; details: FieldMessages } {
  const details: FieldMessages = {};
  const values: KycValues = {};

  if (input.dateOfBirth !== undefined) {
    const dob = input.dateOfBirth?.trim() || null;
    if (dob !== null && (!isCalendarDate(dob) || dob < EARLIEST_BIRTH_DATE || dob > today)) {
      details.date_of_birth = ['Enter a real date of birth as YYYY-MM-DD'];
    } else if (dob !== null && ageOn(dob, today) < KYC_MIN_AGE_YEARS) {
      details.date_of_birth = [`The user must be at least ${KYC_MIN_AGE_YEARS} years old`];
    } else {
      values.dateOfBirth = dob;
    }
  }

  if (input.gender !== undefined) {
    if (input.gender !== null && input.gender !== 'Male' && input.gender !== 'Female') {
      details.gender = ['Gender must be Male or Female'];
    } else {
      values.gender = input.gender;
    }
  }

  if (input.address !== undefined) {
    const address = input.address?.trim().replace(/\s+/g, ' ') || null;
    if (address !== null && (address.length < ADDRESS_MIN || address.length > ADDRESS_MAX)) {
      details.address = [`Address must be ${ADDRESS_MIN} to ${ADDRESS_MAX} characters`];
    } else {
      values.address = address;
    }
  }

  if (input.nationalId !== undefined) {
    const nin = input.nationalId ? normalizeNationalId(input.nationalId) || null : null;
    if (nin !== null && !NATIONAL_ID_PATTERN.test(nin)) {
      details.national_id = [
        'A National Identification Number is 14 letters and digits starting with CM or CF',
      ];
    } else if (nin !== null && input.gender && nin[1] !== input.gender[0]) {
      // The NIN's second letter records the holder's sex (CM male, CF female).
      details.national_id = ['The National Identification Number does not match the gender'];
    } else {
      values.nationalId = nin;
    }
  }

  return { values, details };
}
