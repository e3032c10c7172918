import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button-link.tsx';

export function AdminNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex flex-col items-start gap-4">
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Page not found</h1>
      <p className="text-slate-700 dark:text-slate-300">There is no back-office page at this address.</p>
      <ButtonLink to={paths.dashboard}>Back to the dashboard</ButtonLink>
    </div>
  );
}
