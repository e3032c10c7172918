import { InvalidInputError } from '../../domain-error.ts';

/**
 * Ugandan mobile numbers are kept as +2567XXXXXXXX (decisions.md, Uganda formats). Accepts the
 * forms people type: 0772 123456, 256772123456, +256 772-123-456.
 */
export function normalizeUgandanPhone(input: string): string | null {
  const digits = input.replace(/[\s().-]/g, '');
  const match = /^(?:\+?256|0)(7\d{8})$/.exec(digits);
  return match ? `+256${match[1]}` : null;
}

/** The normalized number of a mobile-money request, or a 400 that says which numbers work. */
export function mobileMoneyNumberOrRefuse(input: string): string {
  const phone = normalizeUgandanPhone(input);
  if (!phone) {
    throw new InvalidInputError('INVALID_PHONE_NUMBER', 'Enter a Ugandan mobile number like 0772 123456', {
      phone_number: ['Enter a Ugandan mobile number like 0772 123456'],
    });
  }
  return phone;
}
