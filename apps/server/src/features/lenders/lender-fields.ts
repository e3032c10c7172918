import type { LenderKind } from '@sente/contract';
import type { FieldMessages } from '../../domain-error.ts';
import type { LenderProfileValues } from './lenders.repo.ts';

/** The lender's own part of its KYC, as a client sends it: only the fields present change. */
export interface LenderFieldsInput {
  readonly kind?: LenderKind | undefined;
  /** An institution's registration number (URSB); null or "" removes it. */
  readonly registrationNumber?: string | null | undefined;
  /** The person at an institution Sente deals with; null or "" removes it. */
  readonly contactPerson?: string | null | undefined;
}

const REGISTRATION_NUMBER = /^[A-Z0-9][A-Z0-9 ./-]{2,39}$/;
const CONTACT_MIN = 2;
const CONTACT_MAX = 100;

function tidy(text: string | null | undefined): string | null {
  return text?.trim().replace(/\s+/g, ' ') || null;
}

/** The stored form of the fields sent, and a message per bad one. */
export function checkLenderFields(input: LenderFieldsInput): {
  values: LenderProfileValues;
  details: FieldMessages;
} {
  const values: LenderProfileValues = {};
  const details: FieldMessages = {};
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.registrationNumber !== undefined) {
    const number = tidy(input.registrationNumber)?.toUpperCase() ?? null;
    if (number !== null && !REGISTRATION_NUMBER.test(number)) {
      details.registration_number = [
        'A registration number is 3 to 40 letters and digits (spaces, "/", "-" and "." allowed)',
      ];
    } else {
      values.registrationNumber = number;
    }
  }
  if (input.contactPerson !== undefined) {
    const person = tidy(input.contactPerson);
    if (
      person !== null &&
      (person.length < CONTACT_MIN || person.length > CONTACT_MAX || !/\p{L}/u.test(person))
    ) {
      details.contact_person = [
        `Enter the contact person's name, ${CONTACT_MIN} to ${CONTACT_MAX} characters`,
      ];
    } else {
      values.contactPerson = person;
    }
  }
  return { values, details };
}
