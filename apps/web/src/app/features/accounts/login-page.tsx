import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import type { Failure } from '../../session/failure.ts';
import { useAppSession } from '../../session/use-app-session.ts';
import { AuthLayout } from '../../shell/auth-layout.tsx';
import { loadSignIn } from './load-sign-in.ts';

export const ADMIN_USE_BACK_OFFICE_NOTICE =
  'This is an admin account with two-factor sign-in: sign in here, on the back-office login.';

/** Where a guard sent the person from, to return there after signing in. */
function returnPath(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('/app') ? state.from : paths.app;
  }
  return paths.app;
}

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useAppSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Stays true after success until the next screen replaces this one, so the page never redirects itself.
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  if (session !== null && !isPending) return <Navigate to={returnPath(location.state)} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      const { signIn } = await loadSignIn();
      const outcome = await signIn({ email, password });
      if (outcome.kind === 'failed') {
        setFailure(outcome.failure);
        setPending(false);
        return;
      }
      if (outcome.kind === 'admin') {
        await navigate(paths.dashboard, { replace: true });
        return;
      }
      if (outcome.kind === 'admin-mfa') {
        await navigate(paths.login, { replace: true, state: { notice: ADMIN_USE_BACK_OFFICE_NOTICE } });
        return;
      }
      const next = outcome.user.phone_verified ? returnPath(location.state) : paths.appVerifyPhone;
      await navigate(next, { replace: true });
    } catch {
      // The sign-in code itself did not download: the network is gone.
      setPending(false);
      setFailure({
        message: 'Sente could not load. Check your connection and try again.',
        fieldErrors: {},
        status: 0,
        code: null,
      });
    }
  };

  return (
    <AuthLayout title="Sign in" intro="For businesses borrowing and lenders on Sente.">
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => void onSubmit(event)}
        onFocus={() => void loadSignIn().catch(() => undefined)}
        aria-busy={isPending}
      >
        {failure ? <ErrorAlert>{failure.message}</ErrorAlert> : null}
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={failure?.fieldErrors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={failure?.fieldErrors.password}
        />
        <Button type="submit" disabled={isPending}>
          {isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        New to Sente?{' '}
        <Link
          to={paths.appRegister}
          className="font-semibold text-emerald-800 underline dark:text-emerald-300"
        >
          Create an account
        </Link>
      </p>
    </AuthLayout>
  );
}
