import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminUser, createFakeFetch, delay, json, storeSession } from '../../test/fake-api.ts';
import { renderAt } from '../../test/render-admin.tsx';
import { RequireAdmin } from './require-admin.tsx';

function renderGuarded() {
  return renderAt('/dashboard/users', [
    { path: '/login', element: <h1>Admin Login</h1> },
    {
      path: '/dashboard/users',
      element: (
        <RequireAdmin>
          <h1>User Management</h1>
        </RequireAdmin>
      ),
    },
  ]);
}

describe('RequireAdmin', () => {
  it('redirects a signed-out visitor to /login', async () => {
    renderGuarded();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('shows Loading... while the session is checked, then the page', async () => {
    storeSession('a1', 'r1');
    const { fetch } = createFakeFetch(() => delay(20).then(() => json(200, adminUser)));
    vi.stubGlobal('fetch', fetch);
    renderGuarded();

    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'User Management' })).toBeTruthy();
  });

  it('signs out a non-admin and sends them to /login', async () => {
    storeSession('a1', 'r1', { ...adminUser, role: 'lender' });
    const { fetch } = createFakeFetch(() => json(200, { ...adminUser, role: 'lender' }));
    vi.stubGlobal('fetch', fetch);
    renderGuarded();

    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
