import { type FormEvent, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ErrorAlert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { TextField } from '../../../ui/field.tsx';
import type { Failure } from '../../session/failure.ts';
import { useAppSession } from '../../session/use-app-session.ts';
import { AuthLayout } from '../../shell/auth-layout.tsx';
import { loadSignIn } from './load-sign-in.ts';
import { type AccountRole, RoleChoice } from './role-choice.tsx';

function roleFrom(value: string | null): AccountRole | null {
  return value === 'borrower' || value === 'lender' ? value : null;
}

/** The server's conflicts name no field; these belong to one. */
const FIELD_OF_CODE: Readonly<Record<string, string>> = {
  EMAIL_TAKEN: 'email',
  PHONE_TAKEN: 'phone_number',
};

function fieldErrorsOf(failure: Failure | null): Readonly<Record<string, string>> {
  if (!failure) return {};
  const field = failure.code ? FIELD_OF_CODE[failure.code] : undefined;
  return field ? { ...failure.fieldErrors, [field]: failure.message } : failure.fieldErrors;
}

export function RegisterPage() {
  useDocumentTitle('Create your account');
  const navigate = useNavigate();
  const session = useAppSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const role = roleFrom(searchParams.get('role'));
  const [fields, setFields] = useState({ name: '', email: '', phone_number: '', password: '' });
  // Stays true after success until the next screen replaces this one, so the page never redirects itself.
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);

  if (session !== null && !isPending) return <Navigate to={paths.app} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!role) return;
    setPending(true);
    setFailure(null);
    try {
      const { register } = await loadSignIn();
      const outcome = await register({ role, ...fields });
      if (outcome.kind === 'failed') {
        setFailure(outcome.failure);
        setPending(false);
        return;
      }
      await navigate(paths.appVerifyPhone, {
        replace: true,
        state: { phoneCode: outcome.answer.phone_code },
      });
    } catch {
      setPending(false);
      setFailure({
        message: 'Sente could not load. Check your connection and try again; what you typed is kept.',
        fieldErrors: {},
        status: 0,
        code: null,
      });
    }
  };

  const errors = fieldErrorsOf(failure);
  const hasFieldErrors = Object.keys(errors).length > 0;
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  return (
    <AuthLayout
      title="Create your account"
      intro={role ? null : 'First tell us what you want to do on Sente.'}
    >
      {role === null ? (
        <RoleChoice />
      ) : (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => void onSubmit(event)}
          onFocus={() => void loadSignIn().catch(() => undefined)}
          aria-busy={isPending}
        >
          <p className="flex flex-wrap items-center gap-x-2 text-slate-800 dark:text-slate-200">
            <span>
              Signing up as <strong>{role === 'borrower' ? 'a business that borrows' : 'a lender'}</strong>.
            </span>
            <button
              type="button"
              className="min-h-11 font-semibold text-emerald-800 underline dark:text-emerald-300"
              onClick={() => setSearchParams({})}
            >
              Change
            </button>
          </p>
          {failure ? (
            <ErrorAlert>
              {hasFieldErrors && !FIELD_OF_CODE[failure.code ?? '']
                ? 'Some details need a change: see the messages under the fields.'
                : failure.message}
            </ErrorAlert>
          ) : null}
          <TextField
            label="Full name"
            name="name"
            autoComplete="name"
            required
            value={fields.name}
            onChange={set('name')}
            error={errors.name}
          />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={fields.email}
            onChange={set('email')}
            error={errors.email}
          />
          <TextField
            label="Mobile number"
            type="tel"
            name="phone_number"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0772 123 456"
            required
            value={fields.phone_number}
            onChange={set('phone_number')}
            error={errors.phone_number}
          />
          <p className="-mt-2 text-sm text-slate-600 dark:text-slate-400">
            We send a 6-digit code to this number. Loans are paid to it and repayments are asked from it.
          </p>
          <TextField
            label="Password (at least 8 characters)"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            minLength={8}
            value={fields.password}
            onChange={set('password')}
            error={errors.password}
          />
          <Button type="submit" disabled={isPending}>
            {isPending ? 'Creating your account...' : 'Create account'}
          </Button>
        </form>
      )}
      <p className="mt-6 text-slate-700 dark:text-slate-300">
        Already on Sente?{' '}
        <Link to={paths.appLogin} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
          Sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
