import { paths } from '../../lib/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { ButtonLink } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <Container className="flex flex-col items-start gap-4 py-20">
      <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">404</p>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Page not found</h1>
      <p className="text-slate-700 dark:text-slate-300">
        The page you are looking for does not exist or has moved.
      </p>
      <ButtonLink to={paths.home}>Go to the home page</ButtonLink>
    </Container>
  );
}
