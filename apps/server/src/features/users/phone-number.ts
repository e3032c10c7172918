import { normalizeUgandanMobile, UGANDAN_MOBILE_MESSAGE } from '@sente/contract';
import { BadRequestError } from '../../http/errors.ts';

/** The normalized number of a mobile-money request, or a 400 that says which numbers work. */
export function mobileMoneyNumberOrRefuse(input: string): string {
  const phone = normalizeUgandanMobile(input);
  if (!phone) throw new BadRequestError(UGANDAN_MOBILE_MESSAGE, { phone_number: [UGANDAN_MOBILE_MESSAGE] });
  return phone;
}
