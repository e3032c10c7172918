import { routes } from '@sente/contract';
import { useQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { createFakeFetch, delay, json, storeSession } from '../../test/fake-api.ts';
import { AdminProviders } from './admin-providers.tsx';

function Stats({ name }: { readonly name: string }) {
  const stats = useQuery({ queryKey: ['test', name], queryFn: () => api(routes.userStats), retry: false });
  return <p>{stats.data ? `${name}: ${stats.data.total_users}` : `${name} waiting`}</p>;
}

function renderBackOffice() {
  const router = createMemoryRouter(
    [
      {
        element: <AdminProviders />,
        children: [
          {
            path: '/dashboard',
            element: (
              <>
                <Stats name="users" />
                <Stats name="again" />
                <Stats name="third" />
              </>
            ),
          },
          { path: '/login', element: <h1>Admin Login</h1> },
        ],
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => queryClient.clear());

describe('the back-office session', () => {
  it('refreshes once for several calls that fail together and then shows every answer', async () => {
    storeSession('stale-access', 'refresh-1');
    const { fetch, calls } = createFakeFetch(async (call) => {
      if (call.url === '/api/token/refresh/') {
        await delay(10);
        return json(200, { access: 'fresh-access', refresh: 'refresh-2' });
      }
      if (call.authorization !== 'Bearer fresh-access') return json(401, { error: 'Token expired' });
      return json(200, { total_users: 26, active_users: 22, inactive_users: 4 });
    });
    vi.stubGlobal('fetch', fetch);
    renderBackOffice();

    for (const name of ['users', 'again', 'third'])
      expect(await screen.findByText(`${name}: 26`)).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
    expect(localStorage.getItem('refreshToken')).toBe('refresh-2');
  });

  it('signs out, forgets cached data and shows the login when the refresh is refused', async () => {
    storeSession('stale-access', 'refresh-1');
    queryClient.setQueryData(['cached'], { secret: 'loan book' });
    const { fetch, calls } = createFakeFetch((call) =>
      call.url === '/api/token/refresh/'
        ? json(401, { error: 'Refresh token revoked' })
        : json(401, { error: 'Token expired' }),
    );
    vi.stubGlobal('fetch', fetch);
    const router = renderBackOffice();

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.filter((c) => c.url === '/api/token/refresh/')).toHaveLength(1);
    expect([
      localStorage.getItem('accessToken'),
      localStorage.getItem('refreshToken'),
      localStorage.getItem('user'),
    ]).toEqual([null, null, null]);
    expect(queryClient.getQueryData(['cached'])).toBeUndefined();
  });
});
