import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { failureOf } from '../../session/failure.ts';
import { useAppUser } from '../../shell/app-user.tsx';
import { formatWait, useNow } from '../../shell/use-now.ts';
import { usePhoneCodeState, useResendPhoneCode, useVerifyPhone } from './use-phone.ts';

export function VerifyPhonePage() {
  useDocumentTitle('Confirm your phone');
  const user = useAppUser();
  const navigate = useNavigate();
  const state = usePhoneCodeState(!user.phone_verified);
  const verify = useVerifyPhone();
  const resend = useResendPhoneCode();
  const [code, setCode] = useState('');
  const resendAt = state.data ? Date.parse(state.data.resend_after) : 0;
  const now = useNow(resendAt > Date.now());
  const waitSeconds = (resendAt - now) / 1000;

  if (user.phone_verified) {
    return (
      <section className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Your phone is confirmed</h1>
        <p>{user.phone_number} is confirmed on your account.</p>
        <Link to={paths.app} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
          Go to your home screen
        </Link>
      </section>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    resend.reset();
    verify.mutate(code.trim(), {
      onSuccess: () =>
        void navigate(paths.app, { replace: true, state: { notice: 'Your phone is confirmed.' } }),
    });
  };

  const onResend = () => {
    verify.reset();
    setCode('');
    resend.mutate();
  };

  const verifyFailure = verify.error ? failureOf(verify.error) : null;
  const resendFailure = resend.error ? failureOf(resend.error) : null;
  const triesLeft = state.data?.tries_left;

  return (
    <section className="flex flex-col gap-4" aria-labelledby="verify-title">
      <h1 id="verify-title" className="text-2xl font-bold">
        Confirm your phone
      </h1>
      <p className="text-slate-700 dark:text-slate-300">
        We sent a 6-digit code by SMS to <strong>{user.phone_number}</strong>. It is valid for 10 minutes. You
        need to confirm your phone before you can apply for a loan or lend.
      </p>
      {state.isError ? <ErrorAlert>{failureOf(state.error).message}</ErrorAlert> : null}
      {state.data === null ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
          No code is waiting for you. Ask for a new one below.
        </p>
      ) : null}
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
          error={
            verifyFailure?.fieldErrors.code && verifyFailure.fieldErrors.code !== verifyFailure.message
              ? verifyFailure.fieldErrors.code
              : undefined
          }
        />
        {triesLeft !== undefined ? (
          <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
            {triesLeft === 1 ? '1 try left' : `${triesLeft} tries left`} for this code.
          </p>
        ) : null}
        <Button type="submit" disabled={verify.isPending || code.length !== 6}>
          {verify.isPending ? 'Checking...' : 'Confirm'}
        </Button>
      </form>
      <div className="flex flex-col gap-2 border-t border-slate-200 pt-4 dark:border-slate-800">
        <p className="text-slate-700 dark:text-slate-300">No SMS after a minute?</p>
        {resend.isSuccess ? (
          <p role="status" className="text-emerald-800 dark:text-emerald-300">
            A new code is on its way. The old one no longer works.
          </p>
        ) : null}
        {resendFailure ? <ErrorAlert>{resendFailure.message}</ErrorAlert> : null}
        <Button variant="secondary" onClick={onResend} disabled={resend.isPending || waitSeconds > 0}>
          {resend.isPending
            ? 'Sending...'
            : waitSeconds > 0
              ? `Send a new code in ${formatWait(waitSeconds)}`
              : 'Send a new code'}
        </Button>
      </div>
    </section>
  );
}
