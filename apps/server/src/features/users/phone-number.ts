import { normalizeUgandanMobile, UGANDAN_MOBILE_MESSAGE } from '@sente/contract';
import { InvalidInputError } from '../../domain-error.ts';

/** The normalized number of a mobile-money request, or a refusal that says which numbers work. */
export function mobileMoneyNumberOrRefuse(input: string): string {
  const phone = normalizeUgandanMobile(input);
  if (!phone) {
    throw new InvalidInputError('INVALID_PHONE_NUMBER', UGANDAN_MOBILE_MESSAGE, {
      phone_number: [UGANDAN_MOBILE_MESSAGE],
    });
  }
  return phone;
}
