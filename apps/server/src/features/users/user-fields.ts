import { normalizeUgandanMobile, UGANDAN_MOBILE_MESSAGE } from '@sente/contract';

/** Field rules shared by creating and editing a user; each returns the stored form or an error message. */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 100;

export function checkName(input: string): FieldCheck<string> {
  const name = input.trim().replace(/\s+/g, ' ');
  if (name.length < NAME_MIN_LENGTH || name.length > NAME_MAX_LENGTH) {
    return { ok: false, message: `Name must be ${NAME_MIN_LENGTH} to ${NAME_MAX_LENGTH} characters` };
  }
  return { ok: true, value: name };
}

/** Emails are stored lower-cased (unique among open accounts). */
export function checkEmail(input: string): FieldCheck<string> {
  const email = input.trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email) || email.length > 254) {
    return { ok: false, message: 'Enter a valid email address' };
  }
  return { ok: true, value: email };
}

/** Empty means no phone number; anything else must be a Ugandan mobile number. */
export function checkPhone(input: string | null | undefined): FieldCheck<string | null> {
  if (input === null || input === undefined || input.trim() === '') return { ok: true, value: null };
  const phone = normalizeUgandanMobile(input);
  if (!phone) return { ok: false, message: UGANDAN_MOBILE_MESSAGE };
  return { ok: true, value: phone };
}
