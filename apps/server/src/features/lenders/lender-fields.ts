import { institutionFieldProblem, type LenderKind, tidyLenderText } from '@sente/contract';
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

/** The stored form of the fields sent, and a message per bad one (the rules are the contract's). */
export function checkLenderFields(input: LenderFieldsInput): {
  values: LenderProfileValues;
  details: FieldMessages;
} {
  const values: LenderProfileValues = {};
  const details: FieldMessages = {};
  if (input.kind !== undefined) values.kind = input.kind;
  if (input.registrationNumber !== undefined) {
    const number = tidyLenderText(input.registrationNumber)?.toUpperCase() ?? null;
    const problem = institutionFieldProblem('registration_number', number);
    if (problem) details.registration_number = [problem];
    else values.registrationNumber = number;
  }
  if (input.contactPerson !== undefined) {
    const person = tidyLenderText(input.contactPerson);
    const problem = institutionFieldProblem('contact_person', person);
    if (problem) details.contact_person = [problem];
    else values.contactPerson = person;
  }
  return { values, details };
}
