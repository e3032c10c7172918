import { formatUgx, normalizeUgandanMobile, parseUgx, UGANDAN_MOBILE_MESSAGE } from '@sente/contract';

export type WalletAction = 'deposit' | 'withdraw';

export interface WalletRequestInput {
  readonly action: WalletAction;
  /** As typed: "50,000", "UGX 50000". */
  readonly amount: string;
  readonly phone: string;
  /** Cash available to withdraw; null while it is not known (the server still checks). */
  readonly available: number | null;
}

export type WalletCheck =
  | { readonly isValid: true; readonly body: { readonly amount: number; readonly phone_number: string } }
  | {
      readonly isValid: false;
      readonly errors: Readonly<Record<'amount' | 'phone_number', string | undefined>>;
    };

/**
 * A deposit or withdrawal checked before it is sent, in the words the server would use: a whole
 * amount above 0, a Ugandan mobile number, and never a withdrawal above the cash available.
 */
export function checkWalletRequest(input: WalletRequestInput): WalletCheck {
  const amount = parseUgx(input.amount);
  let amountError: string | undefined;
  if (amount === null || amount <= 0) {
    amountError = 'Enter the amount in whole shillings, like 50,000';
  } else if (input.action === 'withdraw' && input.available !== null && amount > input.available) {
    amountError =
      input.available > 0
        ? `You have ${formatUgx(input.available)} available; withdraw that or less`
        : 'There is nothing in your wallet to withdraw yet';
  }
  const phone = normalizeUgandanMobile(input.phone);
  let phoneError: string | undefined;
  if (!input.phone.trim()) {
    phoneError =
      input.action === 'deposit' ? 'Choose the number to pay from' : 'Choose the number to send the money to';
  } else if (!phone) {
    phoneError = UGANDAN_MOBILE_MESSAGE;
  }
  if (amount === null || phone === null || amountError || phoneError) {
    return { isValid: false, errors: { amount: amountError, phone_number: phoneError } };
  }
  return { isValid: true, body: { amount, phone_number: phone } };
}
