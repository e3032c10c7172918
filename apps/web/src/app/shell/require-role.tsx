import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { AppUser } from '../session/app-session.ts';
import { useAppUser } from './app-user.tsx';

type AppRole = Exclude<AppUser['role'], 'admin'>;

/** A screen of one role: anyone else is told whose screen it is and given the way home. */
export function RequireRole({
  forRole,
  children,
}: {
  readonly forRole: AppRole;
  readonly children: ReactNode;
}) {
  const user = useAppUser();
  return user.role === forRole ? children : <WrongRole forRole={forRole} />;
}

function WrongRole({ forRole: role }: { readonly forRole: AppRole }) {
  useDocumentTitle(`For ${role}s`);
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">This screen is for {role}s</h1>
      <p>Your account cannot use it.</p>
      <Link to={paths.app} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
        Go to your home screen
      </Link>
    </section>
  );
}
