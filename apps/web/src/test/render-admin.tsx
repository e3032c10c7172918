import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { ThemeProvider } from '../lib/theme-provider.tsx';

function Where({ children }: { readonly children: ReactNode }) {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      {children}
    </>
  );
}

/** Renders back-office routes in memory with a fresh query client, starting at `path`. */
export function renderAt(path: string, routes: ReadonlyArray<{ path: string; element: ReactNode }>) {
  const router = createMemoryRouter(
    routes.map((r) => ({ path: r.path, element: <Where>{r.element}</Where> })),
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  return render(
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
