import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { AppUser } from '../session/app-session.ts';
import { useAppUser } from './app-user.tsx';

const ROLE_NAMES: Readonly<Record<AppUser['role'], string>> = {
  borrower: 'borrowers',
  lender: 'lenders',
  admin: 'Sente staff',
};

function NotForYou({ role }: { readonly role: AppUser['role'] }) {
  useDocumentTitle(`For ${ROLE_NAMES[role]}`);
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">This screen is for {ROLE_NAMES[role]}</h1>
      <p>Your account cannot use it. Everything for your account starts from your home screen.</p>
      <Link to={paths.app} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
        Go to your home screen
      </Link>
    </div>
  );
}

/**
 * A screen for one role only: anyone else is told so, with a link home (the server refuses their
 * requests anyway). Inside RequireAppUser.
 */
export function RequireRole({
  allowed,
  children,
}: {
  readonly allowed: AppUser['role'];
  readonly children: ReactNode;
}) {
  const user = useAppUser();
  return user.role === allowed ? children : <NotForYou role={allowed} />;
}
