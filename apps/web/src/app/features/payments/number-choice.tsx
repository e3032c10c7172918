import { formatKampalaDateTime, type PaymentNumber } from '@sente/contract';
import { useEffect, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { RadioCard } from '../../../ui/radio-card.tsx';
import { textLinkClass } from '../../../ui/text-link.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { usePaymentNumbers } from './use-payment-numbers.ts';

export type NumberUse = 'collect' | 'payout';

const usable = (number: PaymentNumber, use: NumberUse) =>
  use === 'collect' ? number.can_collect : number.can_pay_out;

/** Why a number of the user's cannot be used this way yet. */
function whyNot(number: PaymentNumber, use: NumberUse): string {
  if (!number.confirmed_at) return `${number.phone_number} is not confirmed yet.`;
  if (use === 'payout' && number.payouts_from) {
    return `Withdrawals to ${number.phone_number} start on ${formatKampalaDateTime(number.payouts_from)}.`;
  }
  return `${number.phone_number} cannot be used yet.`;
}

/**
 * The mobile-money number a payment moves to or from, chosen among the user's own (money never moves
 * to or from any other number: docs/money.md). Picks the first usable one when nothing is chosen.
 */
export function NumberChoice({
  use,
  value,
  onChange,
  error,
}: {
  readonly use: NumberUse;
  readonly value: string;
  readonly onChange: (phoneNumber: string) => void;
  readonly error?: string | undefined;
}) {
  const numbers = usePaymentNumbers();
  const errorId = useId();
  const choices = numbers.data?.numbers.filter((n) => usable(n, use)) ?? [];
  const first = choices[0]?.phone_number;
  const isChosen = choices.some((n) => n.phone_number === value);
  useEffect(() => {
    if (first && !isChosen) onChange(first);
  }, [first, isChosen, onChange]);

  return (
    <QueryState query={numbers} label="your mobile-money numbers">
      {({ numbers: all }) => (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
            {use === 'collect' ? 'Mobile-money number to pay from' : 'Mobile-money number to send to'}
          </legend>
          {all
            .filter((n) => usable(n, use))
            .map((n) => (
              <RadioCard
                key={n.phone_number}
                name="phone_number"
                value={n.phone_number}
                checked={value === n.phone_number}
                onChange={() => onChange(n.phone_number)}
                invalid={Boolean(error)}
                describedBy={error ? errorId : undefined}
              >
                {n.phone_number}
                {n.kind === 'on_file' ? ' (the number on your account)' : ''}
              </RadioCard>
            ))}
          {all
            .filter((n) => !usable(n, use))
            .map((n) => (
              <p key={n.phone_number} className="text-sm text-slate-700 dark:text-slate-300">
                {whyNot(n, use)}
              </p>
            ))}
          {all.every((n) => !usable(n, use)) ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Money moves only to and from your own confirmed numbers.
            </p>
          ) : null}
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {use === 'collect'
              ? 'MTN MoMo or Airtel Money. Your phone asks you to approve the payment with your PIN.'
              : 'MTN MoMo or Airtel Money. The money arrives on this number.'}
          </p>
          {error ? (
            <p id={errorId} className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <Link to={paths.appNumbers} className={textLinkClass}>
            Add or change a number
          </Link>
        </fieldset>
      )}
    </QueryState>
  );
}
