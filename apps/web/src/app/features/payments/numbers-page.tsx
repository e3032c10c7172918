import { formatKampalaDateTime, formatUgx, type PaymentNumbers, ugxOrZero } from '@sente/contract';
import { type FormEvent, useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { failureOf } from '../../session/failure.ts';
import { focusFirstError } from '../../shell/focus-first-error.ts';
import { QueryState } from '../../shell/query-state.tsx';
import { formatWait, useNow } from '../../shell/use-now.ts';
import {
  useAddPaymentNumber,
  usePaymentNumbers,
  useRemovePaymentNumber,
  useResendPaymentNumberCode,
  useVerifyPaymentNumber,
} from './use-payment-numbers.ts';

/**
 * /app/numbers: the numbers money may move to and from. The phone on file, and one more number the
 * user adds and confirms with a code sent to it by SMS; withdrawals to it start 24 hours later.
 */
export function NumbersPage() {
  useDocumentTitle('Your mobile-money numbers');
  const numbers = usePaymentNumbers();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">Your mobile-money numbers</h1>
      <QueryState query={numbers} label="your mobile-money numbers">
        {(current) => <Numbers current={current} />}
      </QueryState>
    </div>
  );
}

function Numbers({ current }: { readonly current: PaymentNumbers }) {
  const onFile = current.numbers.find((n) => n.kind === 'on_file');
  const added = current.numbers.find((n) => n.kind === 'added');
  const { limits } = current;
  return (
    <>
      <p className="text-slate-700 dark:text-slate-300">
        Money moves only to and from your own numbers. You can pay in or withdraw up to{' '}
        {formatUgx(ugxOrZero(limits.per_transaction))} at a time and {formatUgx(ugxOrZero(limits.per_day))} a
        day each way.
      </p>
      <section aria-labelledby="on-file-title" className="flex flex-col gap-2">
        <h2 id="on-file-title" className="text-lg font-bold">
          The number on your account
        </h2>
        {onFile ? (
          <p>
            {onFile.phone_number}: {onFile.confirmed_at ? 'confirmed.' : 'not confirmed yet.'}
          </p>
        ) : (
          <p>Your account has no phone number.</p>
        )}
      </section>
      <section aria-labelledby="added-title" className="flex flex-col gap-3">
        <h2 id="added-title" className="text-lg font-bold">
          Another number
        </h2>
        {!added ? (
          <AddNumber />
        ) : added.confirmed_at ? (
          <>
            <p>
              {added.phone_number}: confirmed. You can pay from it now.{' '}
              {added.can_pay_out
                ? 'You can withdraw to it.'
                : `Withdrawals to it start on ${formatKampalaDateTime(added.payouts_from)}, 24 hours after you confirmed it.`}
            </p>
            <RemoveNumber phoneNumber={added.phone_number} />
          </>
        ) : (
          <>
            <ConfirmNumber phoneNumber={added.phone_number} code={current.code} />
            <RemoveNumber phoneNumber={added.phone_number} />
          </>
        )}
      </section>
    </>
  );
}

function AddNumber() {
  const add = useAddPaymentNumber();
  const [phone, setPhone] = useState('');
  const failure = add.error ? failureOf(add.error) : null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    add.mutate(phone.trim(), { onError: () => focusFirstError(form) });
  };
  return (
    <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate aria-busy={add.isPending}>
      <p className="text-slate-700 dark:text-slate-300">
        You can add one more MTN MoMo or Airtel Money number. We send a 6-digit code to it by SMS. You can pay
        from it once you confirm it; withdrawals to it start 24 hours later.
      </p>
      <TextField
        label="Mobile-money number to add"
        type="tel"
        name="phone_number"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.target.value)}
        error={failure?.fieldErrors.phone_number}
      />
      {failure && !failure.fieldErrors.phone_number ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Sending...' : 'Send a code'}
      </Button>
    </form>
  );
}

function ConfirmNumber({
  phoneNumber,
  code: state,
}: {
  readonly phoneNumber: string;
  readonly code: PaymentNumbers['code'];
}) {
  const verify = useVerifyPaymentNumber();
  const resend = useResendPaymentNumberCode();
  const [code, setCode] = useState('');
  const resendAt = state ? Date.parse(state.resend_after) : 0;
  const now = useNow(resendAt > Date.now());
  const waitSeconds = (resendAt - now) / 1000;
  const verifyFailure = verify.error ? failureOf(verify.error) : null;
  const resendFailure = resend.error ? failureOf(resend.error) : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    resend.reset();
    verify.mutate(code.trim(), { onSuccess: () => setCode('') });
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700 dark:text-slate-300">
        We sent a 6-digit code by SMS to <strong>{phoneNumber}</strong>. It is valid for 10 minutes.
      </p>
      <form className="flex flex-col gap-4" onSubmit={onSubmit} aria-busy={verify.isPending}>
        {verifyFailure ? <ErrorAlert>{verifyFailure.message}</ErrorAlert> : null}
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        {state ? (
          <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
            {state.tries_left === 1 ? '1 try left' : `${state.tries_left} tries left`} for this code.
          </p>
        ) : null}
        <Button type="submit" disabled={verify.isPending || code.length !== 6}>
          {verify.isPending ? 'Checking...' : 'Confirm'}
        </Button>
      </form>
      {resend.isSuccess ? (
        <p role="status" className="text-emerald-800 dark:text-emerald-300">
          A new code is on its way. The old one no longer works.
        </p>
      ) : null}
      {resendFailure ? <ErrorAlert>{resendFailure.message}</ErrorAlert> : null}
      <Button
        variant="secondary"
        onClick={() => {
          verify.reset();
          resend.mutate(undefined);
        }}
        disabled={resend.isPending || waitSeconds > 0}
      >
        {resend.isPending
          ? 'Sending...'
          : waitSeconds > 0
            ? `Send a new code in ${formatWait(waitSeconds)}`
            : 'Send a new code'}
      </Button>
    </div>
  );
}

function RemoveNumber({ phoneNumber }: { readonly phoneNumber: string }) {
  const remove = useRemovePaymentNumber();
  const failure = remove.error ? failureOf(remove.error) : null;
  return (
    <div className="flex flex-col gap-2">
      {failure ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
      <Button variant="secondary" onClick={() => remove.mutate(undefined)} disabled={remove.isPending}>
        {remove.isPending ? 'Removing...' : `Remove ${phoneNumber}`}
      </Button>
    </div>
  );
}
