import { paths } from '../../lib/paths.ts';
import { ButtonAnchor } from '../../ui/button.tsx';
import { Container } from '../../ui/container.tsx';

/** decisions.md: unknown paths get a "Page not found" page with links home, served with HTTP 404. */
export function NotFoundPage() {
  return (
    <Container className="flex flex-col items-start gap-4 py-20">
      <p className="text-sm font-semibold text-emerald-800 dark:text-emerald-300">404</p>
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Page not found</h1>
      <p className="text-slate-700 dark:text-slate-300">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="flex flex-wrap gap-3">
        <ButtonAnchor href={paths.home}>Go to the home page</ButtonAnchor>
        <ButtonAnchor href={paths.products} variant="secondary">
          See our financing options
        </ButtonAnchor>
      </div>
    </Container>
  );
}
