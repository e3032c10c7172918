import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { PageHeading } from '../../shell/page-heading.tsx';
import { AuthenticatorKey, RecoveryCodes } from './recovery-codes.tsx';
import { useMfaConfirm, useMfaDisable, useMfaSetup, useMfaStatus } from './use-mfa.ts';

function errorText(error: Error): string {
  return error instanceof ApiRequestError && error.body ? error.body.error : error.message;
}

/** The signed-in admin's two-factor sign-in: set it up (key, first code, recovery codes) or turn it off. */
export function SecurityPage() {
  const status = useMfaStatus();
  const setup = useMfaSetup();
  const confirm = useMfaConfirm();
  const disable = useMfaDisable();
  const [code, setCode] = useState('');

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code, { onSuccess: () => setCode('') });
  };
  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    disable.mutate(code, {
      onSuccess: () => {
        setCode('');
        setup.reset();
        confirm.reset();
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeading title="Security" />
      <Card className="flex max-w-xl flex-col gap-4 p-6">
        <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Two-factor sign-in</h2>
        {status.isError ? <ErrorAlert>{errorText(status.error)}</ErrorAlert> : null}
        {status.isPending ? <p role="status">Loading...</p> : null}
        {confirm.data ? <RecoveryCodes codes={confirm.data.recovery_codes} /> : null}
        {status.data?.enabled ? (
          <>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Two-factor sign-in is on. {status.data.recovery_codes_left} recovery codes left.
            </p>
            {status.data.required ? (
              <p className="text-sm text-slate-600 dark:text-slate-400">
                It is required for admins on this server and cannot be turned off.
              </p>
            ) : (
              <form className="flex flex-col gap-3" onSubmit={onDisable}>
                {disable.error ? <ErrorAlert>{errorText(disable.error)}</ErrorAlert> : null}
                <TextField
                  label="Authentication code"
                  autoComplete="one-time-code"
                  required
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                />
                <Button type="submit" variant="secondary" disabled={disable.isPending}>
                  Turn off two-factor sign-in
                </Button>
              </form>
            )}
          </>
        ) : null}
        {status.data && !status.data.enabled ? (
          setup.data ? (
            <form className="flex flex-col gap-3" onSubmit={onConfirm}>
              <AuthenticatorKey secret={setup.data.secret} uri={setup.data.otpauth_uri} />
              {confirm.error ? <ErrorAlert>{errorText(confirm.error)}</ErrorAlert> : null}
              <TextField
                label="Authentication code"
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
              <Button type="submit" disabled={confirm.isPending}>
                Turn on two-factor sign-in
              </Button>
            </form>
          ) : (
            <>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator
                app on your phone.
              </p>
              {setup.error ? <ErrorAlert>{errorText(setup.error)}</ErrorAlert> : null}
              <Button onClick={() => setup.mutate()} disabled={setup.isPending}>
                Set up two-factor sign-in
              </Button>
            </>
          )
        ) : null}
      </Card>
    </div>
  );
}
