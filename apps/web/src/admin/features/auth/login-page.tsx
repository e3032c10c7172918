import { type MfaChallenge, routes } from '@sente/contract';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiRequestError, api } from '../../../lib/api-client.ts';
import { paths } from '../../../lib/paths.ts';
import { clearSession, saveSession } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { TextField } from '../../../ui/field.tsx';
import { Logo } from '../../../ui/logo.tsx';
import { ThemeToggle } from '../../../ui/theme-toggle.tsx';
import { NO_ADMIN_ACCESS_MESSAGE } from '../../shell/require-admin.tsx';
import { type MfaLoginAnswer, MfaLoginStep } from './mfa-login-step.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

export const LOGIN_FAILED_MESSAGE = 'Login failed. Please try again.';

class NotAdminError extends Error {}

/** The server's error text, or the spec's fallback (section 8, Login and session). */
function loginErrorMessage(error: Error): string {
  if (error instanceof NotAdminError) return error.message;
  if (error instanceof ApiRequestError && error.body) return error.body.error;
  return LOGIN_FAILED_MESSAGE;
}

function readNotice(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'notice' in state && typeof state.notice === 'string') {
    return state.notice;
  }
  return null;
}

export function LoginPage() {
  useDocumentTitle('Admin Login');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Admins with two-factor sign-in: the challenge after the password, then (at a first setup) the
  // recovery codes to show once before going on.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<readonly string[] | null>(null);

  const login = useMutation({
    mutationFn: async (body: { email: string; password: string }) => {
      const answer = await api(routes.login, { body });
      if ('mfa_required' in answer) return answer;
      // Only admins may hold a back-office session (spec section 6).
      if (answer.user.role !== 'admin') throw new NotAdminError(NO_ADMIN_ACCESS_MESSAGE);
      return answer;
    },
    onSuccess: async (answer) => {
      if ('mfa_required' in answer) {
        setChallenge(answer);
        return;
      }
      saveSession(answer);
      await navigate(paths.dashboard, { replace: true });
    },
    onError: () => clearSession(),
  });

  const onSecondStep = async (answer: MfaLoginAnswer) => {
    saveSession(answer);
    if (answer.recovery_codes) setRecoveryCodes(answer.recovery_codes);
    else await navigate(paths.dashboard, { replace: true });
  };

  if (session?.user.role === 'admin' && !login.isPending && !login.isSuccess) {
    return <Navigate to={paths.dashboard} replace />;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  const message = login.error ? loginErrorMessage(login.error) : readNotice(location.state);
  const details = login.error instanceof ApiRequestError ? login.error.details : undefined;

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="flex items-center justify-between px-4 py-3">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Card className="w-full max-w-sm p-6 sm:p-8">
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Sign in to the Sente back-office.</p>
          {recoveryCodes ? (
            <div className="mt-6 flex flex-col gap-4">
              <RecoveryCodes codes={recoveryCodes} />
              <Button onClick={() => void navigate(paths.dashboard, { replace: true })}>Continue</Button>
            </div>
          ) : challenge ? (
            <MfaLoginStep
              challenge={challenge}
              onSignedIn={(answer) => void onSecondStep(answer)}
              onCancel={() => {
                setChallenge(null);
                setPassword('');
                login.reset();
              }}
            />
          ) : (
            <form className="mt-6 flex flex-col gap-4" onSubmit={onSubmit} aria-busy={login.isPending}>
              {message ? <ErrorAlert>{message}</ErrorAlert> : null}
              <TextField
                label="Email"
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={details?.email?.[0]}
              />
              <TextField
                label="Password"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={details?.password?.[0]}
              />
              <Button type="submit" disabled={login.isPending}>
                {login.isPending ? 'Logging in...' : 'Login'}
              </Button>
            </form>
          )}
        </Card>
      </main>
    </div>
  );
}
