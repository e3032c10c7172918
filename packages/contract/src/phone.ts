/**
 * Ugandan mobile numbers are kept as +2567XXXXXXXX (decisions.md, Uganda formats): 7 and eight more
 * digits after the country code. People may type them as 07XXXXXXXX, 2567XXXXXXXX or +2567XXXXXXXX.
 * This is the one check, for the public forms, user records and every mobile-money request.
 * This module imports nothing.
 */

export const UGANDAN_MOBILE_MESSAGE = 'Enter a Ugandan mobile number like 0772 123 456';

/**
 * The stored +2567XXXXXXXX form of a typed number, or null. Spaces and hyphens may group the digits
 * ("0772 123 456", "+256 772-123-456"), as Ugandan numbers are written. Brackets and dots are not
 * dropped: an older server copy dropped them too, which let "(07)72.123.456" through as a number to
 * send money to; a number for mobile money should be typed the way it is dialled.
 */
export function normalizeUgandanMobile(input: string): string | null {
  const match = /^(?:\+?256|0)(7\d{8})$/.exec(input.replace(/[\s-]/g, ''));
  return match?.[1] ? `+256${match[1]}` : null;
}

export function isUgandanMobile(input: string): boolean {
  return normalizeUgandanMobile(input) !== null;
}
