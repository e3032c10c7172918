import { type MfaChallenge, type RouteResponse, routes } from '@sente/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiRequestError, api } from '../../../lib/api-client.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import { AuthenticatorKey } from './recovery-codes.tsx';

export type MfaLoginAnswer = RouteResponse<typeof routes.loginMfa>;

function errorText(error: Error): string {
  if (error instanceof ApiRequestError && error.body) return error.body.error;
  return 'Login failed. Please try again.';
}

/**
 * The second step of an admin sign-in: the code from the authenticator (or a recovery code). With
 * ADMIN_MFA=required and no authenticator yet, it first shows the key to set one up.
 */
export function MfaLoginStep({
  challenge,
  onSignedIn,
  onCancel,
}: {
  readonly challenge: MfaChallenge;
  readonly onSignedIn: (answer: MfaLoginAnswer) => void;
  readonly onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const setup = useQuery({
    queryKey: ['loginMfaSetup', challenge.mfa_token],
    queryFn: ({ signal }) => api(routes.loginMfaSetup, { body: { mfa_token: challenge.mfa_token }, signal }),
    enabled: challenge.mfa_setup_required,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const verify = useMutation({
    mutationFn: (body: { mfa_token: string; code: string }) => api(routes.loginMfa, { body }),
    onSuccess: onSignedIn,
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    verify.mutate({ mfa_token: challenge.mfa_token, code });
  };
  const failure = verify.error ?? setup.error;

  return (
    <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} aria-busy={verify.isPending}>
      {failure ? <ErrorAlert>{errorText(failure)}</ErrorAlert> : null}
      {challenge.mfa_setup_required ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Two-factor sign-in is required for admins. Set up an authenticator app to continue.
          </p>
          {setup.data ? <AuthenticatorKey secret={setup.data.secret} uri={setup.data.otpauth_uri} /> : null}
          {setup.isPending ? <p role="status">Loading...</p> : null}
        </>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Enter the 6-digit code from your authenticator app, or one of your recovery codes.
        </p>
      )}
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        required
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={verify.error instanceof ApiRequestError ? verify.error.details?.code?.[0] : undefined}
      />
      <Button type="submit" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Back to sign in
      </Button>
    </form>
  );
}
