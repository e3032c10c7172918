import { Link } from 'react-router';
import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';

export function AppNotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p>This screen does not exist in the Sente app.</p>
      <Link to={paths.app} className="font-semibold text-emerald-800 underline dark:text-emerald-300">
        Go to your home screen
      </Link>
    </section>
  );
}
