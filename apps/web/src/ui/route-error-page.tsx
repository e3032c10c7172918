import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Container } from './container.tsx';

/** Last resort for a render or loading error, e.g. a lazy chunk that vanished after a deploy. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <Container className="flex flex-col items-start gap-4 py-20">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Something went wrong</h1>
      <p className="text-slate-700 dark:text-slate-300">{detail}</p>
      <a href="/" className="font-semibold text-emerald-800 underline dark:text-emerald-300">
        Reload the home page
      </a>
    </Container>
  );
}
