import { PASSWORD_MIN_LENGTH, passwordShapeProblem } from '@sente/contract';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { serverReason } from '../../../lib/api-error-message.ts';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ButtonLink } from '../../../ui/button-link.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { ThemeToggle } from '../../../ui/theme-toggle.tsx';
import { useResetPassword } from './use-users.ts';

interface FieldErrors {
  readonly password?: string | undefined;
  readonly confirm?: string | undefined;
}

/** Where a user lands from the one-time link an admin gave them (decisions.md). */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const reset = useResetPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {
      // The contract's shape rule; the server also refuses common passwords and says so.
      password: passwordShapeProblem(password) ?? undefined,
      confirm: confirm !== password ? 'The passwords do not match.' : undefined,
    };
    setErrors(next);
    if (next.password || next.confirm) return;
    reset.mutate({ token, password });
  };

  // Typing again clears the messages of the last attempt.
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    if (errors.password || errors.confirm) setErrors({});
    if (reset.isError) reset.reset();
  };

  const serverDetails = reset.error instanceof ApiRequestError ? reset.error.details : undefined;

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex items-center justify-between px-4 py-3">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Card className="w-full max-w-sm p-6 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Choose a new password</h1>
          {reset.isSuccess ? (
            <div className="mt-4 flex flex-col gap-4" role="status">
              <p className="text-slate-700 dark:text-slate-300">
                Your password has been changed. You have been signed out everywhere; sign in with the new
                password.
              </p>
              <ButtonLink to={paths.login}>Go to login</ButtonLink>
            </div>
          ) : !token ? (
            <div className="mt-4 flex flex-col gap-4">
              <ErrorAlert>This password reset link is incomplete. Ask an admin for a new one.</ErrorAlert>
              <Link
                to={paths.home}
                className="font-semibold text-emerald-800 underline dark:text-emerald-300"
              >
                Go to the home page
              </Link>
            </div>
          ) : (
            <form
              className="mt-6 flex flex-col gap-4"
              onSubmit={onSubmit}
              noValidate
              aria-busy={reset.isPending}
            >
              {reset.isError ? (
                <ErrorAlert>
                  {serverReason(reset.error) ?? 'Could not change the password. Please try again.'}
                </ErrorAlert>
              ) : null}
              <TextField
                label="New password"
                type="password"
                name="password"
                autoComplete="new-password"
                required
                minLength={PASSWORD_MIN_LENGTH}
                value={password}
                onChange={(event) => edit(setPassword)(event.target.value)}
                error={errors.password ?? serverDetails?.password?.[0]}
              />
              <TextField
                label="Confirm new password"
                type="password"
                name="confirm"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(event) => edit(setConfirm)(event.target.value)}
                error={errors.confirm}
              />
              <Button type="submit" disabled={reset.isPending}>
                {reset.isPending ? 'Saving...' : 'Set new password'}
              </Button>
            </form>
          )}
        </Card>
      </main>
    </div>
  );
}
