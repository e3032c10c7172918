import { describe, expect, it } from 'vitest';
import { checkInstitution, checkKyc, latestAdultBirthDate } from './kyc-checks.ts';

const now = new Date('2025-05-13T09:00:00Z');
const valid = {
  date_of_birth: '1990-01-31',
  gender: 'Female',
  address: 'Plot 4, Ntinda',
  national_id: 'cf 1234 5678 901a',
} as const;

describe('checkKyc', () => {
  it('accepts a complete record, the NIN in any spacing and case', () => {
    expect(checkKyc(valid, now)).toEqual({});
  });

  it('refuses someone under 18 on the day before the 18th birthday, and accepts them on it', () => {
    expect(checkKyc({ ...valid, date_of_birth: '2007-05-14' }, now).date_of_birth).toBe(
      'You must be at least 18 years old',
    );
    expect(checkKyc({ ...valid, date_of_birth: '2007-05-13' }, now)).toEqual({});
  });

  it('names every missing field and a malformed NIN', () => {
    expect(
      checkKyc({ date_of_birth: '', gender: '', address: ' ', national_id: 'CX12345678901A' }, now),
    ).toEqual({
      date_of_birth: 'Enter your date of birth',
      gender: 'Choose your gender',
      address: 'Enter your address',
      national_id: 'A NIN has 14 letters and digits and starts with CM or CF, like CM12345678901A',
    });
  });

  it('refuses a date that is not on the calendar', () => {
    expect(checkKyc({ ...valid, date_of_birth: '1990-02-30' }, now).date_of_birth).toBe('Enter a real date');
  });
});

describe('latestAdultBirthDate', () => {
  it('is the same Kampala day 18 years back', () => {
    expect(latestAdultBirthDate(now)).toBe('2007-05-13');
  });
});

describe('checkInstitution', () => {
  it('accepts a URSB number in any case and spacing and a contact name', () => {
    expect(
      checkInstitution({ registration_number: ' ursb/2019/004411 ', contact_person: 'Sarah  Achieng' }),
    ).toEqual({});
  });

  it('asks for both when blank, and says what a registration number looks like', () => {
    expect(checkInstitution({ registration_number: '  ', contact_person: '' })).toEqual({
      registration_number: 'Enter the registration number',
      contact_person: "Enter the contact person's name",
    });
    expect(checkInstitution({ registration_number: '#1', contact_person: '42' })).toEqual({
      registration_number:
        'A registration number is 3 to 40 letters and digits (spaces, "/", "-" and "." allowed)',
      contact_person: "Enter the contact person's name, 2 to 100 characters",
    });
  });
});
