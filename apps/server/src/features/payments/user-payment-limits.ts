import { formatUgx, kampalaDate, startOfKampalaDate } from '@sente/contract';
import type { UserPaymentLimits } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ConflictError, InvalidInputError } from '../../domain-error.ts';
import type { ProviderName } from './payment-provider.ts';
import { countOpenUserPayments, userPaymentsSince } from './payments.repo.ts';
import type { TransactionType } from './platform-transaction.ts';

/**
 * The providers' own largest single transaction in UGX. Both follow the Bank of Uganda's mobile-money
 * limits in force since 1 March 2022: at most 5,000,000 in one transaction and 20,000,000 a day for
 * a fully registered ("high value") account (MTN Uganda's MoMo Key Facts Document, mtn.co.ug; the
 * same caps announced for Airtel Money). An amount above it would only be refused by the provider,
 * after a prompt had gone out, so it is refused here first.
 */
export const PROVIDER_MAX_PER_TRANSACTION: Readonly<Record<ProviderName, number>> = {
  mtn: 5_000_000,
  airtel: 5_000_000,
};

const PROVIDER_LABEL: Record<ProviderName, string> = { mtn: 'MTN Mobile Money', airtel: 'Airtel Money' };

/** Collections (money in, a prompt on the user's phone) and payouts (money out) count apart. */
export const COLLECTIONS: TransactionType[] = ['DEPOSIT', 'REPAYMENT'];
export const PAYOUTS: TransactionType[] = ['WITHDRAWAL'];

export function isCollection(type: TransactionType): boolean {
  return COLLECTIONS.includes(type);
}

/**
 * Refuses a payment a user starts when it breaks a limit: the provider's maximum, the per-payment and
 * per-day (Kampala day, per direction) limits, and the number of collection prompts already waiting.
 * Reads through the payment's transaction, which holds the user's lock, so concurrent requests of
 * one user are counted one after the other.
 */
export async function checkUserPaymentLimits(
  tx: DbOrTx,
  input: {
    limits: UserPaymentLimits;
    now: Date;
    userId: number;
    type: TransactionType;
    amount: number;
    provider: ProviderName;
  },
): Promise<void> {
  const { limits, amount } = input;
  const providerMax = PROVIDER_MAX_PER_TRANSACTION[input.provider];
  if (amount > providerMax) {
    const message = `${PROVIDER_LABEL[input.provider]} takes at most ${formatUgx(providerMax)} in one payment`;
    throw new InvalidInputError('AMOUNT_ABOVE_PROVIDER_LIMIT', message, { amount: [message] });
  }
  if (amount > limits.perTransaction) {
    const message = `At most ${formatUgx(limits.perTransaction)} in one payment`;
    throw new InvalidInputError('AMOUNT_ABOVE_LIMIT', message, { amount: [message] });
  }
  const collection = isCollection(input.type);
  const types = collection ? COLLECTIONS : PAYOUTS;
  if (collection) {
    const open = await countOpenUserPayments(tx, { userId: input.userId, types });
    if (open >= limits.openPrompts) {
      throw new ConflictError(
        'TOO_MANY_OPEN_PROMPTS',
        `${open} payment ${open === 1 ? 'request is' : 'requests are'} already waiting on your phone. Approve or decline ${open === 1 ? 'it' : 'them'} first.`,
      );
    }
  }
  const today = await userPaymentsSince(tx, {
    userId: input.userId,
    types,
    since: startOfKampalaDate(kampalaDate(input.now)),
  });
  if (today + amount > limits.perDay) {
    const left = Math.max(0, limits.perDay - today);
    const what = collection ? 'paid in' : 'paid out';
    const message =
      left > 0
        ? `At most ${formatUgx(limits.perDay)} can be ${what} a day; ${formatUgx(left)} is left today`
        : `At most ${formatUgx(limits.perDay)} can be ${what} a day, and today's is used up. Try again tomorrow.`;
    throw new InvalidInputError('DAILY_LIMIT_REACHED', message, { amount: [message] });
  }
}
