import { formatUgx } from '@sente/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useState } from 'react';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { RadioCard } from '../../../ui/radio-card.tsx';
import { failureOf } from '../../session/failure.ts';
import { isUnanswered } from '../../session/same-key-retry.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { NumberChoice } from '../payments/number-choice.tsx';
import { useDeposit, useWithdraw, WALLET_QUERIES } from './use-wallet.ts';
import { checkWalletRequest, type WalletAction } from './wallet-checks.ts';

export interface WalletDraft {
  readonly action: WalletAction;
  readonly amount: string;
  readonly phone: string;
  /** The payment under way, so a reload or a killed tab comes back to its state. */
  readonly pending: { readonly id: number; readonly action: WalletAction; readonly startedAt: number } | null;
}

const ACTIONS = [
  { value: 'deposit', label: 'Deposit: add money from mobile money' },
  { value: 'withdraw', label: 'Withdraw: send money to your phone' },
] as const;

export function WalletForm({
  draft,
  available,
  onChange,
}: {
  readonly draft: WalletDraft;
  /** Cash available; null while unknown. */
  readonly available: number | null;
  readonly onChange: (patch: Partial<WalletDraft>) => void;
}) {
  const queryClient = useQueryClient();
  const deposit = useDeposit();
  const withdraw = useWithdraw();
  const request = draft.action === 'deposit' ? deposit : withdraw;
  const [checkErrors, setCheckErrors] = useState<Record<string, string | undefined>>({});
  const failure = request.error ? failureOf(request.error, { isKeyed: true }) : null;
  const errors = { ...failure?.fieldErrors, ...checkErrors };
  const isWithdraw = draft.action === 'withdraw';
  const choosePhone = useCallback((phone: string) => onChange({ phone }), [onChange]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const check = checkWalletRequest({
      action: draft.action,
      amount: draft.amount,
      phone: draft.phone,
      available,
    });
    request.reset();
    if (!check.isValid) {
      setCheckErrors(check.errors);
      focusFirstError(form);
      return;
    }
    setCheckErrors({});
    const action = draft.action;
    request.mutate(check.body, {
      onSuccess: (transaction) =>
        onChange({ pending: { id: transaction.id, action, startedAt: Date.now() } }),
      onError: (error) => {
        focusFirstError(form);
        // A refusal may mean the cash changed elsewhere (a bid, another phone): show what there is now.
        if (!isUnanswered(error)) {
          for (const queryKey of WALLET_QUERIES) void queryClient.invalidateQueries({ queryKey });
        }
      },
    });
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={onSubmit} noValidate aria-busy={request.isPending}>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
          What do you want to do?
        </legend>
        {ACTIONS.map((choice) => (
          <RadioCard
            key={choice.value}
            name="action"
            value={choice.value}
            checked={draft.action === choice.value}
            onChange={() => {
              setCheckErrors({});
              onChange({ action: choice.value });
            }}
          >
            {choice.label}
          </RadioCard>
        ))}
      </fieldset>
      <TextField
        label="Amount (UGX)"
        name="amount"
        inputMode="numeric"
        autoComplete="off"
        value={draft.amount}
        onChange={(event) => onChange({ amount: event.target.value })}
        hint={
          isWithdraw && available !== null
            ? `You can withdraw up to ${formatUgx(available)}.`
            : 'Whole shillings, like 50,000.'
        }
        error={errors.amount}
      />
      <NumberChoice
        use={isWithdraw ? 'payout' : 'collect'}
        value={draft.phone}
        onChange={choosePhone}
        error={errors.phone_number}
      />
      {failure && Object.keys(failure.fieldErrors).length === 0 ? (
        <ErrorAlert>{failure.message}</ErrorAlert>
      ) : null}
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? 'Sending the request...' : isWithdraw ? 'Withdraw' : 'Deposit'}
      </Button>
    </form>
  );
}
