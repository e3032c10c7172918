import {
  ageOn,
  institutionFieldProblem,
  isCalendarDate,
  isValidNationalId,
  KYC_MIN_AGE_YEARS,
  kampalaDate,
  normalizeNationalId,
  tidyLenderText,
} from '@sente/contract';

export interface KycDraft {
  readonly date_of_birth: string;
  readonly gender: '' | 'Male' | 'Female';
  readonly address: string;
  readonly national_id: string;
}

/**
 * The checks the server makes (docs/users.md, KYC), run before sending so a slow network is not
 * spent on a typo. The server checks again and its messages win.
 */
export function checkKyc(draft: KycDraft, now: Date = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!draft.date_of_birth) errors.date_of_birth = 'Enter your date of birth';
  else if (!isCalendarDate(draft.date_of_birth)) errors.date_of_birth = 'Enter a real date';
  else if (ageOn(draft.date_of_birth, kampalaDate(now)) < KYC_MIN_AGE_YEARS) {
    errors.date_of_birth = `You must be at least ${KYC_MIN_AGE_YEARS} years old`;
  }
  if (!draft.gender) errors.gender = 'Choose your gender';
  if (!draft.address.trim()) errors.address = 'Enter your address';
  if (!draft.national_id.trim()) errors.national_id = 'Enter your National Identification Number';
  else if (!isValidNationalId(draft.national_id)) {
    errors.national_id = 'A NIN has 14 letters and digits and starts with CM or CF, like CM12345678901A';
  }
  return errors;
}

/** The latest date of birth that is at least 18 years before today, for the date picker's max. */
export function latestAdultBirthDate(now: Date = new Date()): string {
  const [year, month, day] = kampalaDate(now).split('-');
  return `${Number(year) - KYC_MIN_AGE_YEARS}-${month}-${day}`;
}

export { normalizeNationalId };

/** An institution lender's KYC: its registration number and the person Sente deals with. */
export interface InstitutionDraft {
  readonly registration_number: string;
  readonly contact_person: string;
}

/** The server's institution checks (the contract's rules), with "enter it" for a blank field. */
export function checkInstitution(draft: InstitutionDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const number = tidyLenderText(draft.registration_number);
  const person = tidyLenderText(draft.contact_person);
  const numberProblem = institutionFieldProblem('registration_number', number);
  const personProblem = institutionFieldProblem('contact_person', person);
  if (number === null) errors.registration_number = 'Enter the registration number';
  else if (numberProblem) errors.registration_number = numberProblem;
  if (person === null) errors.contact_person = "Enter the contact person's name";
  else if (personProblem) errors.contact_person = personProblem;
  return errors;
}
